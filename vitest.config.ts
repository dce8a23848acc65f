import { defineConfig } from 'vitest/config';

// Three tiers, named by cost (see docs/architecture.md):
//   unit                 *.test.ts(x): pure code, milliseconds, no I/O beyond temp files and
//                        a fake of their own on loopback (the Cablecast client's tests)
//   integration-sqlite   *.integration.test.ts against a real server on a fresh SQLite file
//   integration-postgres the same files against a real server on a throw-away PostgreSQL database
// Browser tests (apps/web/e2e/*.spec.ts) run under Playwright, not Vitest.
const sourceCondition = { conditions: ['airgrid-source'] };

const integration = (database: 'sqlite' | 'postgres') => ({
  extends: true as const,
  resolve: sourceCondition,
  ssr: { resolve: { conditions: ['airgrid-source'], externalConditions: ['airgrid-source'] } },
  test: {
    name: `integration-${database}`,
    include: ['apps/server/**/*.integration.test.ts'],
    environment: 'node',
    env: { AIRGRID_TEST_DATABASE: database, TZ: 'UTC' },
    globalSetup: ['apps/server/test/global-setup.ts'],
    // The files share each worker's module cache: every file imports the whole server, and
    // loading it again per file was most of the tier's time (nine files took 228 s isolated and
    // 96 s shared, on the same loaded machine). Safe because a file's state lives in the server
    // it starts, not in modules: no integration test mocks a module or stubs a global.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Integration tests mostly wait (on servers, databases, child processes, ffmpeg): three files
    // at once keep the machine's two cores busy. The tier took 9.3 min at Vitest's default here
    // and 3.8 min at three (`npx vitest run --project integration-sqlite --project
    // integration-postgres`); unit tests do not mind either way.
    maxWorkers: 3,
    // The SDK re-sends its subscriptions after a reconnect and, if the stream it names was
    // dropped meanwhile (a test cutting connections or killing a node), gets this 404 as an
    // unhandled rejection inside the SDK before it reconnects again. Expected there; any other
    // unhandled error still fails the run.
    onUnhandledError(error) {
      return !(
        error.name === 'ClientResponseError' && error.message === 'Missing or invalid client id.'
      );
    },
    projects: [
      {
        extends: true,
        resolve: sourceCondition,
        ssr: {
          resolve: { conditions: ['airgrid-source'], externalConditions: ['airgrid-source'] },
        },
        test: {
          name: 'unit',
          include: ['{apps,packages,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**', '**/*.integration.test.ts'],
          environment: 'node',
          env: { TZ: 'UTC' },
          // A guard, not a speed check: property tests (hundreds of runs) took 8 s on a loaded
          // two-core machine and failed Vitest's default 5 s though nothing was wrong.
          testTimeout: 20_000,
        },
      },
      integration('sqlite'),
      integration('postgres'),
    ],
  },
});
