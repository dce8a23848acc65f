import { expectNoSeriousA11yViolations } from './support/axe';
import { seedStation, signInAsDemo } from './support/fixtures';
import { expect, type Locator, test } from './support/test';

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

test('empty tiles offer the station’s channels, and the strip never covers the bumper’s countdown', async ({
  page,
  baseURL,
}) => {
  // A station of the test's own on UTC: two public channels without streams, and a programme
  // at 2 PM on the first; the page's clock pinned at noon, so both tiles show their bumper.
  const station = await seedStation(baseURL ?? '', { timeZone: 'UTC' });
  const organization = String(station.organization?.id);
  await station.pb.collection('channels').create({
    organization,
    name: 'Channel Two',
    slug: 'channel-two',
    number: 2,
    timeZone: 'UTC',
    public: true,
  });
  const show = await station.pb.collection('shows').create({ organization, title: 'Harbour Live' });
  await station.pb.collection('timeslots').create({
    organization,
    channel: station.channel?.id,
    show: show.id,
    start: '2030-01-15 14:00:00.000Z',
    durationSec: 3600,
  });
  await page.clock.setFixedTime(new Date('2030-01-15T12:00:00Z'));
  await page.goto(`/o/${station.organization?.slug}/multiview`);
  const tiles = page.getByTestId('multiview-tile');
  await expect(tiles).toHaveCount(4);

  // The first tile: the bumper with the next programme and its countdown, uncovered.
  const first = tiles.nth(0);
  await expect(first.getByTestId('watch-next-up')).toContainText('Harbour Live');
  await expect(first.getByTestId('watch-countdown')).toHaveText('2:00:00');
  await expect(first.getByText('Starts in')).toBeInViewport({ ratio: 1 });
  await expect(first.getByTestId('multiview-now-next')).toHaveCount(0);

  // Tiles 3 and 4 have no channel: they offer the station's two, by number and name.
  const empty = tiles.nth(2);
  const choices = empty.getByRole('group', { name: 'Channels for tile 3' });
  await expect(choices.getByRole('button')).toHaveText(['1Channel One', '2Channel Two']);
  await expect(tiles.nth(3).getByTestId('multiview-empty')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('multiview-empty-tiles.png') });
  await expectNoSeriousA11yViolations(page, 'multiview with empty tiles');

  await choices.getByRole('button', { name: '2 Channel Two' }).click();
  await expect(empty.getByRole('combobox', { name: 'Channel in tile 3' })).toHaveValue(
    'Channel Two',
  );
  await expect(empty.getByTestId('multiview-empty')).toHaveCount(0);
  await expect(empty.getByTestId('watch-bumper')).toBeVisible();
});
