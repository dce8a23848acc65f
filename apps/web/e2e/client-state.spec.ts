import type { Page } from '@playwright/test';
import { SettingsModal } from './pages/settings-modal';
import { expect, openAsOwner, test } from './support/fixtures';

// The client cache (seed §4): localStorage `cache` holds the theme and the signed-in user's
// unread notifications with their id, saved after each change; the notifications paint from it
// on the next visit, for that user only, until the server answers. Storage failures only warn
// on the console. Each test signed in runs
// as its own station's owner: choosing a theme also saves it in the account's settings, which
// on the shared demo owner would turn every later spec's pages light.

const readCache = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('cache') ?? 'null'));

test.describe('client cache', () => {
  test('saves the theme and the user’s notifications under "cache", and log out keeps only the theme', async ({
    page,
    station,
  }) => {
    await openAsOwner(page, station);
    await expect.poll(async () => (await readCache(page))?.notifications).toBeInstanceOf(Array);
    expect((await readCache(page))?.user).toBe(station.user.id);

    const settings = new SettingsModal(page);
    await settings.open();
    await settings.card('Appearance').getByText('Light', { exact: true }).click();
    await expect.poll(async () => (await readCache(page))?.theme).toBe('light');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await readCache(page)).toEqual({ theme: 'light' });
  });

  test('paints the user’s cached notifications before the server answers, then the answer', async ({
    page,
    station,
  }) => {
    const cached = {
      id: 'cachedcached001',
      created: '2026-01-01 10:00:00.000Z',
      updated: '2026-01-01 10:00:00.000Z',
      user: station.user.id,
      title: 'Read on another device since',
      body: '',
      read: false,
      type: 'info',
      path: '',
      img: '',
    };
    await page.addInitScript(
      (cache) => window.localStorage.setItem('cache', JSON.stringify(cache)),
      { user: station.user.id, notifications: [cached] },
    );
    // Hold the list request until the cached list has been seen.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/collections/notifications/records?*', async (route) => {
      await held;
      await route.continue();
    });
    await openAsOwner(page, station);
    const bell = page.getByRole('button', { name: 'Notifications' });
    await expect(bell).toHaveAttribute('aria-description', '1 unread');
    await bell.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(cached.title)).toBeVisible();

    answer();
    // The server has no such notification: the cached one goes, and leaves the cache too.
    await expect(dialog.getByText(cached.title)).toHaveCount(0);
    await expect
      .poll(async () => (await readCache(page))?.notifications?.map((n: { id: string }) => n.id))
      .not.toContain(cached.id);
  });

  test('never paints notifications cached for another user', async ({ page, station }) => {
    const theirs = {
      id: 'cachedcached002',
      created: '2026-01-01 10:00:00.000Z',
      updated: '2026-01-01 10:00:00.000Z',
      user: 'someoneelse0001',
      title: 'Someone else’s',
      body: '',
      read: false,
      type: 'info',
      path: '',
      img: '',
    };
    await page.addInitScript(
      (cache) => window.localStorage.setItem('cache', JSON.stringify(cache)),
      { user: 'someoneelse0001', notifications: [theirs] },
    );
    await page.route('**/api/collections/notifications/records?*', () => {
      // Never answered: only the cache could fill the list.
    });
    await openAsOwner(page, station);
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByText('Someone else’s')).toHaveCount(0);
    await expect(bell).not.toHaveAttribute('aria-description', /unread/);
  });

  test('warns "Failed to save to localStorage" when storage refuses, and the app carries on', async ({
    page,
    station,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.addInitScript(() => {
      const original = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === 'cache')
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.call(this, key, value);
      };
    });
    await openAsOwner(page, station);
    await expect
      .poll(() => warnings.some((text) => text.startsWith('Failed to save to localStorage')))
      .toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('warns "Failed to load theme from localStorage" when storage is blocked', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Access is denied.', 'SecurityError');
        },
      });
    });
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(warnings).toContain('Failed to load theme from localStorage');
  });
});
