// `npm run screenshots`: PNGs of each layout in light and dark, and of the global modals, into
// docs/screenshots/ (issue 5), so a change to the look can be reviewed without running the app.
// It starts the built server with the demo data on a throwaway DATA_DIR and a free port, drives
// Debian's Chromium with Playwright, and always stops the server, whatever happens.
//   WEB_DIST=/path/to/dist  serve another build of the web app (default: apps/web/dist)
//   CHROMIUM_PATH=...       another Chromium binary (default: /usr/bin/chromium)
// Build first (`npm run build`): the script serves what is built, it does not build.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'docs', 'screenshots');
const cli = path.join(root, 'apps', 'server', 'bin', 'airgrid.js');
const VIEWPORT = { width: 1280, height: 800 };
const DEMO = { email: 'demo@airgrid.tv', password: 'airgrid-demo' };
const SCHEMES = /** @type {const} */ (['light', 'dark']);

/** A TCP port nobody listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/** Pages of the default layout captured in both colour modes: [path, file name]. */
const PAGES = [
  ['/channels', 'channels'],
  ['/shows', 'shows'],
  ['/timeslots', 'timeslots'],
  ['/tvguide', 'tvguide'],
  ['/embeds', 'embeds'],
  ['/multiview', 'multiview'],
];

/** Starts `airgrid serve --demo`; resolves once /api/health answers. */
async function startServer(dataDir, port) {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  env.LOG_LEVEL = 'warn';
  const child = spawn(process.execPath, [cli, 'serve', '--demo'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return { child, exited, baseURL };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopServer({ child, exited });
  throw new Error(`The server did not start on ${baseURL}:\n${output}`);
}

/** Stops the server: SIGTERM, then SIGKILL if it has not exited within 10 seconds. */
async function stopServer(server) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(timer);
}

/** JSON from the API, failing loudly on an error answer. */
async function api(baseURL, pathname, { token, body } = {}) {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: token } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(data)}`);
  return data;
}

/**
 * A few unread notifications for the demo user, so the Notifications modal shows its list.
 * Only the server (or a superuser) creates notifications: the superuser is made with the CLI
 * on the server's own DATA_DIR, as an operator would.
 */
async function seedNotifications(baseURL, dataDir) {
  const superuser = { email: 'screenshots@airgrid.test', password: 'screenshots-password' };
  execFileSync(
    process.execPath,
    [cli, 'superuser', 'upsert', superuser.email, superuser.password],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'pipe',
    },
  );
  const admin = await api(baseURL, '/api/collections/_superusers/auth-with-password', {
    body: { identity: superuser.email, password: superuser.password },
  });
  const demo = await api(baseURL, '/api/collections/users/auth-with-password', {
    body: { identity: DEMO.email, password: DEMO.password },
  });
  const items = [
    {
      type: 'success',
      title: 'Sam Rivera joined Riverside Community TV',
      body: 'They can now see the schedule as a viewer.',
      path: '/members',
    },
    {
      type: 'reminder',
      title: 'Tonight at 19:00: Council Meeting (live)',
      body: 'Channel 1 goes live in 2 hours.',
      path: '/timeslots',
    },
    {
      type: 'warning',
      title: 'A gap on Channel 2 tomorrow',
      body: 'Nothing is scheduled from 02:00 to 06:00; the bumper will show.',
      path: '/timeslots',
    },
  ];
  for (const item of items) {
    await api(baseURL, '/api/collections/notifications/records', {
      token: admin.token,
      body: { ...item, user: demo.record.id, read: false },
    });
  }
}

/** A fresh account without an organization, which the app sends to onboarding. */
async function createFreshUser(baseURL) {
  const user = {
    name: 'Pat Producer',
    email: `pat-${Date.now().toString(36)}@example.org`,
    password: 'a-good-password',
  };
  await api(baseURL, '/api/collections/users/records', {
    body: { ...user, passwordConfirm: user.password },
  });
  return user;
}

/**
 * A browser context showing `scheme`, set the way the app does it: the saved colour mode in
 * the client cache (localStorage `cache`, see color-scheme-manager.ts), written before any
 * page script runs. The emulated system scheme matches, for anything following the system.
 */
async function newContext(browser, baseURL, scheme) {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORT,
    colorScheme: scheme,
    reducedMotion: 'reduce',
  });
  await context.addInitScript((theme) => {
    let cache = {};
    try {
      cache = JSON.parse(window.localStorage.getItem('cache') ?? '{}') ?? {};
    } catch {
      cache = {};
    }
    window.localStorage.setItem('cache', JSON.stringify({ ...cache, theme }));
  }, scheme);
  return context;
}

async function signIn(page, email, password) {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits for fonts, images and transitions to settle, then writes a compact PNG. */
async function shoot(page, name, written) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const file = path.join(outDir, `${name}.png`);
  writeFileSync(file, await compact(png));
  written.push(file);
  process.stdout.write(`  ${path.relative(root, file)}\n`);
}

/** Re-encodes a PNG with a palette when sharp is available (a UI needs few colours). */
async function compact(png) {
  try {
    const { default: sharp } = await import('sharp');
    return await sharp(png)
      .png({ palette: true, colours: 256, dither: 0, effort: 10, compressionLevel: 9 })
      .toBuffer();
  } catch {
    return png;
  }
}

/** Opens a header button's modal, captures it, and closes it again. */
async function shootModal(page, button, dialogName, name, written) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await shoot(page, name, written);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

async function capture(baseURL, dataDir) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--hide-scrollbars',
    ],
  });
  const written = [];
  try {
    await seedNotifications(baseURL, dataDir);
    const fresh = await createFreshUser(baseURL);

    for (const scheme of SCHEMES) {
      process.stdout.write(`${scheme}:\n`);
      // Auth layout: the sign-in page, signed out.
      const visitor = await newContext(browser, baseURL, scheme);
      const page = await visitor.newPage();
      await page.goto('/auth/login');
      await page.getByTestId('layout-auth').waitFor();
      await shoot(page, `auth-${scheme}`, written);

      // Onboarding layout: a signed-in user without an organization.
      await signIn(page, fresh.email, fresh.password);
      await page.waitForURL(/\/onboarding$/);
      await page.getByTestId('layout-onboarding').waitFor();
      await shoot(page, `onboarding-${scheme}`, written);
      await visitor.close();

      // Default layout: the demo user's dashboard, with the sidebar and the collections panel.
      const member = await newContext(browser, baseURL, scheme);
      const workspace = await member.newPage();
      await signIn(workspace, DEMO.email, DEMO.password);
      await workspace.waitForURL(/\/dashboard$/);
      const panel = workspace.getByRole('complementary', { name: 'Collections' });
      await panel.getByRole('link').first().waitFor();
      await shoot(workspace, `default-${scheme}`, written);

      // The scheduling areas and the public pages, with the demo station's data.
      for (const [pathname, name] of PAGES) {
        await workspace.goto(pathname);
        await workspace.getByRole('heading', { level: 1 }).first().waitFor();
        // The page's data arrives after its heading; the players keep the network busy.
        await workspace.waitForTimeout(1500);
        await shoot(workspace, `${name}-${scheme}`, written);
      }
      await workspace.goto('/dashboard');
      await panel.getByRole('link').first().waitFor();

      if (scheme === 'dark') {
        await shootModal(workspace, 'Settings', 'Settings', 'settings-dark', written);
        await shootModal(workspace, 'Help', 'Help', 'help-dark', written);
        await shootModal(
          workspace,
          'Notifications',
          /^Notifications/,
          'notifications-dark',
          written,
        );
        // Watch layout: always dark by design (theme-for-path.ts), so captured once.
        await workspace.goto('/watch');
        await workspace.getByTestId('layout-watch').waitFor();
        await workspace.waitForTimeout(3000); // the test pattern starts playing
        await shoot(workspace, 'watch-dark', written);
      }
      await member.close();
    }
  } finally {
    await browser.close();
  }
  return written;
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'airgrid-screenshots-'));
  let server;
  const stop = async (code) => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  };
  // Ctrl-C or a kill must not leave the server running on its port.
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stop(130));

  try {
    server = await startServer(dataDir, await freePort());
    process.stdout.write(`Server on ${server.baseURL}, data in ${dataDir}\n`);
    const written = await capture(server.baseURL, dataDir);
    process.stdout.write(`Wrote ${written.length} screenshots to ${path.relative(root, outDir)}\n`);
    await stop(0);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
    await stop(1);
  }
}

await main();
