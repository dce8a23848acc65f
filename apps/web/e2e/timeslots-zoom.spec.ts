import type { Page } from '@playwright/test';
import { TimeslotsPage } from './pages/timeslots-page';
import { expect, openAsOwner, type Station, signInBrowser, test } from './support/fixtures';

// The scheduling chart at every zoom, at 1366 px (the laptop): the window each
// precision shows, a half-hour title that reads at hour precision, hidden labels in narrow
// bars with the text in the tooltip, and times on the user's clock. The page's clock is pinned
// to Tuesday 10 March 2026, 11:00 AM in New York (the station's zone).

test.use({ viewport: { width: 1366, height: 800 } });

const NOW = new Date('2026-03-10T15:00:00Z');

/** A half-hour "Riverbend Today" at 7:30 PM New York time (23:30 UTC) on the station's channel. */
async function seedHalfHour(station: Station): Promise<string> {
  const organization = String(station.organization?.id);
  const show = await station.pb
    .collection('shows')
    .create({ organization, title: 'Riverbend Today', category: 'News', durationSec: 1800 });
  const slot = await station.pb.collection('timeslots').create({
    organization,
    channel: String(station.channel?.id),
    show: show.id,
    start: '2026-03-10 23:30:00.000Z',
    durationSec: 1800,
    status: 'scheduled',
  });
  return slot.id;
}

async function openWorkspace(page: Page, station: Station): Promise<TimeslotsPage> {
  await page.clock.install({ time: NOW });
  await openAsOwner(page, station, '/timeslots');
  const slots = new TimeslotsPage(page);
  await expect(page.getByRole('region', { name: 'Schedule' })).toBeVisible();
  return slots;
}

/** Hovers a bar's middle (scrolled into view first) until its tooltip shows. */
async function hover(page: Page, slots: TimeslotsPage, id: string) {
  await slots.bar(id).scrollIntoViewIfNeeded();
  const box = await slots.bar(id).boundingBox();
  if (!box) throw new Error(`Timeslot ${id} is not on screen.`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole('tooltip')).toBeVisible();
}

test('the chart has the page to itself: side panels collapsed, shows in a drawer', async ({
  page,
  station,
}) => {
  await openWorkspace(page, station);
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const chart = await page.getByRole('region', { name: 'Schedule' }).boundingBox();
  expect(chart?.width).toBeGreaterThan(1300);

  // The header's toggle still opens them, and the chart makes room.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect
    .poll(async () => (await page.getByRole('region', { name: 'Schedule' }).boundingBox())?.width)
    .toBeLessThan(1000);
  await toggle.click();

  const slots = new TimeslotsPage(page);
  await slots.openShows();
  await expect(slots.showsDrawer().getByLabel('Search shows')).toBeVisible();
  await slots.closeShows();
});

test('each precision shows its window, and previous/next step one window', async ({
  page,
  station,
}) => {
  const id = await seedHalfHour(station);
  const slots = await openWorkspace(page, station);
  const title = page.getByTestId('timeslots-window');
  const axis = page.getByTestId('timeline-axis');
  const precision = page.getByLabel('Precision');

  await expect(precision.locator('option')).toHaveText([
    'Hours (one day)',
    'Days (one week)',
    'Dates (two weeks)',
    'Weeks (five weeks)',
    'Months (a quarter)',
  ]);
  const windows: [string, string, string][] = [
    ['hour', 'Mar 10, 2026', '7:00 PM'],
    ['day', 'Mar 9 – Mar 15, 2026', 'Tue 10'],
    ['date', 'Mar 9 – Mar 22, 2026', 'Mar 2026'],
    ['week', 'Mar 9 – Apr 12, 2026', 'W11 · Mar 9'],
    ['month', 'Jan 1 – Mar 31, 2026', 'Feb 2026'],
  ];
  for (const [value, window, label] of windows) {
    await precision.selectOption(value);
    await expect(title).toHaveText(window);
    await expect(page.getByRole('region', { name: 'Schedule' })).toHaveAttribute(
      'data-precision',
      value,
    );
    await expect(axis).toContainText(label);
    await expect(slots.bar(id)).toHaveCount(1);
  }

  // Months read a quarter at a time, from chunks of the guide (at most 14 days each).
  await page.getByRole('button', { name: 'Next quarter' }).click();
  await expect(title).toHaveText('Apr 1 – Jun 30, 2026');
  await expect(slots.bar(id)).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous quarter' }).click();
  await expect(title).toHaveText('Jan 1 – Mar 31, 2026');
  await expect(slots.bar(id)).toHaveCount(1);

  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await precision.selectOption('week');
  await expect(title).toHaveText('Mar 9 – Apr 12, 2026');
  await page.getByRole('button', { name: 'Next five weeks' }).click();
  await expect(title).toHaveText('Apr 13 – May 17, 2026');
});

test('a half-hour title reads whole at hour precision; a narrow bar hides it and the tooltip carries it on the 12-hour clock', async ({
  page,
  station,
}) => {
  const id = await seedHalfHour(station);
  const slots = await openWorkspace(page, station);
  const bar = slots.bar(id);

  // Hours (one day): the 30-minute bar shows its whole title, not "R…".
  const label = bar.locator('span', { hasText: 'Riverbend Today' });
  await label.scrollIntoViewIfNeeded();
  await expect(label).toBeVisible();
  const fits = await label.evaluate(
    (element) =>
      element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight,
  );
  expect(fits).toBe(true);
  await expect(page.getByTestId('timeline-axis')).toContainText('7:00 PM');

  await hover(page, slots, id);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Riverbend Today');
  await expect(tooltip).toContainText('Channel One');
  await expect(tooltip).toContainText('03/10/2026 7:30 PM to 8:00 PM');
  await expect(tooltip).toContainText('30 min');
  await expect(tooltip).not.toContainText(/\d{4}-\d\d-\d\dT?/);
  await page.mouse.move(5, 5);

  // Days (one week): the bar is a few pixels wide; no stray glyphs, the tooltip says it all.
  await page.getByLabel('Precision').selectOption('day');
  await expect(bar).toHaveAttribute('data-label', 'hidden');
  await expect(bar).not.toContainText('R');
  await expect(bar).toHaveAttribute('aria-label', /^Riverbend Today, 03\/10\/2026 7:30 PM/);
  await hover(page, slots, id);
  await expect(page.getByRole('tooltip')).toContainText('Riverbend Today');
  await expect(page.getByRole('tooltip')).toContainText('7:30 PM to 8:00 PM');
});

test('a user who chose the 24-hour clock reads it in the axis and the tooltip', async ({
  page,
  station,
}) => {
  const id = await seedHalfHour(station);
  await station.pb.collection('users').update(station.user.id, {
    settings: { localization: { clock: '24h' } },
  });
  await station.pb.collection('users').authRefresh();
  await signInBrowser(page, station.pb);
  const slots = await openWorkspace(page, station);

  await expect(page.getByTestId('timeline-axis')).toContainText('19:00');
  await expect(page.getByTestId('timeline-axis')).not.toContainText('PM');
  await hover(page, slots, id);
  await expect(page.getByRole('tooltip')).toContainText('03/10/2026 19:30 to 20:00');
});
