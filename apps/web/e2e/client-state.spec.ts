import type { Page } from '@playwright/test';
import { SettingsModal } from './pages/settings-modal';
import { expect, openAsOwner, test } from './support/fixtures';

// The client cache (seed §4): localStorage `cache` holds the avatar, notifications and theme,
// saved after each change; storage failures only warn on the console. Each test signed in runs
// as its own station's owner: choosing a theme also saves it in the account's settings, which
// on the shared demo owner would turn every later spec's pages light.

const readCache = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('cache') ?? 'null'));

test.describe('client cache', () => {
  test('saves the theme, avatar and notifications under "cache", and log out keeps only the theme', async ({
    page,
    station,
  }) => {
    await openAsOwner(page, station);
    await expect.poll(async () => (await readCache(page))?.notifications).toBeInstanceOf(Array);
    expect(await readCache(page)).toHaveProperty('avatar');

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
