import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shows } from '@airgrid/schema';
import PocketBase from 'pocketbase';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createShow, tinyWav } from '../../test/sdk.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

// Records and files agree after a crash (docs/decisions/0014-files-and-commits.md): the server
// is killed with SIGKILL at the points a write passes (AIRGRID_CRASH_AT), then started again.
// No committed record may name a missing file, and what the crash left behind is swept.

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const cliArgs = [
  '--import',
  'tsx',
  '--conditions=airgrid-source',
  path.join(serverRoot, 'src/cli.ts'),
];

let database: TestDatabase;
let child: ChildProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

afterAll(async () => {
  await database?.drop();
});

/** Starts `airgrid serve` on the test database; resolves with its URL. */
async function serve(env: Record<string, string> = {}): Promise<string> {
  child = spawn(process.execPath, [...cliArgs, 'serve'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      ...database.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      GUEST_RATE_LIMIT: 'off',
      ...env,
    },
  });
  let stdout = '';
  // The CLI prints why it failed on stderr (and the log goes to stdout): both go into the error,
  // so a start that fails once in CI says why. Reading stderr also keeps its pipe from filling.
  let stderr = '';
  return new Promise<string>((resolve, reject) => {
    child?.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (process.env.DEBUG_CRASH) process.stderr.write(chunk);
      const match = /Airgrid is running at (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    child?.stderr?.on('data', (chunk: Buffer) => {
      stderr = tail(stderr + chunk.toString());
      if (process.env.DEBUG_CRASH) process.stderr.write(chunk);
    });
    child?.on('exit', (code, signal) =>
      reject(
        new Error(
          `serve exited early with ${code ?? signal}\n` +
            `--- stderr ---\n${stderr || '(empty)'}\n--- stdout (end) ---\n${tail(stdout) || '(empty)'}`,
        ),
      ),
    );
  });
}

/** The last few kilobytes of a process's output: where the reason it stopped is. */
function tail(text: string, bytes = 8192): string {
  return text.length > bytes ? `…${text.slice(-bytes)}` : text;
}

/** Waits for the running server to be killed by its crash point. */
function killed(): Promise<NodeJS.Signals | null> {
  return new Promise((resolve) => child?.on('exit', (_code, signal) => resolve(signal)));
}

const storage = () => path.join(database.env.DATA_DIR ?? '', 'storage', shows.id);

/** Every stored file of the shows collection, as `{record}/{name}`. */
function storedShowFiles(): string[] {
  if (!existsSync(storage())) return [];
  return (
    readdirSync(storage(), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]
  )
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storage(), path.join(entry.parentPath, entry.name)));
}

/** Makes every stored file (and spooled upload) look two hours old, as after a long outage. */
function ageEverything() {
  const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
  const dirs = [storage(), path.join(database.env.DATA_DIR ?? '', 'tmp', 'uploads')];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, {
      recursive: true,
      withFileTypes: true,
    }) as import('node:fs').Dirent[]) {
      if (entry.isFile()) utimesSync(path.join(entry.parentPath, entry.name), past, past);
    }
  }
}

const email = 'crash-owner@example.org';
const password = 'correct-horse-battery';

async function owner(url: string) {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(email, password);
  return pb;
}

describe('a crash between storing files and committing', () => {
  it('leaves no record naming a missing file, and the sweep removes what it left', async () => {
    const url = await serve();
    const pb = new PocketBase(url);
    pb.autoCancellation(false);
    await pb.collection('users').create({ email, password, passwordConfirm: password });
    await pb.collection('users').authWithPassword(email, password);
    const organization = await pb
      .collection('organizations')
      .create({ name: 'Crash TV', slug: 'crash-tv', timeZone: 'UTC' });
    await pb.collection('users').authRefresh();
    const kept = await createShow(pb, organization.id, {
      title: 'Kept',
      media: new File([tinyWav()], 'kept.wav'),
    });
    child?.kill('SIGKILL');

    // 1. Killed after the files are stored, before the record commits.
    const crashUrl = await serve({ AIRGRID_CRASH_AT: 'files-stored' });
    const crash = killed();
    await expect(
      createShow(await owner(crashUrl), organization.id, {
        title: 'Never committed',
        media: new File([tinyWav()], 'lost.wav'),
      }),
    ).rejects.toThrow();
    expect(await crash).toBe('SIGKILL');
    expect(storedShowFiles()).toContainEqual(expect.stringContaining('lost_'));

    // 2. Killed after an update commits, before the file it replaced is deleted.
    const replaceUrl = await serve({ AIRGRID_CRASH_AT: 'record-committed' });
    const replaced = killed();
    await expect(
      (await owner(replaceUrl))
        .collection('shows')
        .update(kept.id, { media: new File([tinyWav(32)], 'newer.wav') }),
    ).rejects.toThrow();
    expect(await replaced).toBe('SIGKILL');

    // A spooled upload the crash left.
    const spool = path.join(database.env.DATA_DIR ?? '', 'tmp', 'uploads');
    mkdirSync(spool, { recursive: true });
    writeFileSync(path.join(spool, 'left-by-a-crash'), 'partial');

    // An hour later, the server starts again.
    ageEverything();
    const again = await serve();
    const station = await owner(again);
    expect(
      (await station.collection('shows').getFullList({ filter: 'title = "Never committed"' }))
        .length,
    ).toBe(0);
    const show = await station.collection('shows').getOne(kept.id);
    expect(show.media).toMatch(/^newer_\w{10}\.wav$/);
    const token = await station.files.getToken();
    const media = await fetch(station.files.getURL(show, show.media, { token }));
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer())).toEqual(tinyWav(32));

    await expect
      .poll(() => storedShowFiles(), { timeout: 10_000 })
      .toEqual([`${kept.id}/${show.media}`]);
    await expect.poll(() => existsSync(path.join(spool, 'left-by-a-crash'))).toBe(false);
  }, 90_000); // Five server processes start one after another (each migrates and listens).
});
