import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { loadConfig } from '../src/config.js';
import { type RunningServer, type StartOptions, startServer } from '../src/main.js';
import { createTestDatabase } from './test-database.js';

export interface TestServer extends RunningServer {
  dataDir: string;
  /** Fetches a path on the server. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/** A stand-in for the built web app, so HTTP tests do not depend on a Vite build. */
export function writeFakeWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'airgrid-web-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'builds'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Airgrid TV</title><div id="root"></div>',
  );
  // A hashed asset with the compressed siblings the build writes beside it (vite.config.ts).
  const script = 'console.log("app");';
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(dist, 'builds', 'latest.json'), '{"id":"test-build","timestamp":1}');
  return dist;
}

/** Starts the real server on a fresh database (SQLite or PostgreSQL, per project) and a free port. */
export async function startTestServer(
  options: StartOptions & { env?: Record<string, string> } = {},
): Promise<TestServer> {
  const database = await createTestDatabase({ migrated: true });
  const webDist = writeFakeWebDist();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    // TEST_LOG_LEVEL=error shows a failing test's server errors.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: webDist,
    // Tests send many signed-out requests from one address; the limit's own test turns it on.
    GUEST_RATE_LIMIT: 'off',
    // Every test account costs a hash and a check: bcrypt's lowest cost keeps them to a
    // millisecond (at the default 10, hashing was most of the integration tier's time).
    PASSWORD_HASH_COST: '4',
    ...database.env,
    ...options.env,
  });
  const server = await startServer(config, options);
  return {
    ...server,
    dataDir: database.dataDir,
    fetch: (pathname, init) => fetch(`${server.url}${pathname}`, init),
    async stop() {
      await server.close();
      await database.drop();
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}
