import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accentColorOf, organizations } from '@airgrid/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/test-database.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
// Runs the CLI from source, the way `airgrid` runs it from dist.
const cliArgs = [
  '--import',
  'tsx',
  '--conditions=airgrid-source',
  path.join(serverRoot, 'src/cli.ts'),
];

// Each test starts the CLI one to four times, and each start compiles it from source (seconds
// on a busy machine): a guard against a hung process, not a speed check.
vi.setConfig({ testTimeout: 180_000 });

let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  await database.drop();
});

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...cliArgs, ...args],
      {
        cwd: serverRoot,
        env: { ...process.env, LOG_LEVEL: 'warn', ...database.env, ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function withDb<T>(
  work: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>,
): Promise<T> {
  const handle = openDatabase(loadConfig({ ...database.env, LOG_LEVEL: 'silent' }).database);
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

function expectOneLineFailure(result: CliResult, message: RegExp) {
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^airgrid: /);
  expect(lines[0]).toMatch(message);
}

describe('airgrid migrate', () => {
  it('applies the migrations once, then reports the database up to date', async () => {
    const first = await runCli(['migrate']);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Applied \d+ migration\(s\)\./);
    const second = await runCli(['migrate']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('The database is up to date.');
  });

  it('stops with a message naming a bad variable', async () => {
    expectOneLineFailure(await runCli(['migrate'], { PORT: 'abc' }), /PORT must be a whole number/);
  });
});

describe('airgrid superuser upsert', () => {
  it('creates a superuser, then updates its password', async () => {
    const created = await runCli(['superuser', 'upsert', 'root@example.org', 'first-password']);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Created superuser root@example.org \([a-z0-9]{15}\)\./);
    const before = await withDb((db) => db.selectFrom('_superusers').selectAll().execute());
    expect(before).toHaveLength(1);
    expect(before[0]?.password).toMatch(/^\$2[aby]\$/);

    const updated = await runCli(['superuser', 'upsert', 'ROOT@example.org', 'second-password']);
    expect(updated.code).toBe(0);
    expect(updated.stdout).toMatch(/^Updated superuser/);
    const after = await withDb((db) => db.selectFrom('_superusers').selectAll().execute());
    expect(after).toHaveLength(1);
    expect(after[0]?.password).not.toBe(before[0]?.password);
    expect(after[0]?.tokenKey).not.toBe(before[0]?.tokenKey);
  });

  it('refuses a bad email or a short password in one line', async () => {
    expectOneLineFailure(
      await runCli(['superuser', 'upsert', 'not-an-email', 'long-enough']),
      /not a valid email/,
    );
    expectOneLineFailure(
      await runCli(['superuser', 'upsert', 'a@b.org', 'short']),
      /at least 8 characters/,
    );
  });
});

describe('airgrid seed', () => {
  it('writes the demo organization once, and a second run adds nothing', async () => {
    const first = await runCli(['seed']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/4 channels, 24 shows, \d+ timeslots/);
    expect(first.stderr).toMatch(/Seeding timeslots 100%/);

    const second = await runCli(['seed']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('(0 new rows)');

    const counts = await withDb(async (db) => ({
      organizations: (await db.selectFrom('organizations').select('id').execute()).length,
      users: (await db.selectFrom('users').select(['id', 'role']).execute()).map((u) => u.role),
      channels: (await db.selectFrom('channels').select('id').execute()).length,
      shows: (await db.selectFrom('shows').select('id').execute()).length,
    }));
    expect(counts).toEqual({ organizations: 1, users: ['owner'], channels: 4, shows: 24 });
    // The community side: the form's texts, shows waiting for review, an equipment room with a
    // field kit, and the demo owner's certification and reservations.
    const community = await withDb(async (db) => ({
      texts: await db
        .selectFrom('organizations')
        .select(['submissionLicence', 'submissionPolicy'])
        .executeTakeFirstOrThrow(),
      submissions: await db.selectFrom('submissions').select('status').execute(),
      kit: await db
        .selectFrom('equipment')
        .select('name')
        .where('kit', '=', 'Field kit A')
        .execute(),
      certifications: (await db.selectFrom('certifications').select('id').execute()).length,
      reservations: await db
        .selectFrom('reservations')
        .select('status')
        .orderBy('starts')
        .execute(),
    }));
    expect(community.texts.submissionLicence).toMatch(/non-exclusive right to air/);
    expect(community.texts.submissionPolicy).toMatch(/No advertising/);
    expect(community.submissions.map((row) => row.status)).toEqual(['pending', 'pending']);
    expect(community.kit).toHaveLength(3);
    expect(community.certifications).toBe(1);
    expect(community.reservations.map((row) => row.status)).toEqual(['returned', 'confirmed']);
    // The demo channels play the built-in test pattern from the server's public address.
    const streams = await withDb(async (db) =>
      (await db.selectFrom('channels').select('streamUrl').execute()).map((row) => row.streamUrl),
    );
    expect(streams).toHaveLength(4);
    for (const url of streams)
      expect(url).toMatch(/^http:\/\/.+\/api\/v1\/streams\/test-pattern\/live\.m3u8$/);
    // The demo station has its identity: a logo in the file storage and an accent colour.
    const station = await withDb((db) =>
      db.selectFrom('organizations').select(['id', 'logo', 'branding']).executeTakeFirstOrThrow(),
    );
    expect(station.logo).toMatch(/\.svg$/);
    expect(accentColorOf(station.branding)).toBe('#1c5fb8');
    const storage = loadConfig({ ...database.env, LOG_LEVEL: 'silent' }).storage;
    if (storage.kind === 'local') {
      const logo = path.join(storage.dir, organizations.id, station.id, station.logo);
      expect(readFileSync(logo, 'utf8')).toContain('<svg');
    }
  });

  it('fills each channel back to back in 15-minute steps, without overlaps', async () => {
    expect((await runCli(['seed'])).code).toBe(0);
    const timeslots = await withDb((db) =>
      db
        .selectFrom('timeslots')
        .select(['channel', 'start', 'durationSec'])
        .orderBy('channel')
        .orderBy('start')
        .execute(),
    );
    expect(timeslots.length).toBeGreaterThan(4 * 8 * 10);
    for (let i = 0; i < timeslots.length; i++) {
      const slot = timeslots[i];
      if (!slot) continue;
      expect(slot.durationSec % 900).toBe(0);
      expect(Date.parse(slot.start.replace(' ', 'T')) % (900 * 1000)).toBe(0);
      const next = timeslots[i + 1];
      if (next && next.channel === slot.channel) {
        const end = Date.parse(slot.start.replace(' ', 'T')) + slot.durationSec * 1000;
        expect(end).toBe(Date.parse(next.start.replace(' ', 'T')));
      }
    }
  });
});

describe('airgrid serve', () => {
  let child: ChildProcess | undefined;

  afterEach(() => {
    child?.kill('SIGKILL');
  });

  it('seeds on first run, prints the URL and the demo login, and shuts down cleanly on SIGTERM', async () => {
    child = spawn(process.execPath, [...cliArgs, 'serve', '--demo'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        ...database.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        // The demo channel's sample media would start ffmpeg (playout.integration.test.ts
        // covers packaging).
        DEMO_PLAYOUT: 'off',
      },
    });
    let stdout = '';
    const url = await new Promise<string>((resolve, reject) => {
      child?.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /Airgrid is running at (http:\/\/\S+)/.exec(stdout);
        if (match?.[1] && stdout.includes('Demo login')) resolve(match[1]);
      });
      child?.on('exit', (code) => reject(new Error(`serve exited early with ${code}`)));
    });
    expect(stdout).toMatch(
      /Demo login: demo@airgrid\.tv \/ airgrid-demo \(demo organization created\)/,
    );
    const health = await fetch(`${url}/api/health`, {
      headers: { 'x-request-id': 'serve-test-1' },
    });
    expect(await health.json()).toEqual({ message: 'API is healthy.', code: 200, data: {} });
    await expect
      .poll(() => stdout.split('\n').filter((line) => line.includes('"serve-test-1"')))
      .toHaveLength(1);
    const logLine = JSON.parse(
      stdout.split('\n').find((line) => line.includes('"serve-test-1"')) ?? '{}',
    );
    expect(logLine).toMatchObject({
      level: 30,
      requestId: 'serve-test-1',
      method: 'GET',
      url: '/api/health',
      statusCode: 200,
      msg: 'request completed',
    });

    const exit = new Promise<number | null>((resolve) =>
      child?.on('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });
});

describe.runIf(testDialect === 'sqlite')('airgrid backup and restore (SQLite)', () => {
  it('backs up a live database and restores it', async () => {
    expect((await runCli(['seed'])).code).toBe(0);
    const file = path.join(database.dataDir, 'backup.db');
    const backup = await runCli(['backup', file]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('Backed up');

    await withDb((db) => db.deleteFrom('channels').execute());
    const restore = await runCli(['restore', file]);
    expect(restore.code, restore.stderr).toBe(0);
    const channels = await withDb((db) => db.selectFrom('channels').select('id').execute());
    expect(channels).toHaveLength(4);
  });

  it('refuses to overwrite a file, or to restore something that is not a backup', async () => {
    const existing = path.join(database.dataDir, 'exists.db');
    writeFileSync(existing, 'taken');
    expect((await runCli(['migrate'])).code).toBe(0);
    expectOneLineFailure(await runCli(['backup', existing]), /already exists/);
    expectOneLineFailure(await runCli(['restore', existing]), /is not an SQLite database/);
    expectOneLineFailure(
      await runCli(['restore', path.join(database.dataDir, 'missing.db')]),
      /does not exist/,
    );
  });
});

describe.runIf(testDialect === 'postgres')('airgrid backup and restore (PostgreSQL)', () => {
  it('points to pg_dump and pg_restore', async () => {
    expectOneLineFailure(await runCli(['backup', '/tmp/x.db']), /pg_dump and pg_restore/);
    expectOneLineFailure(await runCli(['restore', '/tmp/x.db']), /pg_dump and pg_restore/);
  });
});
