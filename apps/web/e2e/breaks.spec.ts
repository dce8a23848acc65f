import { addDays, localToInstant, mondayOfWeek, toRecordDate } from '@airgrid/domain';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { TimeslotsPage } from './pages/timeslots-page';
import { expectNoSeriousA11yViolations } from './support/axe';
import { BROWSER_TIME_ZONE, expect, type Station, signInBrowser, test } from './support/fixtures';
import { testClip } from './support/media';
import { inviteSomeoneWhoJoins, signedIn } from './support/members';

// Issue 40, items 2 and 5: the staff's timeline shows the breaks and the spots placed in them.
// A station with a 30-second show (a break point at 0:12) in a 15-minute slot next Monday at
// 19:00, and two booked campaigns of one 60-second spot each: both may air only in the break
// at 19:00:12 (two minutes: full with both), and the second once more after the programme
// (12:30 long, 11:30 of it free). The server places them a second after the last change; the
// Breaks switch (off until chosen, then remembered) draws them under the channel's bars, each
// named with its spots, and a viewer sees the same, kept current as placements change.
// Needs ffmpeg (the media).

const ZONE = BROWSER_TIME_ZONE;
/** Monday of next week on the station's clock: still to come whatever day the test runs. */
const DAY = addDays(mondayOfWeek(Date.now(), ZONE), 7);
const SLOT = localToInstant(`${DAY}T19:00`, ZONE);
const MONDAY = 1;

/** Waits for the media probe of `target` (`shows/id`, `ads/id`) to finish. */
async function probed(pb: PocketBase, target: string) {
  await expect
    .poll(
      async () => {
        const [job] = await pb.collection('jobs').getFullList<RecordModel>({
          filter: pb.filter('kind = "media-probe" && target = {:target}', { target }),
        });
        if (job?.state === 'failed') throw new Error(`The probe of ${target} failed: ${job.error}`);
        return job?.state;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe('done');
}

interface ReadBreak {
  kind: string;
  freeSec: number;
  spots: { adTitle: string }[];
}

/** The channel's breaks of the day as the server reads them (what the chart will draw). */
async function breaksOfTheDay(pb: PocketBase, channel: string): Promise<ReadBreak[]> {
  const from = new Date(localToInstant(`${DAY}T00:00`, ZONE)).toISOString();
  const to = new Date(localToInstant(`${addDays(DAY, 1)}T00:00`, ZONE)).toISOString();
  const read = await pb.send<{ breaks: ReadBreak[] }>(`/api/v1/channels/${channel}/breaks`, {
    query: { from, to },
  });
  return read.breaks;
}

/** The show, the spots, the slot and the two campaigns; resolves once both are placed. */
async function seedCampaigns(station: Station) {
  const { pb } = station;
  const organization = String(station.organization?.id);
  const channel = String(station.channel?.id);
  const clip = (bytes: Buffer, name: string) =>
    new File([new Uint8Array(bytes)], name, { type: 'video/mp4' });
  // 1,500 frames at 25 fps: 60 s exactly, so two fill a two-minute break to the frame.
  const minute = testClip({ frames: 1500, rate: '25' });
  const show = await pb.collection('shows').create({
    organization,
    title: 'Evening Magazine',
    durationSec: 900,
    status: 'ready',
    media: clip(testClip({ seconds: 30 }), 'magazine.mp4'),
  });
  const bakery = await pb.collection('sponsors').create({ organization, name: 'Hilltop Bakery' });
  const books = await pb.collection('sponsors').create({ organization, name: 'River Books' });
  const bread = await pb.collection('ads').create({
    organization,
    title: 'Bread',
    sponsor: bakery.id,
    media: clip(minute, 'bread.mp4'),
  });
  const reading = await pb.collection('ads').create({
    organization,
    title: 'Reading',
    sponsor: books.id,
    media: clip(minute, 'reading.mp4'),
  });
  await Promise.all([
    probed(pb, `shows/${show.id}`),
    probed(pb, `ads/${bread.id}`),
    probed(pb, `ads/${reading.id}`),
  ]);
  await pb.collection('shows').update(show.id, { breakPoints: [12] });
  for (const ad of [bread, reading]) {
    const active = await pb.collection('ads').update(ad.id, { status: 'active' });
    expect(active.durationSec).toBe(60);
  }
  await pb.collection('timeslots').create({
    organization,
    channel,
    show: show.id,
    start: toRecordDate(SLOT),
    durationSec: 900,
  });
  const campaign = (name: string, sponsor: string, ad: string, to: string, spots: number) =>
    pb.collection('campaigns').create({
      organization,
      name,
      sponsor,
      status: 'booked',
      flightStart: DAY,
      flightEnd: DAY,
      channels: [channel],
      dayparts: [{ days: [MONDAY], from: '19:00', to }],
      goalPer: 'day',
      goalSpots: spots,
      ads: [ad],
    });
  // The bakery's spot fits only the break point's break; the bookshop's also the end break.
  await campaign('Bakery spring', bakery.id, bread.id, '19:01', 1);
  const bookshop = await campaign('Books spring', books.id, reading.id, '19:05', 2);
  await expect
    .poll(
      async () =>
        (await breaksOfTheDay(pb, channel))
          .filter((brk) => brk.kind !== 'gap')
          .map((brk) => `${brk.kind}:${brk.spots.length}:${brk.freeSec === 0 ? 'full' : 'free'}`),
      { timeout: 30_000, intervals: [500] },
    )
    .toEqual(['point:2:full', 'end:1:free']);
  return { bookshop: bookshop.id };
}

test('the timeline shows a channel’s breaks with the spots placed in them, full and free', async ({
  page,
  station,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
  const { bookshop } = await seedCampaigns(station);
  const channel = String(station.channel?.id);

  await page.setViewportSize({ width: 1366, height: 900 });
  const slots = new TimeslotsPage(page);
  await page.goto(`/timeslots?date=${DAY}`);
  await expect(slots.barsOf(channel)).toHaveCount(1);
  // Off until chosen: a station without campaigns sees its chart as before.
  await expect(slots.breaksSwitch()).not.toBeChecked();
  await expect(slots.marksOf(channel)).toHaveCount(0);
  await slots.breaksSwitch().check();
  await expect(page.getByTestId('breaks-legend')).toContainText('Some spots');

  const track = slots.track(channel);
  const full = track.getByRole('img', { name: /^Break 7:00:12 PM, 2:00 long, full: / });
  await expect(full).toHaveAttribute('data-level', 'full');
  await expect(full).toHaveAccessibleName(/Hilltop Bakery — Bread \(1:00\)/);
  await expect(full).toHaveAccessibleName(/River Books — Reading \(1:00\)/);
  const some = track.getByRole('img', {
    name: /^Break 7:02:30 PM, 12:30 long, 11:30 free: River Books — Reading \(1:00\)$/,
  });
  await expect(some).toHaveAttribute('data-level', 'some');
  // An empty gap is drawn with its tooltip but not read out (a hundred a day would drown the
  // breaks that matter); the label is the tooltip.
  const gap = track.locator('[title="Gap 7:15:00 PM, 15:00 long, empty"]');
  await expect(gap).toHaveAttribute('data-level', 'empty');
  await expect(gap).toHaveAttribute('aria-hidden', 'true');
  await expect(track.getByRole('img', { name: /^Gap / })).toHaveCount(0);
  // Every quarter hour of the day but the slot's is a gap: 95 of them, and the slot's 2 breaks.
  await expect(slots.marksOf(channel)).toHaveCount(97);

  // The marks sit under the bar, never on it: a press on the bar is the bar's.
  const [barBox, fullBox] = [
    await slots.barsOf(channel).first().boundingBox(),
    await full.boundingBox(),
  ];
  if (!barBox || !fullBox) throw new Error('The bar or the full break is not on screen.');
  expect(fullBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height);
  expect(fullBox.width).toBeGreaterThanOrEqual(3);
  // The full break and the one with room are told apart by colour, not only by their words.
  const colour = (mark: typeof full) =>
    mark.evaluate(
      (element) =>
        getComputedStyle(element).backgroundImage + getComputedStyle(element).backgroundColor,
    );
  expect(await colour(full)).not.toBe(await colour(some));
  await page
    .getByRole('region', { name: 'Schedule' })
    .screenshot({ path: test.info().outputPath('breaks-chart-1366.png') });
  await page.screenshot({ path: test.info().outputPath('breaks-page-1366.png') });
  await expectNoSeriousA11yViolations(page, 'the timeslots page with breaks');

  // The light scheme (the app opens dark): the marks keep their contrast on a white page.
  await page.evaluate(() => {
    const cache = JSON.parse(window.localStorage.getItem('cache') ?? '{}');
    window.localStorage.setItem('cache', JSON.stringify({ ...cache, theme: 'light' }));
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(full).toBeVisible();
  await page
    .getByRole('region', { name: 'Schedule' })
    .screenshot({ path: test.info().outputPath('breaks-chart-light-1366.png') });

  // A week is too long for them: the legend says where they show.
  await page.getByLabel('Precision').selectOption('day');
  await expect(page.getByText('Breaks show on one day at a time')).toBeVisible();
  await expect(slots.marksOf(channel)).toHaveCount(0);
  await page.getByLabel('Precision').selectOption('hour');
  await expect(full).toBeVisible();

  // Remembered in this browser (the reload above kept it).
  await expect(slots.breaksSwitch()).toBeChecked();

  // The phone: the toolbar wraps, the chart scrolls inside its box, the page does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(slots.breaksSwitch()).toBeVisible();
  await full.scrollIntoViewIfNeeded();
  await expect(full).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({
    path: test.info().outputPath('breaks-page-390.png'),
    fullPage: true,
  });

  // A viewer reads the same breaks.
  const viewer = await inviteSomeoneWhoJoins(baseURL, station);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInBrowser(page, await signedIn(baseURL, viewer.email));
  await page.goto(`/timeslots?date=${DAY}`);
  await expect(
    page.getByText('You can read the schedule; editors change it.', { exact: false }),
  ).toBeVisible();
  await slots.breaksSwitch().check();
  await expect(full).toHaveAttribute('data-level', 'full');
  await expect(some).toHaveAttribute('data-level', 'some');

  // The bookshop's campaign is paused: the server takes its spots out a second later, and the
  // open page follows without a reload (the campaign's event).
  await station.pb.collection('campaigns').update(bookshop, { status: 'paused' });
  const bakeryAlone = track.getByRole('img', {
    name: 'Break 7:00:12 PM, 2:00 long, 1:00 free: Hilltop Bakery — Bread (1:00)',
  });
  await expect(bakeryAlone).toHaveAttribute('data-level', 'some', { timeout: 15_000 });
  await expect(
    track.getByRole('img', { name: /^Break 7:02:30 PM, 12:30 long, empty$/ }),
  ).toHaveAttribute('data-level', 'empty');
});
