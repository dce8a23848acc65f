import { addDays, localToInstant, mondayOfWeek, toRecordDate } from '@airgrid/domain';
import type { Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { TimeslotsPage } from './pages/timeslots-page';
import { BROWSER_TIME_ZONE, expect, type Station, test } from './support/fixtures';

// Recurrences you can change (the recurrences list on /timeslots), copying a week, and the
// recurrence form's clock text and layout. Dates are on the station's clock (New York), counted
// from next week, so every airing involved is still to come whatever day the test runs.

const ZONE = BROWSER_TIME_ZONE;
/** Screenshots for docs/screenshots when SCREENSHOTS=1, else the test's own output. */
const shot = (name: string) =>
  process.env.SCREENSHOTS ? `docs/screenshots/${name}` : test.info().outputPath(name);

/** Monday of next week on the station's clock, YYYY-MM-DD. */
function nextMonday(): string {
  return addDays(mondayOfWeek(Date.now(), ZONE), 7);
}

const at = (date: string, time: string) => toRecordDate(localToInstant(`${date}T${time}`, ZONE));

async function show(pb: PocketBase, station: Station, title: string) {
  return pb.collection('shows').create({
    organization: station.organization?.id,
    title,
    durationSec: 3600,
    status: 'ready',
  });
}

async function starts(pb: PocketBase, filter: string) {
  const items = await pb.collection('timeslots').getFullList({ filter, sort: 'start' });
  return items.map((item) => item.start);
}

async function openTimeslots(page: Page) {
  const slots = new TimeslotsPage(page);
  await slots.open();
  return slots;
}

test('a series is edited from the recurrences list, its exceptions read, and ended from a date', async ({
  page,
  station,
}) => {
  const { pb } = station;
  const channel = station.channel?.id ?? '';
  const morning = await show(pb, station, 'Morning Market');
  const monday = nextMonday();
  const recurrence = await pb.collection('recurrences').create({
    organization: station.organization?.id,
    channel,
    show: morning.id,
    rrule: 'FREQ=WEEKLY;BYDAY=MO',
    timeZone: ZONE,
    startLocal: `${monday}T09:00`,
    durationSec: 3600,
  });
  await pb.send(`/api/v1/schedule/recurrences/${recurrence.id}/expand`, {
    method: 'POST',
    body: {
      from: new Date(localToInstant(`${monday}T00:00`, ZONE)).toISOString(),
      to: new Date(localToInstant(`${addDays(monday, 28)}T00:00`, ZONE)).toISOString(),
    },
  });
  // The second airing was called off by hand: an exception of the series.
  const [, second] = await pb
    .collection('timeslots')
    .getFullList({ filter: `recurrence = "${recurrence.id}"`, sort: 'start' });
  await pb.collection('timeslots').update(String(second?.id), { status: 'cancelled' });

  await page.setViewportSize({ width: 1366, height: 900 });
  await openTimeslots(page);
  await page.getByRole('button', { name: 'Recurrences' }).click();
  const list = page.getByRole('dialog', { name: 'Recurrences' });
  const row = list.getByTestId('recurrence-row').filter({ hasText: 'Morning Market' });
  await expect(row).toContainText('Channel One');
  await expect(row).toContainText('Weekly on Monday');
  await expect(row).toContainText('9:00 AM');
  await expect(row).toContainText('1 h');
  await expect(row).toContainText('No end');
  await row.getByRole('button', { name: '1 exception' }).click();
  const secondDay = new Date(`${addDays(monday, 7)}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  await expect(list.getByRole('list', { name: 'Exceptions of Morning Market' })).toHaveText(
    `${secondDay} 9:00 AM: skipped`,
  );
  await page.screenshot({ path: shot('timeslots-recurrences.png') });

  // Edit the rule: an hour later and 90 minutes long, from the first airing on.
  await row.getByRole('button', { name: 'Edit the rule of Morning Market' }).click();
  const form = page.getByRole('dialog', { name: 'Edit recurrence' });
  await expect(form.getByLabel('Starts at')).toHaveValue('09:00');
  await expect(form.getByLabel('Mon')).toBeChecked();
  await form.getByLabel('Changes from').fill(monday);
  await form.getByLabel('Starts at').fill('10:00');
  await form.getByLabel('Duration (minutes)').fill('90');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changed 4 airings')).toBeVisible();
  await expect(form).toBeHidden();
  const changed = await pb
    .collection('timeslots')
    .getFullList({ filter: `channel = "${channel}"`, sort: 'start' });
  expect(changed.map((item) => [item.start, item.durationSec, item.status])).toEqual([
    [at(monday, '10:00'), 5400, 'scheduled'],
    [at(addDays(monday, 7), '10:00'), 5400, 'cancelled'],
    [at(addDays(monday, 14), '10:00'), 5400, 'scheduled'],
    [at(addDays(monday, 21), '10:00'), 5400, 'scheduled'],
  ]);
  await expect(row).toContainText('10:00 AM');
  await expect(row).toContainText('1 h 30 min');

  // End it from the third Monday: the last two airings go, the first two stay.
  await row.getByRole('button', { name: 'End Morning Market' }).click();
  await page.getByLabel('No airings from').fill(addDays(monday, 14));
  await page.getByRole('button', { name: 'End series' }).click();
  await expect(page.getByText('Morning Market ended: 2 airings removed')).toBeVisible();
  expect(await starts(pb, `channel = "${channel}"`)).toEqual([
    at(monday, '10:00'),
    at(addDays(monday, 7), '10:00'),
  ]);
  const until = new Date(localToInstant(`${addDays(monday, 7)}T10:00`, ZONE));
  await expect(row).toContainText(
    until.toLocaleDateString('en-US', {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      timeZone: ZONE,
    }),
  );
});

test('a week is copied to the next one: the collision is listed, cleared, then the copy confirmed', async ({
  page,
  station,
}) => {
  const { pb } = station;
  const organization = station.organization?.id;
  const channel = station.channel?.id ?? '';
  const news = await show(pb, station, 'Noon News');
  const blocker = await show(pb, station, 'Telethon');
  const monday = nextMonday();
  const slot = (showId: string, start: string) =>
    pb.collection('timeslots').create({
      organization,
      channel,
      show: showId,
      start,
      durationSec: 3600,
      status: 'scheduled',
    });
  await slot(news.id, at(monday, '12:00'));
  await slot(news.id, at(addDays(monday, 2), '12:00'));
  const inTheWay = await slot(blocker.id, at(addDays(monday, 9), '12:30'));

  await page.setViewportSize({ width: 1366, height: 900 });
  await openTimeslots(page);
  await page.getByRole('button', { name: 'Copy schedule' }).click();
  const modal = page.getByRole('dialog', { name: 'Copy schedule' });
  await modal.getByLabel('Week starting').fill(monday);
  await modal.getByLabel('Copy to').fill(addDays(monday, 7));
  await modal.getByRole('button', { name: 'Check for collisions' }).click();
  const check = modal.getByTestId('copy-check');
  await expect(check).toContainText('1 airing would collide');
  await expect(check).toContainText(
    `Noon News copied to ${addDays(monday, 9)} 12:00: Overlaps "Telethon" on Channel One from 12:30 to 13:30 (America/New_York)`,
  );
  await page.screenshot({ path: shot('timeslots-copy-week.png') });
  // Nothing was written by the check.
  expect(await starts(pb, `channel = "${channel}"`)).toHaveLength(3);

  // The telethon moves elsewhere; checked again, the whole week fits and is copied.
  await pb.collection('timeslots').delete(inTheWay.id);
  await modal.getByRole('button', { name: 'Check again' }).click();
  await expect(check).toHaveText(/Ready to copy2 airings will be copied; nothing is in the way\./);
  await modal.getByRole('button', { name: 'Copy 2 airings' }).click();
  await expect(page.getByText('Copied 2 airings')).toBeVisible();
  await expect(modal).toBeHidden();
  expect(await starts(pb, `channel = "${channel}"`)).toEqual([
    at(monday, '12:00'),
    at(addDays(monday, 2), '12:00'),
    at(addDays(monday, 7), '12:00'),
    at(addDays(monday, 9), '12:00'),
  ]);
});

for (const width of [1366, 390]) {
  test(`the recurrence form names the clock only once a channel is chosen, its dates in one row (${width} px)`, async ({
    page,
    station,
  }) => {
    await show(station.pb, station, 'Weather Desk');
    await page.setViewportSize({ width, height: 900 });
    await openTimeslots(page);
    await page.getByRole('button', { name: 'New recurrence' }).click();
    const modal = page.getByRole('dialog', { name: 'New recurrence' });
    const clock = modal.getByTestId('recurrence-clock');
    await expect(clock).toHaveText(
      'Dates and times will be on the clock of the channel you choose.',
    );
    await expect(modal).not.toContainText('(UTC)');
    await modal.getByLabel('Channel').selectOption({ label: 'Channel One' });
    await expect(clock).toHaveText(
      'Dates and times are on Channel One’s clock (America/New_York).',
    );
    // The date keeps its row, beside the time (and the duration, where there is room). The
    // clock's new sentence and the modal's opening move things for a moment: measure once the
    // fields have stopped moving (two reads 100 ms apart alike) and sit side by side.
    const measure = async () => {
      const [date, time, duration, box] = await Promise.all([
        modal.getByLabel('First airing').boundingBox(),
        modal.getByLabel('Starts at').boundingBox(),
        modal.getByLabel('Duration (minutes)').boundingBox(),
        modal.getByRole('button', { name: 'Create recurrence' }).boundingBox(),
      ]);
      return { date, time, duration, box };
    };
    let fields = await measure();
    await expect
      .poll(async () => {
        const before = JSON.stringify(fields);
        await page.waitForTimeout(100);
        fields = await measure();
        const { date: a, time: b } = fields;
        return JSON.stringify(fields) === before && a && b
          ? Math.abs(a.y - b.y)
          : Number.POSITIVE_INFINITY;
      })
      .toBeLessThan(2);
    const { date, time, duration, box } = fields;
    if (!date || !time || !duration || !box)
      throw new Error('The form’s fields are not on screen.');
    expect(Math.abs(date.y - time.y)).toBeLessThan(2);
    expect(date.x + date.width).toBeLessThanOrEqual(time.x);
    expect(time.x + time.width).toBeLessThanOrEqual(width);
    if (width > 600) expect(Math.abs(date.y - duration.y)).toBeLessThan(2);
    else expect(duration.y).toBeGreaterThan(date.y + date.height);
    await page.screenshot({ path: test.info().outputPath(`recurrence-form-${width}.png`) });
  });
}
