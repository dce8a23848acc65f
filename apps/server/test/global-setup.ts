import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { adminQuery, assertPostgresReachable, databaseUrl } from './test-database.js';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Once per run: fails the PostgreSQL run at once, with a way out, when the server is not there;
 * then migrates a template database with `airgrid migrate` (the real command), which every test
 * database that asks for it starts as a copy of (test-database.ts), and drops it at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // This runs in Vitest's own process: the project's env (vitest.config.ts) names its database.
  const postgres = project.config.env.AIRGRID_TEST_DATABASE === 'postgres';
  if (postgres) await assertPostgresReachable();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'airgrid-template-'));
  const name = `airgrid_template_${process.pid}_${project.name.replace(/\W/g, '_')}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (postgres) {
    await adminQuery(`drop database if exists ${name}`);
    await adminQuery(`create database ${name}`);
    env.DATABASE_URL = databaseUrl(name);
  }
  const migrate = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=airgrid-source', 'src/cli.ts', 'migrate'],
    { cwd: serverRoot, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (migrate.status !== 0)
    throw new Error(`Migrating the test template failed:\n${migrate.stderr}${migrate.stdout}`);
  project.provide('airgridTemplate', postgres ? name : dataDir);
  return async () => {
    if (postgres) await adminQuery(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
