import { expect, type Page, test } from '@playwright/test';
import PocketBase from 'pocketbase';
import { expectNoSeriousA11yViolations } from './support/axe';
import { PASSWORD, unique } from './support/members';

/** Playback position of the page's video, read in the page. */
const playbackTime = (page: Page) =>
  page.getByTestId('watch-video').evaluate((video) => (video as HTMLVideoElement).currentTime);

/** A station of its own with one public channel, signed in with the SDK (the test's side). */
async function stationWithChannel(baseURL: string, channel: Record<string, unknown>) {
  const id = unique();
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  const email = `watch-${id}@example.org`;
  await pb.collection('users').create({ email, password: PASSWORD, passwordConfirm: PASSWORD });
  await pb.collection('users').authWithPassword(email, PASSWORD);
  const organization = await pb.collection('organizations').create({
    name: `Watch ${id}`,
    slug: `watch-${id}`,
    timeZone: 'UTC',
  });
  await pb.collection('users').authRefresh();
  const record = await pb.collection('channels').create({
    organization: organization.id,
    name: `Watch ${id}`,
    slug: `watch-${id}`,
    timeZone: 'UTC',
    public: true,
    ...channel,
  });
  return { pb, organization: organization.id, channel: record };
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

    await page.goto(`/watch/${channel.id}`);
    const bumper = page.getByTestId('watch-bumper');
    await expect(bumper).toContainText('Back at the top of the hour');
    await expect(bumper).toContainText('Council coverage continues shortly.');
    await expect(page.getByTestId('watch-next-up')).toContainText('Council Live');
    const before = await page.getByTestId('watch-countdown').textContent();
    expect(before).toMatch(/^[12]:\d\d:\d\d$/);
    await expect(page.getByTestId('watch-countdown')).not.toHaveText(String(before));
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
