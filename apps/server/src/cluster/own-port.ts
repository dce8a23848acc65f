import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface OwnPort {
  port: number;
  /** Stops accepting, lets requests in flight finish, drops idle keep-alive connections. */
  close(): Promise<void>;
}

/**
 * A port for this worker alone (WORKERS > 1 on PostgreSQL), serving the same app as the shared
 * one. On the shared port the primary hands each connection to whichever worker's turn it is,
 * but a subscription POST forwarded to the node holding a stream must reach that very worker:
 * each worker registers this port as its node address. `exclusive` keeps node:cluster from
 * sharing the listening socket with the other workers (port 0 would otherwise be one port for
 * all of them).
 */
export async function listenOnOwnPort(app: FastifyInstance, host: string): Promise<OwnPort> {
  const server = createServer((request, response) => app.routing(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
