import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EventSource } from 'eventsource';
import PocketBase, { type RecordSubscription } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRawStream } from '../../test/raw-stream.js';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/test-database.js';

// `airgrid serve` with WORKERS=2: two server processes share the port. Events reach streams on
// either worker, a subscription POST that lands on the other worker still takes effect, a
// crashed worker is replaced, and SIGTERM drains both and removes the pid file. On SQLite the
// primary relays events and subscriptions; on PostgreSQL each worker is a node (LISTEN/NOTIFY,
// the stream registry and a port of its own), so the same tests prove that path.
(globalThis as { EventSource?: unknown }).EventSource = EventSource;

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'workers-password';

describe(`several workers on one ${testDialect} database`, () => {
  let database: TestDatabase;
  let primary: ChildProcess;
  let url = '';
  let token = '';
  let organization = '';
  /** The primary's stderr, where it reports a worker stopping. */
  let errors = '';
  const clients: PocketBase[] = [];

  function sdk(): PocketBase {
    const pb = new PocketBase(url);
    pb.autoCancellation(false);
    pb.authStore.save(token, null);
    clients.push(pb);
    return pb;
  }

  async function createChannel() {
    const slug = `w-${Math.random().toString(36).slice(2, 8)}`;
    return sdk().collection('channels').create({ organization, name: slug, slug, timeZone: 'UTC' });
  }

  /** The worker processes of the primary, by pid (not tsx's esbuild service). */
  function workerPids(): number[] {
    try {
      return execFileSync('pgrep', ['-P', String(primary.pid), '-f', 'cli.ts'], {
        encoding: 'utf8',
      })
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    primary = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=airgrid-source', 'src/cli.ts', 'serve'],
      {
        cwd: serverRoot,
        env: {
          ...process.env,
          ...database.env,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          WORKERS: '2',
        },
      },
    );
    primary.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    let output = '';
    url = await new Promise<string>((resolve, reject) => {
      primary.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Airgrid is running at (http:\/\/\S+)[\s\S]*Database:/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      primary.on('exit', (code) => reject(new Error(`serve exited early (${code}): ${output}`)));
    });
    expect(output).toContain('Workers: 2 processes');

    const pb = new PocketBase(url);
    const email = `workers-${Date.now()}@example.org`;
    await pb.collection('users').create({ email, password: PASSWORD, passwordConfirm: PASSWORD });
    await pb.collection('users').authWithPassword(email, PASSWORD);
    const org = await pb
      .collection('organizations')
      .create({ name: 'Workers TV', slug: `workers-${Date.now()}`, timeZone: 'UTC' });
    organization = org.id;
    token = (await pb.collection('users').authRefresh()).token;
    // Three processes compiled from source (the primary and two workers): a guard against a
    // hang, not a speed check; on a loaded machine their start took over a minute.
  }, 180_000);

  afterAll(async () => {
    for (const pb of clients) pb.realtime.unsubscribe().catch(() => {});
    if (primary && primary.exitCode === null) primary.kill('SIGKILL');
    await database?.drop();
  });

  it('runs two workers under one primary', () => {
    expect(workerPids()).toHaveLength(2);
  });

  it('delivers an event to streams on both workers', async () => {
    // The primary hands connections to the workers in turn, so eight streams cover both.
    const received: RecordSubscription[][] = [];
    for (let i = 0; i < 8; i++) {
      const events: RecordSubscription[] = [];
      received.push(events);
      await sdk()
        .collection('channels')
        .subscribe('*', (event) => events.push(event));
    }
    const channel = await createChannel();
    await expect
      .poll(
        () => received.filter((events) => events.some((e) => e.record.id === channel.id)).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(8);
  });

  it('applies a subscription POST that lands on the other worker', async () => {
    // One stream, then subscription POSTs on fresh connections: some reach the other worker.
    const stream = await openRawStream(url);
    const { clientId } = stream;
    expect(clientId).toHaveLength(40);

    for (let i = 0; i < 4; i++) {
      const status = await postOnNewConnection(`${url}/api/realtime`, token, {
        clientId,
        subscriptions: ['channels'],
      });
      expect(status, `POST ${i + 1}`).toBe(204);
    }
    const unknown = await fetch(`${url}/api/realtime`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'x'.repeat(40), subscriptions: [] }),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'Missing or invalid client id.' });

    const channel = await createChannel();
    expect(await stream.readUntil(channel.id)).toContain('"action":"create"');
    await stream.close();
  });

  it('hands an OAuth2 redirect that lands on the other worker to the waiting stream', async () => {
    const stream = await openRawStream(url);
    const { clientId } = stream;
    expect(
      await postOnNewConnection(`${url}/api/realtime`, '', {
        clientId,
        subscriptions: ['@oauth2'],
      }),
    ).toBe(204);
    // Providers that answer with form_post POST the redirect; fresh connections reach both workers.
    for (let i = 0; i < 4; i++) {
      const status = await postOnNewConnection(`${url}/api/oauth2-redirect`, '', {
        state: clientId,
        code: `code-${i}`,
      });
      expect(status, `redirect ${i + 1}`).toBe(200);
      expect(await stream.readUntil(`code-${i}`)).toContain('event:@oauth2');
    }
    await stream.close();
  });

  it('a write through one worker refreshes the guide both workers keep in memory', async () => {
    const pb = sdk();
    const slug = `g-${Math.random().toString(36).slice(2, 8)}`;
    const channel = await pb
      .collection('channels')
      .create({ organization, name: slug, slug, timeZone: 'UTC', public: true });
    const show = await pb.collection('shows').create({ organization, title: 'Before' });
    await pb.collection('timeslots').create({
      organization,
      channel: channel.id,
      show: show.id,
      start: '2026-12-01 12:00:00.000Z',
      durationSec: 1800,
    });
    const guide = `${url}/api/v1/guide?organization=${organization}&from=2026-12-01T00:00:00Z&to=2026-12-02T00:00:00Z`;
    // Fresh connections take turns between the workers: eight reads fill both caches.
    const titlesOnBothWorkers = async () => {
      const titles = new Set<string>();
      for (let i = 0; i < 8; i++) {
        const body = JSON.parse(await readOnNewConnection(guide)) as {
          timeslots: { show: { title: string } }[];
        };
        for (const timeslot of body.timeslots) titles.add(timeslot.show.title);
      }
      return [...titles];
    };
    expect(await titlesOnBothWorkers()).toEqual(['Before']);
    await pb.collection('shows').update(show.id, { title: 'After' });
    // The event reaches the other worker through the primary, a moment after the commit.
    await expect.poll(titlesOnBothWorkers, { timeout: 5000 }).toEqual(['After']);
  });

  it('replaces a worker that dies, and keeps serving meanwhile', async () => {
    const [victim] = workerPids();
    if (!victim) throw new Error('no worker');
    process.kill(victim, 'SIGKILL');
    // Once the primary has seen it go (not merely once the process is gone: until the primary
    // notices, it may still hand the dead worker a connection), the other worker serves alone
    // until the new one is up.
    await expect
      .poll(() => errors.includes(`worker ${victim} stopped`), { timeout: 20_000 })
      .toBe(true);
    expect(await getOnNewConnection(`${url}/api/health`)).toBe(200);
    await expect.poll(() => workerPids().length, { timeout: 30_000 }).toBe(2);
    expect(await getOnNewConnection(`${url}/api/health`)).toBe(200);
    await createChannel();
  }, 60_000);

  it('drains both workers on SIGTERM and removes the pid file', async () => {
    const pidFile = path.join(database.dataDir, 'airgrid.pid');
    expect(existsSync(pidFile)).toBe(true);
    const exited = new Promise<number | null>((resolve) => primary.once('exit', resolve));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(pidFile)).toBe(false);
  });
});

/** A JSON POST on a connection of its own (no keep-alive agent), so it may reach any worker. */
function postOnNewConnection(target: string, token: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      target,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: token } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A GET on a connection of its own. */
function getOnNewConnection(target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(target, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A GET's body, read on a connection of its own (so it may land on either worker). */
function readOnNewConnection(target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(target, { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end();
  });
}
