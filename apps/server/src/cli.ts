#!/usr/bin/env node
import cluster from 'node:cluster';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { Command } from 'commander';
import { upsertSuperuser } from './auth/superusers-repository.js';
import { systemClock } from './clock.js';
import { runPrimary } from './cluster/primary.js';
import { processChannel, WorkerLink } from './cluster/worker-link.js';
import { type Config, loadConfig } from './config.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.js';
import { backupSqlite, restoreSqlite } from './db/sqlite-backup.js';
import { DEMO_LOGIN } from './demo/demo-catalogue.js';
import { hasOrganizations, type SeedProgress, seedDemo } from './demo/demo-seed.js';
import type { FileStorage } from './files/file-storage.js';
import { LocalStorage } from './files/local-storage.js';
import { S3Storage } from './files/s3-storage.js';
import { closeOnSignals, PID_FILE, startServer } from './main.js';
import { hashPassword, passwordProblem } from './records/passwords.js';

// Every command prints its failure as one line on stderr and exits non-zero; progress goes to
// stderr too, so stdout stays clean for scripts.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function fail(message: string): never {
  process.stderr.write(`airgrid: ${message}\n`);
  process.exit(1);
}

function progress(label: string) {
  const interactive = process.stderr.isTTY;
  let last = -1;
  return (percent: number) => {
    if (percent === last) return;
    last = percent;
    if (interactive) process.stderr.write(`\r${label} ${percent}%${percent === 100 ? '\n' : ''}`);
    else if (percent === 100 || percent % 25 === 0) process.stderr.write(`${label} ${percent}%\n`);
  };
}

function reportSeed(): (p: SeedProgress) => void {
  const bars = new Map<string, (percent: number) => void>();
  return ({ step, done, total }) => {
    let bar = bars.get(step);
    if (!bar) {
      bar = progress(`Seeding ${step}`);
      bars.set(step, bar);
    }
    bar(Math.round((done / total) * 100));
  };
}

async function withDatabase<T>(config: Config, work: (database: DatabaseHandle) => Promise<T>) {
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    return await work(database);
  } finally {
    await database.close();
  }
}

/** The file storage the config names (DATA_DIR/storage or the S3 bucket), for the seed's logo. */
function storageFor(config: Config): FileStorage {
  return config.storage.kind === 's3'
    ? new S3Storage(config.storage)
    : new LocalStorage(config.storage.dir);
}

async function runDemoSeed(database: DatabaseHandle, config: Config, quiet = false) {
  const storage = storageFor(config);
  try {
    return await seedDemo(database.db, {
      clock: systemClock,
      appUrl: config.appUrl,
      demoPasswordHash: await hashPassword(DEMO_LOGIN.password, config.passwordHashCost),
      storeFile: (key, data, contentType) => storage.putBuffer(key, data, contentType),
      playout: config.demoPlayout,
      ...(quiet ? {} : { onProgress: reportSeed() }),
    });
  } finally {
    storage.close?.();
  }
}

function requireSqlite(config: Config, command: string): string {
  if (config.database.dialect !== 'sqlite') {
    fail(
      `${command} works on the embedded SQLite database; for PostgreSQL use pg_dump and pg_restore.`,
    );
  }
  return config.database.file;
}

function serverStillRunning(config: Config): number | null {
  const pidFile = path.join(config.dataDir, PID_FILE);
  if (!existsSync(pidFile)) return null;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8'), 10);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

const program = new Command('airgrid')
  .description('Airgrid: programme guide and scheduling for TV stations.')
  .showHelpAfterError();

program
  .command('serve')
  .description('migrate the database and serve the API and the web app')
  .option('--demo', 'seed the demo organization when the database has none (first run)')
  .action(async (options: { demo?: boolean }) => {
    const config = loadConfig();
    const seedDemoIfEmpty = async (database: DatabaseHandle): Promise<boolean> => {
      if (!options.demo || (await hasOrganizations(database.db))) return false;
      await runDemoSeed(database, config);
      return true;
    };
    if (config.workers > 1) {
      if (cluster.isWorker) {
        // A worker: a full server on the shared port (on PostgreSQL, a node of its own); the
        // primary migrated and seeded.
        const link = new WorkerLink(processChannel(cluster.worker?.id ?? 0));
        const server = await startServer(config, { worker: link });
        closeOnSignals(server);
        link.ready(Number(new URL(server.url).port));
        return;
      }
      const database = openDatabase(config.database);
      let seeded = false;
      try {
        await migrateToLatest(database.db);
        seeded = await seedDemoIfEmpty(database);
      } finally {
        await database.close();
      }
      const pidFile = path.join(config.dataDir, PID_FILE);
      writeFileSync(pidFile, `${process.pid}\n`);
      process.on('exit', () => rmSync(pidFile, { force: true }));
      // Port 0 means any free port: the primary picks it, so every worker shares the same one.
      const port = config.port || (await freePort(config.host));
      runPrimary({
        workers: config.workers,
        env: { PORT: String(port) },
        log: (line) => process.stderr.write(`${line}\n`),
        onReady: () =>
          announce(config, `http://${shownHost(config.host)}:${port}`, options.demo, seeded),
      });
      return;
    }
    let seeded = false;
    const server = await startServer(config, {
      beforeListen: async (database) => {
        seeded = await seedDemoIfEmpty(database);
      },
    });
    closeOnSignals(server);
    announce(config, server.url, options.demo, seeded);
  });

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function shownHost(host: string): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return shown.includes(':') ? `[${shown}]` : shown;
}

/** The start-up banner on stdout: where Airgrid runs, the demo login, the database. */
function announce(config: Config, url: string, demo: boolean | undefined, seeded: boolean): void {
  process.stdout.write(`\nAirgrid is running at ${url}\n`);
  if (process.env.APP_URL) process.stdout.write(`Public address (APP_URL): ${config.appUrl}\n`);
  if (demo) {
    process.stdout.write(
      `Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}${seeded ? ' (demo organization created)' : ''}\n`,
    );
  }
  if (config.workers > 1) process.stdout.write(`Workers: ${config.workers} processes\n`);
  process.stdout.write(
    `Database: ${config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL'}\n\n`,
  );
}

program
  .command('migrate')
  .description('bring the database schema up to date')
  .action(async () => {
    const config = loadConfig();
    const database = openDatabase(config.database);
    try {
      const { applied } = await migrateToLatest(database.db, (name) =>
        process.stderr.write(`Applied ${name}\n`),
      );
      process.stdout.write(
        applied.length
          ? `Applied ${applied.length} migration(s).\n`
          : 'The database is up to date.\n',
      );
    } finally {
      await database.close();
    }
  });

program
  .command('superuser')
  .description('manage superusers')
  .command('upsert')
  .description('create a superuser, or set the password of an existing one')
  .argument('<email>', 'email address')
  .argument('<password>', `password, at least 8 characters`)
  .action(async (email: string, password: string) => {
    if (!EMAIL.test(email)) fail(`"${email}" is not a valid email address.`);
    const problem = passwordProblem(password);
    if (problem) fail(`The password ${problem}.`);
    const config = loadConfig();
    const result = await withDatabase(config, async (database) =>
      upsertSuperuser(
        database.db,
        systemClock,
        email,
        await hashPassword(password, config.passwordHashCost),
      ),
    );
    process.stdout.write(
      `${result.created ? 'Created' : 'Updated'} superuser ${email} (${result.id}).\n`,
    );
  });

program
  .command('seed')
  .description(
    'add the demo organization, channels, shows and a week of timeslots (safe to repeat)',
  )
  .action(async () => {
    const config = loadConfig();
    const result = await withDatabase(config, (database) => runDemoSeed(database, config));
    process.stdout.write(
      `Demo organization ready: ${result.channels} channels, ${result.shows} shows, ${result.timeslots} timeslots (${result.inserted} new rows).\n` +
        `Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}\n`,
    );
  });

program
  .command('backup')
  .description('copy the SQLite database to FILE while the server keeps running')
  .argument('<file>', 'where to write the backup')
  .action(async (file: string) => {
    const config = loadConfig();
    const source = requireSqlite(config, 'backup');
    await backupSqlite(source, path.resolve(file), progress('Backing up'));
    process.stdout.write(`Backed up ${source} to ${path.resolve(file)}.\n`);
  });

program
  .command('restore')
  .description('replace the SQLite database with the backup in FILE (stop the server first)')
  .argument('<file>', 'a file written by `airgrid backup`')
  .action(async (file: string) => {
    const config = loadConfig();
    const target = requireSqlite(config, 'restore');
    const pid = serverStillRunning(config);
    if (pid) fail(`The server is running (pid ${pid}): stop it before restoring.`);
    await restoreSqlite(path.resolve(file), target, progress('Restoring'));
    await withDatabase(config, async () => undefined);
    process.stdout.write(`Restored ${path.resolve(file)} into ${target}.\n`);
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
