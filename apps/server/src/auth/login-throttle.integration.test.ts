import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '../../test/sdk.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { startTestServer, type TestServer, writeFakeWebDist } from '../../test/test-server.js';
import { loadConfig } from '../config.js';
import { type RunningServer, startServer } from '../main.js';

// The sign-in throttle over HTTP, with requests sent in parallel the way a guessing script
// sends them, on SQLite and on PostgreSQL.

const TOO_MANY = 'Too many failed login attempts, please try again later.';
/** DEFAULT_LOGIN_THROTTLE.maxPerPair: wrong passwords compared per account and address. */
const PER_PAIR = 5;

let server: TestServer;

beforeAll(async () => {
  // The timing test needs bcrypt's real cost: at the test servers' lowest, a comparison takes
  // about a millisecond and the difference it guards is lost in noise.
  server = await startTestServer({ env: { PASSWORD_HASH_COST: '10' } });
});

afterAll(async () => {
  await server?.stop();
});

interface Answer {
  status: number;
  message: string;
  retryAfter: string | null;
}

async function signIn(url: string, identity: string, password: string): Promise<Answer> {
  const response = await fetch(`${url}/api/collections/users/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity, password }),
  });
  const body = (await response.json()) as { message?: string };
  return {
    status: response.status,
    message: body.message ?? '',
    retryAfter: response.headers.get('retry-after'),
  };
}

function statuses(answers: Answer[]) {
  const count = (status: number) => answers.filter((answer) => answer.status === status).length;
  return { ok: count(200), wrong: count(400), throttled: count(429), other: answers.length };
}

describe('the sign-in throttle', () => {
  it('compares at most five of 60 parallel wrong guesses; the rest, and then the right password, get 429', async () => {
    const user = await signUp(server);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(server.url, user.email, `wrong-guess-${i}`)),
    );
    expect(statuses(answers)).toEqual({ ok: 0, wrong: PER_PAIR, throttled: 55, other: 60 });
    for (const answer of answers.filter((one) => one.status === 429)) {
      expect(answer.message).toBe(TOO_MANY);
      const seconds = Number(answer.retryAfter);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(300);
    }
    for (const identity of [user.email, user.email.toUpperCase()]) {
      const right = await signIn(server.url, identity, user.password);
      expect(right).toMatchObject({ status: 429, message: TOO_MANY });
      expect(Number(right.retryAfter)).toBeGreaterThan(0);
    }
  });

  it("does not lock colleagues out: one account's failures leave the shared address usable", async () => {
    const typist = await signUp(server, { name: 'typist' });
    const colleagues = await Promise.all([1, 2, 3].map(() => signUp(server)));
    // One person hammers their own account from the office address...
    const guesses = await Promise.all(
      Array.from({ length: 40 }, () => signIn(server.url, typist.email, 'caps-lock-on')),
    );
    expect(statuses(guesses).wrong).toBe(PER_PAIR);
    // ...and everyone else in the office, behind the same address, still signs in.
    const answers = await Promise.all(
      colleagues.map((colleague) => signIn(server.url, colleague.email, colleague.password)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // A colleague's own typo is still a plain wrong password, not a lock-out.
    const [first] = colleagues;
    expect((await signIn(server.url, String(first?.email), 'typo')).status).toBe(400);
    expect((await signIn(server.url, String(first?.email), String(first?.password))).status).toBe(
      200,
    );
  });

  it('takes as long for an unknown email as for a known one (no enumeration by timing)', async () => {
    const user = await signUp(server, { name: 'timed' });
    const median = async (work: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const start = performance.now();
        await work();
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2] ?? 0;
    };
    // Successes clear the account's count, so this can be repeated; unknown emails are fresh.
    const known = await median(() => signIn(server.url, user.email, user.password));
    const unknown = await median(() => signIn(server.url, uniqueEmail('nobody'), user.password));
    // Without the dummy comparison an unknown email answered about 25 times faster.
    expect(unknown).toBeGreaterThan(known * 0.4);
  });
});

describe('two servers on one database', () => {
  let database: TestDatabase;
  let webDist: string;
  const nodes: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    webDist = writeFakeWebDist();
    // SQLite: two processes' connections to one file, as with WORKERS; PostgreSQL: two nodes.
    for (let i = 0; i < 2; i += 1) {
      const config = loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        WEB_DIST: webDist,
        AIRGRID_SECRET: 'throttle-test-secret-of-at-least-32-characters',
        ...database.env,
      });
      nodes.push(await startServer(config));
    }
  });

  afterAll(async () => {
    for (const node of nodes) await node.close();
    await database?.drop();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  it('share one count: parallel guesses through both are compared five times in all', async () => {
    const [first, second] = nodes;
    if (!first || !second) throw new Error('two servers expected');
    const user = { email: uniqueEmail('shared'), password: 'correct-horse-battery' };
    const created = await fetch(`${first.url}/api/collections/users/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...user, passwordConfirm: user.password }),
    });
    expect(created.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn((i % 2 ? first : second).url, user.email, `wrong-guess-${i}`),
      ),
    );
    expect(statuses(answers)).toEqual({ ok: 0, wrong: PER_PAIR, throttled: 25, other: 30 });
    for (const node of nodes) {
      expect((await signIn(node.url, user.email, user.password)).status).toBe(429);
    }
  });
});
