import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EventSource } from 'eventsource';
import PocketBase, { type RecordSubscription } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFailoverProxy } from '../../test/failover-proxy.js';
import { openRawStream } from '../../test/raw-stream.js';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/test-database.js';

// Several server processes on one PostgreSQL: events cross nodes through LISTEN/NOTIFY, a
// subscription POST that lands on the wrong node is forwarded, and when a node dies its clients
// reconnect to another and keep receiving. SQLite is one process, so this is PostgreSQL only.
(globalThis as { EventSource?: unknown }).EventSource = EventSource;

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

interface Node {
  url: string;
  process: ChildProcess;
  dataDir: string;
}

async function startNode(database: TestDatabase): Promise<Node> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'airgrid-node-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=airgrid-source', 'src/cli.ts', 'serve'],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        ...database.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Airgrid is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`node exited early (${code}): ${output}`)));
  });
  return { url, process: child, dataDir };
}

/** Resolves once the process has exited (at once if it already has). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

describe.runIf(testDialect === 'postgres')('several nodes on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: Node;
  let b: Node;
  const clients: PocketBase[] = [];
  let proxy: Awaited<ReturnType<typeof startFailoverProxy>> | undefined;
  let token = '';
  let organization = '';

  function sdk(url: string): PocketBase {
    const pb = new PocketBase(url);
    pb.autoCancellation(false);
    pb.authStore.save(token, null);
    clients.push(pb);
    return pb;
  }

  async function createChannel(url: string) {
    const slug = `n-${Math.random().toString(36).slice(2, 8)}`;
    return sdk(url)
      .collection('channels')
      .create({ organization, name: slug, slug, timeZone: 'UTC' });
  }

  async function listen(pb: PocketBase) {
    const events: RecordSubscription[] = [];
    await pb.collection('channels').subscribe('*', (event) => events.push(event));
    return events;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    // One node first, so the migrations and the shared secret are created once.
    a = await startNode(database);
    b = await startNode(database);
    const pb = new PocketBase(a.url);
    const email = `owner-${Date.now()}@example.org`;
    await pb
      .collection('users')
      .create({ email, password: 'cluster-password', passwordConfirm: 'cluster-password' });
    await pb.collection('users').authWithPassword(email, 'cluster-password');
    const org = await pb
      .collection('organizations')
      .create({ name: 'Cluster TV', slug: `cluster-${Date.now()}`, timeZone: 'UTC' });
    await pb.collection('users').authRefresh();
    token = pb.authStore.token;
    organization = org.id;
  }, 60_000);

  afterAll(async () => {
    for (const pb of clients) pb.realtime.unsubscribe().catch(() => {});
    await proxy?.close();
    // The database is dropped only once both processes are gone (and their connections with them).
    await Promise.all(
      [a, b].map(async (node) => {
        if (!node) return;
        node.process.kill('SIGKILL');
        await exited(node.process);
        rmSync(node.dataDir, { recursive: true, force: true });
      }),
    );
    await database?.drop();
  });

  it('accepts a token from one node on the other (the secret is shared)', async () => {
    const me = await sdk(b.url).collection('users').authRefresh();
    expect(me.record.organization).toBe(organization);
  });

  it('delivers events both ways between nodes', async () => {
    const onA = await listen(sdk(a.url));
    const onB = await listen(sdk(b.url));
    const fromB = await createChannel(b.url);
    const fromA = await createChannel(a.url);
    await expect
      .poll(() => onA.map((e) => e.record.id), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([fromB.id, fromA.id]));
    await expect
      .poll(() => onB.map((e) => e.record.id), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([fromA.id, fromB.id]));
  });

  it('hands an OAuth2 redirect that lands on the other node to the waiting client', async () => {
    const pb = sdk(a.url);
    const heard: unknown[] = [];
    await pb.realtime.subscribe('@oauth2', (message) => heard.push(message));
    const state = pb.realtime.clientId;
    const page = await fetch(`${b.url}/api/oauth2-redirect?state=${state}&code=across`);
    expect(page.status).toBe(200);
    await expect.poll(() => heard, { timeout: 10_000 }).toEqual([{ state, code: 'across' }]);
    // A forged forward (no valid node signature) is an ordinary redirect from that address.
    const forged = await fetch(`${a.url}/api/oauth2-redirect?state=${state}&code=forged`, {
      headers: { 'x-airgrid-forwarded-ip': '10.0.0.9', 'x-airgrid-node-signature': 'nope' },
    });
    expect(forged.status).toBe(200);
    await pb.realtime.unsubscribe();
  });

  it('answers 504 while the node holding the stream is too busy to answer, and keeps its stream', async () => {
    const stream = await openRawStream(a.url);
    const subscribe = () =>
      fetch(`${b.url}/api/realtime`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ clientId: stream.clientId, subscriptions: ['channels'] }),
      });
    // A stopped process accepts connections (the kernel queues them) but answers nothing.
    a.process.kill('SIGSTOP');
    try {
      expect((await subscribe()).status).toBe(504);
    } finally {
      a.process.kill('SIGCONT');
    }
    expect((await subscribe()).status).toBe(204);
    await stream.close();
  }, 30_000);

  it('forwards a subscription to the node holding the stream, and survives that node dying', async () => {
    // Streams prefer node A; subscription POSTs prefer node B, so they must be forwarded.
    proxy = await startFailoverProxy(
      () => [a.url, b.url],
      (request, targets) =>
        request.method === 'POST' && request.url?.startsWith('/api/realtime')
          ? [...targets].reverse()
          : targets,
    );
    const pb = sdk(proxy.url);
    const events = await listen(pb);
    const first = await createChannel(b.url);
    await expect
      .poll(() => events.map((e) => e.record.id), { timeout: 10_000 })
      .toContain(first.id);

    a.process.kill('SIGKILL');
    const before = pb.realtime.clientId;
    await expect
      .poll(() => pb.realtime.isConnected && pb.realtime.clientId !== before, { timeout: 20_000 })
      .toBe(true);
    // The resubscription may land just after a write: keep writing until one gets through.
    const created = new Set<string>();
    await expect
      .poll(
        async () => {
          created.add((await createChannel(b.url)).id);
          return events.some((e) => created.has(String(e.record.id)));
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
  });
});
