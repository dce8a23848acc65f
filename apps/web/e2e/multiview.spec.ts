import { expect, type Locator, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signInAsDemo } from './support/fixtures';

// A trace records the screen continuously, which starves playback on a small machine.
test.use({ trace: 'off' });

const video = (tile: Locator) => tile.locator('video');
const muted = (tile: Locator) =>
  video(tile).evaluate((element) => (element as HTMLVideoElement).muted);

test('multiview plays several channels, one audible at a time, and keeps the chosen grid', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsDemo(page);
  await page.goto('/multiview');
  const tiles = page.getByTestId('multiview-tile');
  await expect(tiles).toHaveCount(4);
  await expect(tiles.nth(0).getByRole('combobox', { name: 'Channel in tile 1' })).toHaveValue(
    'RCTV 1 Community',
  );
  await expect(tiles.nth(0).getByTestId('multiview-now-next')).toContainText('Now');

  // Real video in the first tile: its playback time advances.
  await expect
    .poll(
      () => video(tiles.nth(0)).evaluate((element) => (element as HTMLVideoElement).currentTime),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(0.5);

  // Every tile starts muted; unmuting one mutes the one heard before.
  for (const index of [0, 1]) expect(await muted(tiles.nth(index))).toBe(true);
  await tiles
    .nth(1)
    .getByRole('button', { name: /^Unmute/ })
    .click();
  expect(await muted(tiles.nth(1))).toBe(false);
  await tiles
    .nth(0)
    .getByRole('button', { name: /^Unmute/ })
    .click();
  expect(await muted(tiles.nth(0))).toBe(false);
  expect(await muted(tiles.nth(1))).toBe(true);
  await page.screenshot({ path: test.info().outputPath('multiview.png') });
  await expectNoSeriousA11yViolations(page, 'multiview');

  // Two tiles, the second showing RCTV 3: saved on the account, so a reload keeps it.
  await page.getByRole('radiogroup', { name: 'Grid' }).getByText('2', { exact: true }).click();
  await expect(tiles).toHaveCount(2);
  await tiles.nth(1).getByRole('combobox', { name: 'Channel in tile 2' }).click();
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/api/collections/users/records/') &&
      response.request().method() === 'PATCH',
  );
  await page.getByRole('option', { name: 'RCTV 3 Government' }).click();
  expect((await saved).status()).toBe(200);
  await expect(tiles.nth(1).getByRole('combobox', { name: 'Channel in tile 2' })).toHaveValue(
    'RCTV 3 Government',
  );
  await page.reload();
  await expect(tiles).toHaveCount(2);
  await expect(tiles.nth(1).getByRole('combobox', { name: 'Channel in tile 2' })).toHaveValue(
    'RCTV 3 Government',
  );
});

test("signed out, a station's multiview shows its public channels", async ({ page }) => {
  await page.goto('/o/riverside/multiview');
  await expect(page.getByTestId('multiview-tile').first()).toBeVisible();
  await expect(page.getByTestId('multiview-tile')).toHaveCount(4);
});
