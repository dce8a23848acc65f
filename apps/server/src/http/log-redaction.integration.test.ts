import { randomBytes } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { APP_PATHS } from '@airgrid/schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpOwner } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { isSecretParam } from './log-redaction.js';

// The server's real log, read line by line, while requests carry secrets in every place a URL
// can: the secret never appears, and the lines that would have held it are there (redacted).

const lines: string[] = [];
const registered = new Set<string>();
let server: TestServer;

beforeAll(async () => {
  const watch = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      registered.add(route.url);
    });
  };
  subscribe('fastify.initialization', watch);
  try {
    server = await startTestServer({
      // Debug: the "incoming request" line too.
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (line) => lines.push(line) },
    });
  } finally {
    unsubscribe('fastify.initialization', watch);
  }
});

afterAll(async () => {
  await server?.stop();
});

/** A secret no log line may hold; long and random, so a match is never chance. */
const secret = () => randomBytes(24).toString('base64url');

/** The log written while `work` ran its `requests`, once each one's completed line is out. */
async function logOf(requests: number, work: () => Promise<unknown>): Promise<string> {
  const from = lines.length;
  await work();
  // A completed line is written after the answer has gone, so it may trail the client a little.
  const completed = () =>
    lines.slice(from).filter((line) => line.includes('"msg":"request completed"')).length;
  await vi.waitFor(() => expect(completed()).toBe(requests));
  return lines.slice(from).join('');
}

describe('secrets in URLs stay out of the log', () => {
  it('redacts tokens in paths, secret query values and credentials in every line', async () => {
    const owner = await signUpOwner(server);
    const { key } = await owner.pb.send<{ key: string }>('/api/v1/api-keys', {
      method: 'POST',
      body: { name: 'Script', role: 'viewer' },
    });
    const { token: fileToken } = await owner.pb.send<{ token: string }>('/api/files/token', {
      method: 'POST',
    });
    const secrets = {
      submissionStatus: secret(),
      invite: secret(),
      inviteWrongMethod: secret(),
      pageStatus: secret(),
      resetLink: secret(),
      oauth2Code: secret(),
      oauth2State: secret(),
      apiKey: key,
      fileToken,
    };
    const requests: [string, RequestInit?][] = [
      [`/api/v1/submissions/status/${secrets.submissionStatus}`],
      [`/api/v1/invites/${secrets.invite}`],
      // No route answers a POST here: its line is logged all the same.
      [`/api/v1/invites/${secrets.inviteWrongMethod}`, { method: 'POST' }],
      // The web app's pages, answered by its fallback.
      [`/submission/status/${secrets.pageStatus}`],
      [`/auth/reset-password?token=${secrets.resetLink}`],
      [`/api/oauth2-redirect?code=${secrets.oauth2Code}&state=${secrets.oauth2State}`],
      // An API key is refused in a query string, under any name.
      [`/api/collections/channels/records?token=${secrets.apiKey}`],
      [`/api/collections/channels/records?perPage=1&auth=${secrets.apiKey}`],
      [`/api/files/shows/abc123def456ghi/media.mp4?token=${secrets.fileToken}`],
    ];
    const log = await logOf(requests.length, async () => {
      for (const [path, init] of requests) await (await server.fetch(path, init)).arrayBuffer();
    });

    for (const [name, value] of Object.entries(secrets))
      expect(log.includes(value), `${name} in the log`).toBe(false);
    // Not because nothing was logged: each request has its lines, redacted.
    const completed = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg?: string; url?: string })
      .filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => line.url)).toEqual([
      '/api/v1/submissions/status/[redacted]',
      '/api/v1/invites/[redacted]',
      '/api/v1/invites/[redacted]',
      '/submission/status/[redacted]',
      '/auth/reset-password?token=[redacted]',
      '/api/oauth2-redirect?code=[redacted]&state=[redacted]',
      '/api/collections/channels/records?token=[redacted]',
      '/api/collections/channels/records?perPage=1&auth=[redacted]',
      '/api/files/shows/abc123def456ghi/media.mp4?token=[redacted]',
    ]);
    expect(log).toContain('"msg":"incoming request"');
  });

  it('knows every route parameter of the server and the web app as a secret or not', () => {
    // A new route or page with a parameter of a new name fails here until it is named: as
    // public below, or as a secret (`:token`, a name ending in Token or Secret), which the log
    // then redacts.
    const publicParams = new Set([
      // The server's routes.
      'collection',
      'id',
      'recordId',
      'filename',
      'file',
      'organization',
      'target',
      'key',
      'segment',
      'station',
      'package',
      // The web app's pages.
      'org',
      'channel',
      'show',
      'podcast',
      'track',
      'member',
      'endpoint',
      'section',
      'campaign',
    ]);
    const unnamed = new Set<string>();
    for (const route of [...registered, ...APP_PATHS])
      for (const match of route.matchAll(/:(\w+)/g)) {
        const name = match[1] ?? '';
        if (!isSecretParam(name) && !publicParams.has(name)) unnamed.add(`${route} (:${name})`);
      }
    expect([...unnamed]).toEqual([]);
    expect([...registered]).toContain('/api/v1/submissions/status/:token');
  });
});
