import type { Page } from '@playwright/test';
import { TimeslotsPage } from './pages/timeslots-page';
import { expect, openAsOwner, type Station, test } from './support/fixtures';

// The week and longer views read (issue 36, items 3 and 4): bars coloured by channel (or by
// show category, remembered), labels where they fit, a day strip with counts that opens a day,
// a tooltip kept inside the chart, and a cancelled airing that stays on the chart, hatched,
// with Restore in its panel. The page's clock is pinned to Tuesday 10 March 2026, 11:00 AM in
// New York (the station's zone, on daylight time since the 8th).

test.use({ viewport: { width: 1366, height: 800 } });

const NOW = new Date('2026-03-10T15:00:00Z');
/** Channel Two's own colour, and the default scheme's first colour (Channel One has none). */
const CHANNEL_TWO_RGB = 'rgb(26, 61, 107)';
const PALETTE_FIRST_RGB = 'rgb(59, 110, 143)';

interface Week {
  two: string;
  /** Timeslot ids by name. */
  slots: Record<'news' | 'weather' | 'monday' | 'film' | 'late', string>;
}

/** A week on two channels: three airings on Channel One, two on Channel Two; no categories. */
async function seedWeek(station: Station): Promise<Week> {
  const organization = String(station.organization?.id);
  const one = String(station.channel?.id);
  const two = (
    await station.pb.collection('channels').create({
      organization,
      name: 'Channel Two',
      slug: 'channel-two',
      number: 2,
      timeZone: 'America/New_York',
      public: true,
      color: '#1a3d6b',
    })
  ).id;
  const show = async (title: string, minutes: number) =>
    (
      await station.pb
        .collection('shows')
        .create({ organization, title, durationSec: minutes * 60, status: 'ready' })
    ).id;
  const news = await show('Morning Report', 60);
  const weather = await show('Weather Desk', 30);
  const film = await show('Film Night Marathon', 480);
  const slot = async (channel: string, showId: string, start: string, minutes: number) =>
    (
      await station.pb.collection('timeslots').create({
        organization,
        channel,
        show: showId,
        start,
        durationSec: minutes * 60,
        status: 'scheduled',
      })
    ).id;
  return {
    two,
    slots: {
      // Tuesday 10 March: 10:00 and 12:00 on Channel One, 7 PM for eight hours on Channel Two.
      news: await slot(one, news, '2026-03-10 14:00:00.000Z', 60),
      weather: await slot(one, weather, '2026-03-10 16:00:00.000Z', 30),
      film: await slot(two, film, '2026-03-10 23:00:00.000Z', 480),
      // Monday 9 March, 8 AM; Sunday 15 March, 10 PM (the window's right edge).
      monday: await slot(one, news, '2026-03-09 12:00:00.000Z', 60),
      late: await slot(two, weather, '2026-03-16 02:00:00.000Z', 60),
    },
  };
}

async function openWeek(page: Page, station: Station): Promise<TimeslotsPage> {
  await page.clock.install({ time: NOW });
  await openAsOwner(page, station, '/timeslots');
  await expect(page.getByRole('region', { name: 'Schedule' })).toBeVisible();
  await page.getByLabel('Precision').selectOption('day');
  await expect(page.getByTestId('timeslots-window')).toHaveText('Mar 9 – Mar 15, 2026');
  return new TimeslotsPage(page);
}

const background = (page: Page, id: string) =>
  page.locator(`[data-bar-id="${id}"]`).evaluate((bar) => getComputedStyle(bar).backgroundColor);

test('the week view colours bars by channel, labels what fits, counts each day and opens it', async ({
  page,
  station,
}) => {
  const { slots: ids } = await seedWeek(station);
  const slots = await openWeek(page, station);

  // Coloured by channel (the default): Channel Two in its own colour, Channel One in the
  // scheme's first; the shows have no category, which used to make every bar one colour.
  await expect(page.getByLabel('Colour by')).toHaveValue('row');
  await expect.poll(() => background(page, ids.film)).toBe(CHANNEL_TWO_RGB);
  await expect.poll(() => background(page, ids.late)).toBe(CHANNEL_TWO_RGB);
  await expect.poll(() => background(page, ids.news)).toBe(PALETTE_FIRST_RGB);
  await expect.poll(() => background(page, ids.weather)).toBe(PALETTE_FIRST_RGB);

  // The eight-hour film is wide enough for its title; the half hour is a sliver without one.
  await expect(slots.bar(ids.film).getByText('Film Night Marathon')).toBeVisible();
  await expect(slots.bar(ids.weather)).toHaveAttribute('data-label', 'hidden');

  // The day strip counts what starts each day, on both channels.
  const days = page.getByTestId('timeline-days');
  const tuesday = days.getByRole('button', { name: 'Open Tue, Mar 10: 3 timeslots' });
  await expect(tuesday).toHaveText('3');
  await expect(days.getByRole('button', { name: 'Open Mon, Mar 9: 1 timeslot' })).toHaveText('1');
  await expect(days.getByRole('button', { name: 'Open Wed, Mar 11: 0 timeslots' })).toHaveText('');

  // The tooltip of the bar at the chart's bottom-right corner stays inside the chart.
  await slots.bar(ids.late).hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Weather Desk');
  await expect(tooltip).toContainText('Channel Two');
  const chart = await page.getByRole('region', { name: 'Schedule' }).boundingBox();
  const tip = await tooltip.boundingBox();
  if (!chart || !tip) throw new Error('The chart or its tooltip is not on screen.');
  expect(tip.x).toBeGreaterThanOrEqual(chart.x);
  expect(tip.y).toBeGreaterThanOrEqual(chart.y);
  expect(tip.x + tip.width).toBeLessThanOrEqual(chart.x + chart.width);
  expect(tip.y + tip.height).toBeLessThanOrEqual(chart.y + chart.height);
  await page.mouse.move(5, 5);

  // A click on Tuesday opens it at hour precision, where the titles read.
  await tuesday.click();
  await expect(page.getByLabel('Precision')).toHaveValue('hour');
  await expect(page.getByTestId('timeslots-window')).toHaveText('Mar 10, 2026');
  await expect(page.getByTestId('timeline-days')).toHaveCount(0);
  await expect(slots.bar(ids.news).getByText('Morning Report')).toBeVisible();
  await expect(slots.bar(ids.monday)).toHaveCount(0);

  // Colouring by show category is remembered across a reload.
  await page.getByLabel('Colour by').selectOption('category');
  await page.reload();
  await expect(page.getByLabel('Colour by')).toHaveValue('category');
});

test('a cancelled airing stays on the chart, hatched and said to be cancelled, and is restored from its panel', async ({
  page,
  station,
}) => {
  const { slots: ids } = await seedWeek(station);
  const slots = await openWeek(page, station);
  const bar = slots.bar(ids.news);
  const panel = page.getByRole('dialog', { name: 'Timeslot', exact: true });

  await bar.click();
  await panel.getByRole('button', { name: 'Cancel this airing' }).click();
  await expect(page.getByText('Morning Report cancelled')).toBeVisible();
  await expect(panel).toBeHidden();

  // Still on the week, marked cancelled for the eye and the ear, and out of Tuesday's count.
  await expect(bar).toHaveAttribute('data-cancelled', 'true');
  await expect(bar).toHaveAttribute(
    'aria-label',
    /^Morning Report, 03\/10\/2026 10:00 AM.*, Cancelled$/,
  );
  await expect(
    page
      .getByTestId('timeline-days')
      .getByRole('button', { name: 'Open Tue, Mar 10: 2 timeslots' }),
  ).toBeVisible();

  // On its day the label is struck through; the tooltip says so too.
  await page.getByLabel('Precision').selectOption('hour');
  await expect(page.getByTestId('timeslots-window')).toHaveText('Mar 10, 2026');
  await expect(bar).toHaveAttribute('data-cancelled', 'true');
  await expect(bar.getByText('Morning Report')).toHaveCSS('text-decoration-line', 'line-through');
  await bar.hover();
  await expect(page.getByRole('tooltip')).toContainText('Cancelled');
  await page.mouse.move(5, 5);

  // Its handles are gone: a drag does not move it.
  const start = await bar.getAttribute('data-start');
  await slots.dragBar(ids.news, 60, 60);
  await expect(panel).toBeHidden();
  expect(await bar.getAttribute('data-start')).toBe(start);

  // Restore from its panel.
  await bar.click();
  await expect(panel.getByRole('button', { name: 'Cancel this airing' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Restore this airing' }).click();
  await expect(page.getByText('Morning Report restored')).toBeVisible();
  await expect(bar).not.toHaveAttribute('data-cancelled');
  expect((await station.pb.collection('timeslots').getOne(ids.news)).status).toBe('scheduled');
});
