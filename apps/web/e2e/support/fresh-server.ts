import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A second Airgrid server of a spec's own: the built server (apps/server/bin/airgrid.js) on an
// empty SQLite database in a fresh DATA_DIR, on a port the system picks, for what must never
// happen to the shared test server (a restore replaces its whole database).

const CLI = 'apps/server/bin/airgrid.js';

export interface FreshServer {
  /** Its address, e.g. http://127.0.0.1:41234. */
  url: string;
  dataDir: string;
  /** Sets a clocked server's clock to `at` (epoch ms), running on in real time from there. */
  setClock(at: number): Promise<void>;
  /** Brings a clocked server's as-run log up to its clock; answers the entries written. */
  recordAsRun(): Promise<number>;
  /** Makes (or updates) a superuser with the CLI, as an operator would. */
  upsertSuperuser(email: string, password: string): void;
  /** Stops the server and removes its DATA_DIR. */
  stop(): Promise<void>;
}

/**
 * Starts `airgrid serve` on a fresh DATA_DIR (no demo station); resolves once it answers. With
 * `clocked`, the server is apps/server/test/clocked-server.ts instead (the same server, from
 * source, with a clock `setClock` moves).
 */
export async function startFreshServer(
  env: Record<string, string> = {},
  options: { clocked?: boolean } = {},
): Promise<FreshServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'airgrid-e2e-fresh-'));
  const serverEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    GUEST_RATE_LIMIT: 'off',
    PASSWORD_HASH_COST: '4',
    ...env,
  };
  const args = options.clocked
    ? ['--import', 'tsx', 'apps/server/test/clocked-server.ts']
    : [CLI, 'serve'];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No answer in 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8192);
      const match = /Airgrid is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The fresh server exited with ${code ?? signal}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    async setClock(at) {
      const response = await fetch(`${url}/__test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ at }),
      });
      if (!response.ok) throw new Error(`The clock did not move: ${response.status}`);
    },
    async recordAsRun() {
      const response = await fetch(`${url}/__test/as-run`, { method: 'POST' });
      if (!response.ok) throw new Error(`The as-run log was not recorded: ${response.status}`);
      return ((await response.json()) as { written: number }).written;
    },
    upsertSuperuser(email, password) {
      execFileSync(process.execPath, [CLI, 'superuser', 'upsert', email, password], {
        env: serverEnv,
        stdio: 'pipe',
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
