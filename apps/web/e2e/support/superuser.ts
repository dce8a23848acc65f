import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PocketBase from 'pocketbase';

/** The e2e superuser's credentials (the operator console's spec signs in with them). */
export const E2E_SUPERUSER = {
  email: 'e2e-superuser@airgrid.test',
  password: 'e2e-superuser-password',
};
const EMAIL = E2E_SUPERUSER.email;
const PASSWORD = E2E_SUPERUSER.password;

async function signIn(baseURL: string): Promise<PocketBase> {
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb.collection('_superusers').authWithPassword(EMAIL, PASSWORD);
  return pb;
}

/**
 * A superuser SDK client for the e2e server: the CLI writes the superuser into the server's own
 * database (SQLite in DATA_DIR, shared safely in WAL mode, or the run's PostgreSQL database),
 * then the SDK signs in over HTTP.
 * Tests use it to read what only superusers may read (such as `feedback`).
 *
 * The superuser is made once per run, by whichever worker gets there first: writing it again
 * renews its token key, which signed another worker's superuser client out mid-test (a 404 on
 * PostgreSQL, with two workers).
 */
export async function superuserClient(baseURL: string): Promise<PocketBase> {
  const dataDir = process.env.AIRGRID_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('AIRGRID_E2E_DATA_DIR is not set: run through playwright.config.ts');
  const database = process.env.AIRGRID_E2E_DATABASE_URL ?? '';
  // Files, not sign-in attempts, say whether it is made: failed sign-ins would be throttled.
  const marker = path.join(
    dataDir,
    `superuser-${createHash('sha256').update(database).digest('hex').slice(0, 12)}`,
  );
  const made = `${marker}.made`;
  if (!existsSync(made)) {
    let maker = false;
    try {
      closeSync(openSync(`${marker}.lock`, 'wx'));
      maker = true;
    } catch {
      // Another worker is making it.
    }
    if (maker) {
      execFileSync('node', ['apps/server/bin/airgrid.js', 'superuser', 'upsert', EMAIL, PASSWORD], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database, LOG_LEVEL: 'warn' },
        stdio: 'pipe',
      });
      writeFileSync(made, '');
    }
    for (let waited = 0; !existsSync(made); waited += 100) {
      if (waited > 30_000) throw new Error('The e2e superuser was never made.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return signIn(baseURL);
}
