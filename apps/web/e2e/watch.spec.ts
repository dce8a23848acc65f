import { expectNoSeriousA11yViolations } from './support/axe';
import { seedStation, signInBrowser } from './support/fixtures';
import { expect, type Page, test } from './support/test';

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

    // The stream dies: the programme on air is still said, never "right back" over it.
    const onAir = String(await page.getByTestId('watch-now').locator('p').nth(1).textContent());
    await page.route('**/api/v1/streams/**', (route) => route.abort());
    const bumper = page.getByTestId('watch-not-streaming');
    await expect(bumper).toBeVisible({ timeout: 45_000 });
    await expect(bumper).toContainText('On now');
    await expect(bumper).toContainText(onAir);
    await expect(bumper).toContainText('The stream is not answering');
    await expect(bumper).not.toContainText('right back');
    await expect(bumper.getByRole('progressbar')).toBeVisible();
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

  test('a programme on a channel with no stream is said as on air, with what to fix for staff', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { pb, organization, channel } = await stationWithChannel(baseURL ?? '', {
      streamUrl: '',
    });
    const show = await pb.collection('shows').create({ organization, title: 'Council Live' });
    const quarter = 15 * 60_000;
    const start = Math.floor(Date.now() / quarter) * quarter;
    await pb.collection('timeslots').create({
      organization,
      channel: channel.id,
      show: show.id,
      start: new Date(start).toISOString().replace('T', ' '),
      durationSec: 3600,
    });

    // A viewer: what is on, and that the channel is not streaming; no "right back".
    const viewer = await browser.newPage();
    await viewer.goto(`/watch/${channel.id}`);
    const card = viewer.getByTestId('watch-not-streaming');
    await expect(card).toContainText('Council Live');
    await expect(card).toContainText('This channel is not streaming right now.');
    await expect(card).not.toContainText('right back');
    await expect(viewer.getByTestId('watch-bumper')).toHaveCount(0);
    await viewer.screenshot({ path: test.info().outputPath('watch-no-stream-viewer.png') });
    await viewer.close();

    // The station's own people are told what to fix, with the way there.
    await signInBrowser(page, pb);
    await page.goto(`/watch/${channel.id}`);
    const staff = page.getByTestId('watch-not-streaming');
    await expect(staff).toContainText('This channel’s stream is not set up');
    await staff.getByRole('link', { name: 'Add the stream address on the channel’s page' }).click();
    await expect(page).toHaveURL(new RegExp(`/channels/${channel.id}$`));
  });

  test('a channel on Airgrid playout plays its live playlist with nothing scheduled: only a failing player brings up the bumper', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // Nothing scheduled, and a stream URL left from before: the source decides what plays.
    const { channel } = await stationWithChannel(baseURL ?? '', {
      source: 'playout',
      streamUrl: 'https://streams.example.org/old.m3u8',
    });
    const playlist = `/api/v1/channels/${channel.id}/live.m3u8`;
    // The server's playout is not what this tests: its playlist fails first, then answers with
    // the built-in test pattern's (and its segments, named relative to the playlist).
    const origin = new URL(baseURL ?? '').origin;
    const channelFiles = new RegExp(`/api/v1/channels/${channel.id}/([^/?]+)$`);
    let answering = false;
    await page.route(channelFiles, async (route) => {
      if (!answering) return route.abort();
      const name = channelFiles.exec(new URL(route.request().url()).pathname)?.[1] ?? '';
      const response = await route.fetch({
        url: `${origin}/api/v1/streams/test-pattern/${name}`,
      });
      return route.fulfill({ response });
    });

    const requested = page.waitForRequest((request) => request.url().endsWith(playlist));
    await page.goto(`/watch/${channel.id}`);
    await requested;
    const video = page.getByTestId('watch-video');
    await expect(video).toHaveAttribute('data-live-src', playlist);
    // A failing player is the one thing that covers it: the bumper, never "not streaming".
    const bumper = page.getByTestId('watch-bumper');
    await expect(bumper).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('watch-not-streaming')).toHaveCount(0);

    // The playlist answers: the player tries again by itself, plays, and the bumper goes,
    // though nothing is on the schedule (the playout airs filler or its slate then).
    answering = true;
    await expect(bumper).toBeHidden({ timeout: 30_000 });
    await expect(video).toHaveAttribute('data-player-state', 'playing', { timeout: 30_000 });
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await expect(page.getByTestId('watch-not-streaming')).toHaveCount(0);
    // The player keeps loading segments: a fetch still under way as the page closes is dropped.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a private or unknown channel is not found', async ({ page, baseURL }) => {
    const { channel } = await stationWithChannel(baseURL ?? '', { public: false });
    await page.goto(`/watch/${channel.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Channel not found' })).toBeVisible();
    await page.goto('/watch/no-such-channel');
    await expect(page.getByText('There is no public channel “no-such-channel”.')).toBeVisible();
  });
});

test.describe('the channel switcher and today’s list', () => {
  /** A fresh station on UTC with channels 1, 2, 3 and 12 (no streams: the bumper shows). */
  async function lineUp(baseURL: string) {
    const station = await seedStation(baseURL, { timeZone: 'UTC' });
    const organization = String(station.organization?.id);
    const make = (number: number, name: string) =>
      station.pb.collection('channels').create({
        organization,
        name,
        slug: name.toLowerCase().replace(/ /g, '-'),
        number,
        timeZone: 'UTC',
        public: true,
      });
    const two = await make(2, 'Channel Two');
    await make(3, 'Channel Three');
    await make(12, 'Channel Twelve');
    return { ...station, organization, first: String(station.channel?.id), two: two.id };
  }

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

  test('switches channel by click, by number keys and by up and down, as on a TV', async ({
    page,
    baseURL,
  }) => {
    const station = await lineUp(baseURL ?? '');
    await page.goto(`/watch/${station.first}`);
    await expect(heading(page, 'Channel One')).toBeVisible();
    const switcher = page.getByRole('navigation', { name: 'Channels' });
    // Every public channel, by number and name, in number order; the current one marked.
    await expect(switcher.getByRole('link')).toHaveText([
      '1Channel One',
      '2Channel Two',
      '3Channel Three',
      '12Channel Twelve',
    ]);
    await expect(switcher.getByRole('link', { name: '1 Channel One' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.screenshot({ path: test.info().outputPath('watch-switcher.png') });

    // A click.
    await switcher.getByRole('link', { name: '2 Channel Two' }).click();
    await expect(heading(page, 'Channel Two')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/watch/${station.two}$`));

    // A digit no longer number starts with tunes at once.
    await page.keyboard.press('3');
    await expect(heading(page, 'Channel Three')).toBeVisible();
    // Two digits: "1" waits (there is a 12), "2" completes it.
    await page.keyboard.press('1');
    await expect(page.getByTestId('watch-tuning')).toHaveText('Channel 1_');
    await page.keyboard.press('2');
    await expect(heading(page, 'Channel Twelve')).toBeVisible();
    // "1" then Enter tunes to 1 without waiting.
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Channel One')).toBeVisible();
    // A number no channel has says so and stays put.
    await page.keyboard.press('7');
    await expect(page.getByTestId('watch-tuning')).toHaveText('No channel 7');
    await expect(heading(page, 'Channel One')).toBeVisible();

    // Up and down step in number order and wrap round.
    await page.keyboard.press('ArrowDown');
    await expect(heading(page, 'Channel Twelve')).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await expect(heading(page, 'Channel One')).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await expect(heading(page, 'Channel Two')).toBeVisible();
    // The buttons do the same.
    await page.getByRole('button', { name: 'Previous channel' }).click();
    await expect(heading(page, 'Channel One')).toBeVisible();
    await page.getByRole('button', { name: 'Next channel' }).click();
    await expect(heading(page, 'Channel Two')).toBeVisible();

    // Keys typed into a field are the field's: the guide link's page search has none, so a
    // field is made for the check.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Typing here');
      document.body.append(input);
    });
    await page.getByLabel('Typing here').pressSequentially('3');
    await page.getByLabel('Typing here').press('ArrowUp');
    await expect(page.getByLabel('Typing here')).toHaveValue('3');
    await expect(heading(page, 'Channel Two')).toBeVisible();
  });

  test('today’s list opens at the programme on now, with the earlier ones behind a toggle', async ({
    page,
    baseURL,
  }) => {
    const station = await lineUp(baseURL ?? '');
    const titles = ['Dawn Report', 'Morning Show', 'Midday Talk', 'Afternoon Film', 'Evening News'];
    const hours = [6, 8, 10, 12, 14];
    for (const [index, title] of titles.entries()) {
      const show = await station.pb
        .collection('shows')
        .create({ organization: station.organization, title });
      await station.pb.collection('timeslots').create({
        organization: station.organization,
        channel: station.channel?.id,
        show: show.id,
        start: `2030-01-15 ${String(hours[index]).padStart(2, '0')}:00:00.000Z`,
        durationSec: 7200,
      });
    }
    // 12:30 on the channel's clock: "Afternoon Film" is on.
    await page.clock.setFixedTime(new Date('2030-01-15T12:30:00Z'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/watch/${station.first}`);
    const list = page.getByRole('list', { name: 'Today’s schedule' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText('Afternoon Film');
    await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-current', 'true');
    // On a phone the programme on now is on the first screen: the Now card under the player.
    await expect(page.getByTestId('watch-now')).toContainText('Afternoon Film');
    await expect(page.getByTestId('watch-now')).toBeInViewport({ ratio: 1 });

    const toggle = page.getByRole('button', { name: 'Show earlier (3)' });
    await toggle.click();
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await expect(list.getByRole('listitem').first()).toContainText('Dawn Report');
    await expect(page.getByRole('button', { name: 'Hide earlier' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await page.getByRole('button', { name: 'Hide earlier' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);

    // The guide link is a real, readable link (the theme's link colour, not the browser's).
    const guideLink = page.getByRole('link', { name: 'Full TV guide' });
    await expect(guideLink).toBeVisible();
    const color = await guideLink.evaluate((link) => getComputedStyle(link).color);
    expect(color).not.toBe('rgb(0, 0, 238)');
    expect(color).not.toBe('rgb(85, 26, 139)');
  });
});
