import { execFileSync } from 'node:child_process';
import PocketBase from 'pocketbase';

/**
 * A superuser SDK client for the e2e server: the CLI writes the superuser into the server's own
 * database (SQLite in DATA_DIR, shared safely in WAL mode, or the run's PostgreSQL database),
 * then the SDK signs in over HTTP.
 * Tests use it to read what only superusers may read (such as `feedback`).
 */
export async function superuserClient(baseURL: string): Promise<PocketBase> {
  const dataDir = process.env.AIRGRID_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('AIRGRID_E2E_DATA_DIR is not set: run through playwright.config.ts');
  const email = 'e2e-superuser@airgrid.test';
  const password = 'e2e-superuser-password';
  execFileSync('node', ['apps/server/bin/airgrid.js', 'superuser', 'upsert', email, password], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.AIRGRID_E2E_DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'pipe',
  });
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb.collection('_superusers').authWithPassword(email, password);
  return pb;
}
