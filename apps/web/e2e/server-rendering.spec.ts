import { type APIRequestContext, expect, test } from '@playwright/test';

// The pages viewers land on arrive rendered by the server (docs/decisions/
// 0023-server-rendered-public-pages.md): readable before any script runs, and taken over by the
// app in place (hydration) rather than drawn again.

/** What a phone's browser sends, so the page polled is the one the phone below is given. */
const PHONE_HINT = { 'sec-ch-ua-mobile': '?1' };

/** Waits until the server answers `path` with its rendered page (the first render after start can be slow). */
async function whenRendered(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string> = PHONE_HINT,
): Promise<void> {
  await expect
    .poll(
      async () =>
        (await (await request.get(path, { headers })).text()).includes('id="airgrid-state"'),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
}

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const;

test('without scripts, the landing page, the guide and the watch page already show the station', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of ['/', '/o/riverside/tvguide', '/o/riverside/watch/rctv-1']) {
    await whenRendered(request, path);
  }

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Airgrid TV' })).toBeVisible();
  // (What is on now shows only while the server carries one public station; other specs add more.)
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();

  await page.goto('/o/riverside/tvguide');
  await expect(page.getByRole('heading', { level: 1, name: 'TV guide' })).toBeVisible();
  // A phone gets the guide's list: each channel with what is on now.
  await expect(page.getByText('RCTV 1 Community').first()).toBeVisible();
  await expect(page.getByText('Now', { exact: true }).first()).toBeVisible();

  await page.goto('/o/riverside/watch/rctv-1');
  await expect(page.getByRole('heading', { level: 1, name: 'RCTV 1 Community' })).toBeVisible();
  await expect(page.getByText('Today', { exact: true })).toBeVisible();
  await context.close();
});

test('without scripts, a desktop guide shows the programmes, not only the channels', async ({
  browser,
  request,
}) => {
  await whenRendered(request, '/o/riverside/tvguide', { 'sec-ch-ua-mobile': '?0' });
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto('/o/riverside/tvguide');
  await expect(page.getByRole('rowheader').first()).toBeVisible();
  // Each of the demo's channels airs something from midnight on: its first block is drawn.
  const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader') });
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    await expect(rows.nth(index).getByRole('gridcell').first()).toBeVisible();
  }
  await context.close();
});

test('the app takes over the server’s markup where it stands, and the page works', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Remember the server's <main> before the app's scripts run.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { serverMain?: Element | null }).serverMain = document.querySelector('#root main');
    });
  });

  for (const path of ['/', '/o/riverside/tvguide', '/o/riverside/watch/rctv-1']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    const kept = await page.evaluate(() => {
      const main = (window as { serverMain?: Element | null }).serverMain;
      return Boolean(main?.isConnected);
    });
    expect(kept, path).toBe(true);
  }
  // Hydrated: the guide's buttons answer.
  await page.goto('/o/riverside/tvguide', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(/date=/);
  expect(errors).toEqual([]);
  await context.close();
});
