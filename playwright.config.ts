import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (never a downloaded browser) against the built web app
// served by the real server, on a fresh SQLite database with the demo organization, or on the
// PostgreSQL database in AIRGRID_E2E_DATABASE_URL (scripts/e2e-postgres.mjs makes one).
const port = Number(process.env.E2E_PORT ?? 8097);
const baseURL = `http://127.0.0.1:${port}`;
// A real OpenID Connect provider on loopback (apps/server/test/oidc-provider.ts), so the
// "Continue with …" sign-in runs end to end.
const oidcPort = port + 2;
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
// Set once in the main process; workers inherit it instead of making their own.
process.env.AIRGRID_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'airgrid-e2e-'));

export default defineConfig({
  testDir: 'apps/web/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Two browsers at a time: a spec mostly waits (on the server, on animations, on timers), so
  // on this two-core machine the tier took 10.5 min at two workers against 33 at one, with no
  // test failing (measured once the integration tier stopped competing for the cores).
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // In CI a failed test runs once more: CI shares the machine with whatever else runs there, and
  // a spec that waits past its timeout on an overloaded machine is not a defect. A test that
  // passes only on the second try is counted and named in `npm test`'s summary as flaky, so it
  // is seen and fixed rather than hidden.
  retries: process.env.CI ? 1 : 0,
  outputDir: 'test-results',
  // Screenshot baselines (toHaveScreenshot) beside the specs, one folder a spec, with no platform
  // in the name: CI renders with the same Debian Chromium and fonts as the machine that made them.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // The demo station's zone and the language the app is written in, whatever the machine's:
    // what the pages show for a time or a date does not depend on where the tests run.
    locale: 'en-US',
    timezoneId: 'America/New_York',
    browserName: 'chromium',
    headless: true,
    // A trace (screencast, snapshots, network) is recorded only when a failed test runs again
    // (CI's retry): recording one for every test cost a third of the tier's time (the same 18
    // tests summed 92–105 s without, 129–144 s with). Locally, `--trace on` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'npx tsx apps/server/test/oidc-provider.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'ignore',
      env: { OIDC_PORT: String(oidcPort), OIDC_REDIRECT_URL: `${baseURL}/api/oauth2-redirect` },
    },
    {
      command: 'node apps/server/bin/airgrid.js serve --demo',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.AIRGRID_E2E_DATA_DIR,
        DATABASE_URL: process.env.AIRGRID_E2E_DATABASE_URL ?? '',
        LOG_LEVEL: 'warn',
        // Every spec's signed-out pages come from one address; the limit has its own API test.
        GUEST_RATE_LIMIT: 'off',
        SUBMISSION_RATE_LIMIT: 'off',
        // Each spec signs a station up: bcrypt's lowest cost makes that a millisecond.
        PASSWORD_HASH_COST: '4',
        OAUTH2_OIDC_ISSUER: oidcIssuer,
        OAUTH2_OIDC_CLIENT_ID: 'airgrid-test',
        OAUTH2_OIDC_CLIENT_SECRET: 'airgrid-test-secret-of-some-length',
        OAUTH2_OIDC_NAME: 'Station ID',
        // webhooks.spec.ts runs its receiver on loopback over http (decision 0032).
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        // The demo channel's sample media and its packaging would take minutes of the machine's
        // two cores; playout.spec.ts runs a playout of its own.
        DEMO_PLAYOUT: 'off',
        // The Cablecast specs' fake server is on loopback too (docs/security.md).
        CABLECAST_ALLOW_PRIVATE: 'true',
      },
    },
  ],
});
