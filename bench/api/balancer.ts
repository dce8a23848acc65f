import { connect, createServer, type Socket } from 'node:net';

// The loopback balancer in front of several PostgreSQL nodes (`--nodes 2`): a TCP (layer 4)
// round robin, as HAProxy in TCP mode or a cloud network load balancer does. Each client
// connection goes to the next node and keeps it; bytes are piped both ways and never parsed.
//
// Why TCP and not an HTTP proxy: an HTTP proxy on this machine would parse every request and
// response again on the same two cores the nodes use, which a deployment's balancer (another
// machine) does not cost them. Piping still costs this process a read and a write per chunk
// each way, on the same cores: the balancer's cost is counted against the nodes, not hidden.
// Autocannon keeps its 50 connections open, so they split 25 and 25.

export interface Balancer {
  url: string;
  close(): Promise<void>;
}

/** Listens on a free loopback port and spreads connections over `nodes` in turn. */
export function startBalancer(nodes: readonly URL[]): Promise<Balancer> {
  let next = 0;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const node = nodes[next++ % nodes.length];
    if (!node) return client.destroy();
    const upstream = connect({ host: node.hostname, port: Number(node.port), noDelay: true });
    client.setNoDelay(true);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
    }
    // Either side failing or ending takes the other down with it.
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of open) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
