import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { seedStation } from './support/fixtures';

/** Playback position of the page's video, read in the page. */
const playbackTime = (page: Page) =>
  page.getByTestId('watch-video').evaluate((video) => (video as HTMLVideoElement).currentTime);

/** A station of its own with one public channel on UTC, and the SDK signed in as its owner. */
async function stationWithChannel(baseURL: string, channel: Record<string, unknown>) {
  const station = await seedStation(baseURL, { timeZone: 'UTC' });
  const record = await station.pb
    .collection('channels')
    .update(String(station.channel?.id), channel);
  return { pb: station.pb, organization: String(station.organization?.id), channel: record };
}

// A trace records the screen continuously; with video playing that starves a 2-core machine and
// stalls playback, which is what these tests measure.
test.use({ trace: 'off' });

test.describe('watch', () => {
  test('signed out, a demo channel plays the built-in stream, and the bumper covers a dead stream until it is back', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/watch/rctv-1');
    await expect(page.getByTestId('layout-watch')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'RCTV 1 Community' })).toBeVisible();
    await expect(page.getByTestId('watch-now')).toContainText('Now');
    await expect(
      page.getByRole('list', { name: 'Today’s schedule' }).locator('[aria-current="true"]'),
    ).toHaveCount(1);

    // Playback time advances: real video from the server's own test pattern.
    await expect.poll(() => playbackTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    const first = await playbackTime(page);
    await expect.poll(() => playbackTime(page), { timeout: 15_000 }).toBeGreaterThan(first + 1);
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('watch-playing.png') });
    await expectNoSeriousA11yViolations(page, 'watch page');

    // The stream dies: the bumper and the next programme's countdown take its place.
    await page.route('**/api/v1/streams/**', (route) => route.abort());
    const bumper = page.getByTestId('watch-bumper');
    await expect(bumper).toBeVisible({ timeout: 45_000 });
    await expect(bumper).toContainText('We’ll be right back');
    await expect(page.getByTestId('watch-next-up')).toContainText('Next up');
    await expect(page.getByTestId('watch-countdown')).toHaveText(/^\d+:\d\d(:\d\d)?$/);
    await page.screenshot({ path: test.info().outputPath('watch-bumper.png') });

    // It comes back: playback resumes by itself.
    await page.unroute('**/api/v1/streams/**');
    await expect(bumper).toBeHidden({ timeout: 30_000 });
    const resumed = await playbackTime(page);
    await expect.poll(() => playbackTime(page), { timeout: 15_000 }).toBeGreaterThan(resumed + 0.5);
  });

  test('with nothing on air, the channel’s own bumper counts down to the next programme', async ({
    page,
    baseURL,
  }) => {
    const { pb, organization, channel } = await stationWithChannel(baseURL ?? '', {
      bumperTitle: 'Back at the top of the hour',
      bumperDescription: 'Council coverage continues shortly.',
    });
    const show = await pb.collection('shows').create({ organization, title: 'Council Live' });
    const quarter = 15 * 60_000;
    const start = Math.ceil((Date.now() + 2 * 3_600_000) / quarter) * quarter;
    await pb.collection('timeslots').create({
      organization,
      channel: channel.id,
      show: show.id,
      start: new Date(start).toISOString().replace('T', ' '),
      durationSec: 3600,
    });

    await page.clock.install();
    await page.goto(`/watch/${channel.id}`);
    const bumper = page.getByTestId('watch-bumper');
    await expect(bumper).toContainText('Back at the top of the hour');
    await expect(bumper).toContainText('Council coverage continues shortly.');
    await expect(page.getByTestId('watch-next-up')).toContainText('Council Live');
    // The countdown follows the page's clock: two hours before the start it says so, and a
    // minute later a minute less.
    const countdown = page.getByTestId('watch-countdown');
    await page.clock.setFixedTime(start - 2 * 3_600_000);
    await expect(countdown).toHaveText('2:00:00');
    await page.clock.setFixedTime(start - 2 * 3_600_000 + 60_000);
    await expect(countdown).toHaveText('1:59:00');
    await expect(page.getByTestId('watch-video')).toHaveCount(0);
  });

  test('a private or unknown channel is not found', async ({ page, baseURL }) => {
    const { channel } = await stationWithChannel(baseURL ?? '', { public: false });
    await page.goto(`/watch/${channel.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Channel not found' })).toBeVisible();
    await page.goto('/watch/no-such-channel');
    await expect(page.getByText('There is no public channel “no-such-channel”.')).toBeVisible();
  });
});
