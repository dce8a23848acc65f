import { afterEach, describe, expect, it } from 'vitest';
import { type FakeCablecastServer, startCablecastServer } from '../../../test/cablecast-server.js';
import { createGuardedFetch } from '../../outbound/guarded-fetch.js';
import { createCablecastClient } from './cablecast-client.js';
import { testConnection } from './cablecast-connection.js';

// "Test connection" against the fake Cablecast server on loopback.

/** The fake server is on loopback, which the client refuses unless allowed. */
const loopback = createGuardedFetch({ allowPrivate: true });

let server: FakeCablecastServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('testConnection', () => {
  it('reports the channels and the show count of a reachable server', async () => {
    server = await startCablecastServer();
    const report = await testConnection(
      createCablecastClient({ fetch: loopback, baseUrl: server.url }),
    );
    expect(report).toEqual({
      ok: true,
      apiBase: server.apiBase,
      signedIn: false,
      channels: [
        { id: 1, name: 'Community 15' },
        { id: 2, name: 'Government 16' },
      ],
      showCount: 5,
    });
  });

  it('says it signed in when given credentials the server accepts', async () => {
    server = await startCablecastServer({
      user: 'admin',
      password: 'secret',
      requireAuthForReads: true,
    });
    const client = createCablecastClient({
      fetch: loopback,
      baseUrl: server.url,
      apiKey: 'admin:secret',
    });
    expect(await testConnection(client)).toMatchObject({ ok: true, signedIn: true, showCount: 5 });
  });

  it('reports refused credentials with their status', async () => {
    server = await startCablecastServer({ user: 'admin', password: 'secret' });
    const client = createCablecastClient({
      fetch: loopback,
      baseUrl: server.url,
      apiKey: 'admin:nope',
    });
    expect(await testConnection(client)).toEqual({
      ok: false,
      apiBase: server.apiBase,
      kind: 'unauthorized',
      message: 'The server refused the user name or password (401).',
      status: 401,
    });
  });

  it('reports a web server that is not Cablecast', async () => {
    server = await startCablecastServer();
    server.notCablecast = true;
    const report = await testConnection(
      createCablecastClient({ fetch: loopback, baseUrl: server.url }),
    );
    expect(report).toMatchObject({ ok: false, kind: 'not-cablecast', status: 200 });
  });

  it('reports a server that stops answering after the channels', async () => {
    server = await startCablecastServer();
    server.hangWhen = (request) => request.path === '/shows';
    const client = createCablecastClient({ fetch: loopback, baseUrl: server.url, timeoutMs: 150 });
    expect(await testConnection(client)).toMatchObject({
      ok: false,
      kind: 'timeout',
      message: 'The server did not answer within 150 ms.',
    });
  });
});
