import http from 'node:http';
import https from 'node:https';

// Kept-alive connections to the other nodes, so a forwarded request costs no handshake. An idle
// one is closed after 4 s, before the other side's keep-alive timeout (Node's 5 s at the least)
// can close it under a request: that would read as a node gone.
const KEEP_ALIVE = { keepAlive: true, timeout: 4000 };
const agents = { http: new http.Agent(KEEP_ALIVE), https: new https.Agent(KEEP_ALIVE) };

/** The other node sent nothing for the whole timeout: it may only be busy. */
export class NodeTimeoutError extends Error {
  override name = 'NodeTimeoutError';
}

/**
 * POSTs a JSON body to another node (NODE_URL, or a worker's own port) and reads its answer;
 * rejects with NodeTimeoutError when the node stays silent for `timeoutMs`, or with the
 * connection's error when it cannot be reached. node:http rather than fetch: in Node 20 fetch
 * cost about four times the CPU per request on loopback (1.2–1.9 ms against 0.3–0.6 ms for a
 * small POST, client and server together), and with WORKERS on PostgreSQL most subscription
 * POSTs are forwarded.
 */
export function postToNode(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  const secure = url.startsWith('https:');
  const send = secure ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      timeout: timeoutMs,
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 502, text }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new NodeTimeoutError()));
    request.on('error', reject);
    request.end(body);
  });
}
