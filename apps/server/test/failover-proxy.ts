import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny load balancer for cluster tests: each request goes to the first target of its
 * preference order that accepts the connection. Streams (SSE) are piped through untouched.
 */
export async function startFailoverProxy(
  targets: () => string[],
  order: (request: http.IncomingMessage, targets: string[]) => string[] = (_request, all) => all,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const attempt = (candidates: string[]) => {
      const [target, ...rest] = candidates;
      if (!target) {
        response.writeHead(502).end('no node answered');
        return;
      }
      const upstream = http.request(
        `${target}${request.url}`,
        { method: request.method, headers: { ...request.headers, host: new URL(target).host } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          response.on('close', () => answer.destroy());
          // A node that dies mid-stream must drop the client too, as a real balancer would.
          answer.on('error', () => response.destroy());
          answer.on('aborted', () => response.destroy());
          answer.on('close', () => {
            if (!answer.complete) response.destroy();
          });
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!response.headersSent && (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET'))
          attempt(rest);
        else response.destroy();
      });
      upstream.end(body);
    };
    attempt(order(request, targets()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
