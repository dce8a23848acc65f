import { TimeslotsPage } from './pages/timeslots-page';
import { expect, openAsOwner, seedStation, signInBrowser, test } from './support/fixtures';
import { inviteSomeoneWhoJoins, signedIn } from './support/members';

const MINUTE_MS = 60_000;

test.use({ viewport: { width: 1440, height: 900 } });

/** A record date ("2026-03-10 06:00:00.000Z") as epoch ms. */
const ms = (recordDate: string) => Date.parse(recordDate.replace(' ', 'T'));
const recordDate = (epochMs: number) => new Date(epochMs).toISOString().replace('T', ' ');

/** "8:00 PM 03/17/2026": the list view's start, for a UTC channel. */
function utcListStart(epochMs: number): string {
  const date = new Date(epochMs);
  const hour = date.getUTCHours();
  const minute = String(date.getUTCMinutes()).padStart(2, '0');
  const time = `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
  const day = `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${date.getUTCFullYear()}`;
  return `${time} ${day}`;
}

test('an owner schedules by dragging shows, pushes, resizes, is refused, sets up a recurrence, moves one airing and finds it in the guide', async ({
  page,
  station,
}) => {
  test.setTimeout(120_000);
  await openAsOwner(page, station);

  // The test's side: the channel airs on UTC, and two shows exist.
  const { pb } = station;
  const organization = String(station.organization?.id);
  const channel = await pb.collection('channels').update(String(station.channel?.id), {
    timeZone: 'UTC',
  });
  const news = await pb
    .collection('shows')
    .create({ organization, title: 'Evening News', category: 'News', durationSec: 3600 });
  const weather = await pb
    .collection('shows')
    .create({ organization, title: 'Weather Desk', category: 'Weather', durationSec: 1800 });

  const slots = new TimeslotsPage(page);
  await slots.open();
  await slots.openShows();
  await expect(slots.showItem('Evening News')).toContainText('News · 1 h');

  // Drag the show onto the channel, a quarter of the way into today: a bar and a timeslot.
  await slots.dropShow('Evening News', channel.id, 0.25);
  await expect(page.getByText('Evening News scheduled')).toBeVisible();
  await slots.closeShows();
  await expect(slots.barsOf(channel.id)).toHaveCount(1);
  const [first] = await pb.collection('timeslots').getFullList({ filter: `show = "${news.id}"` });
  if (!first) throw new Error('The dropped show made no timeslot.');
  expect(first).toMatchObject({ channel: channel.id, durationSec: 3600, status: 'scheduled' });
  expect(ms(first.start) % (15 * MINUTE_MS)).toBe(0);
  await expect(slots.bar(first.id)).toHaveAttribute('data-start', String(ms(first.start)));

  // A second timeslot right after it, made elsewhere: it appears without a reload.
  const second = await pb.collection('timeslots').create({
    organization,
    channel: channel.id,
    show: weather.id,
    start: recordDate(ms(first.start) + 3600_000),
    durationSec: 1800,
    status: 'scheduled',
  });
  await expect(slots.bar(second.id)).toBeVisible();

  // Push mode: dragging the first 30 minutes later pushes the second along.
  await slots.dragBar(first.id, 30, 60);
  await expect
    .poll(async () => ms((await pb.collection('timeslots').getOne(second.id)).start))
    .toBe(ms(second.start) + 30 * MINUTE_MS);
  expect(ms((await pb.collection('timeslots').getOne(first.id)).start)).toBe(
    ms(first.start) + 30 * MINUTE_MS,
  );
  await expect(slots.bar(second.id)).toHaveAttribute(
    'data-start',
    String(ms(second.start) + 30 * MINUTE_MS),
  );

  // No overlap: dragging onto the neighbour is refused with an error toast; nothing changed.
  await slots.setMode('No overlap');
  await slots.dragBar(first.id, 30, 60);
  await expect(
    page.getByText('That would overlap "Weather Desk" in no-overlap mode. Nothing was changed.'),
  ).toBeVisible();
  expect(ms((await pb.collection('timeslots').getOne(first.id)).start)).toBe(
    ms(first.start) + 30 * MINUTE_MS,
  );
  expect(ms((await pb.collection('timeslots').getOne(second.id)).start)).toBe(
    ms(second.start) + 30 * MINUTE_MS,
  );
  await expect(slots.bar(first.id)).toHaveAttribute(
    'data-start',
    String(ms(first.start) + 30 * MINUTE_MS),
  );

  // Resize: the second's right edge dragged 30 minutes later makes it an hour long.
  await slots.resizeBar(second.id, 30, 30);
  await expect
    .poll(async () => (await pb.collection('timeslots').getOne(second.id)).durationSec)
    .toBe(3600);
  expect(ms((await pb.collection('timeslots').getOne(second.id)).start)).toBe(
    ms(second.start) + 30 * MINUTE_MS,
  );

  await page.screenshot({ path: test.info().outputPath('timeslots-chart.png') });

  // A weekly recurrence through the modal, a week from today at 20:00 UTC, three airings.
  const firstAiring = new Date(Date.now() + 7 * 86_400_000);
  const date = firstAiring.toISOString().slice(0, 10);
  const weekday = firstAiring.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  await slots.newWeeklyRecurrence({
    channel: 'Channel One',
    show: 'Weather Desk',
    date,
    time: '20:00',
    minutes: 30,
    airings: 3,
  });
  await expect(slots.modal().getByTestId('recurrence-description')).toHaveText(
    `Weekly on ${weekday}, 3 times`,
  );
  await page.screenshot({ path: test.info().outputPath('timeslots-modal.png') });
  await slots.modal().getByRole('button', { name: 'Create recurrence' }).click();
  await expect(page.getByText('Scheduled 3 airings')).toBeVisible();
  await expect(slots.modal()).toBeHidden();
  const [recurrence] = await pb.collection('recurrences').getFullList();
  if (!recurrence) throw new Error('No recurrence was saved.');
  expect(recurrence).toMatchObject({
    channel: channel.id,
    show: weather.id,
    rrule: `FREQ=WEEKLY;BYDAY=${weekday.slice(0, 2).toUpperCase()};COUNT=3`,
    timeZone: 'UTC',
    startLocal: `${date}T20:00`,
    durationSec: 1800,
  });
  const airings = await pb
    .collection('timeslots')
    .getFullList({ filter: `recurrence = "${recurrence.id}"`, sort: 'start' });
  const start = Date.parse(`${date}T20:00:00Z`);
  expect(airings.map((airing) => ms(airing.start))).toEqual([
    start,
    start + 7 * 86_400_000,
    start + 14 * 86_400_000,
  ]);

  // The list view: today's two timeslots, then the recurrence's first airing in its week.
  await page.getByRole('tab', { name: 'List' }).click();
  const table = page.getByRole('table', { name: 'Timeslots' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.locator(`[data-timeslot-id="${first.id}"]`)).toContainText(
    `Channel One${utcListStart(ms(first.start) + 30 * MINUTE_MS)}Evening News1 hScheduled`,
  );
  await expect(table.locator(`[data-timeslot-id="${second.id}"]`)).toContainText('Weather Desk');
  await page.screenshot({ path: test.info().outputPath('timeslots-list.png') });
  await page.getByLabel('Date').fill(date);
  const airing = table.locator(`[data-timeslot-id="${airings[0]?.id}"]`);
  await expect(airing).toContainText(
    `Channel One${utcListStart(start)}Weather Desk30 minScheduled`,
  );

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const moved = String(airings[0]?.id);
  await expect(slots.bar(moved)).toBeVisible();

  // One instance moved an hour later on the chart: the recurrence records it, so expanding the
  // series again would never bring the airing back at 20:00.
  await slots.dragBar(moved, 60, 30);
  await expect
    .poll(async () => (await pb.collection('recurrences').getOne(recurrence.id)).exceptions)
    .toEqual({ [`${date}T20:00`]: { startLocal: `${date}T21:00` } });
  await page.screenshot({ path: test.info().outputPath('timeslots-recurrence.png') });

  // The guide API, which the TV guide, the watch page, the embeds and the feeds all read.
  const guide = await pb.send<{
    timeslots: { id: string; start: string; show: { title: string } }[];
  }>('/api/v1/guide', {
    query: {
      // From half past: the moved airing is in the window only because it moved.
      from: new Date(start + 30 * MINUTE_MS).toISOString(),
      to: new Date(start + 14 * 86_400_000 + 30 * MINUTE_MS).toISOString(),
      channels: channel.id,
    },
  });
  expect(guide.timeslots.map((slot) => [slot.id, ms(slot.start), slot.show.title])).toEqual([
    [moved, start + 60 * MINUTE_MS, 'Weather Desk'],
    [airings[1]?.id, start + 7 * 86_400_000, 'Weather Desk'],
    [airings[2]?.id, start + 14 * 86_400_000, 'Weather Desk'],
  ]);
});

test('a viewer reads the schedule but cannot change it', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
  // The owner sets the station up through the API; the browser is the viewer's.
  const owner = await seedStation(baseURL);
  const { pb } = owner;
  const organization = String(owner.organization?.id);
  const channel = { id: String(owner.channel?.id) };
  const show = await pb.collection('shows').create({ organization, title: 'Evening News' });
  const now = Date.now();
  const slot = await pb.collection('timeslots').create({
    organization,
    channel: channel.id,
    show: show.id,
    start: recordDate(now - (now % (15 * MINUTE_MS))),
    durationSec: 3600,
  });
  const viewer = await inviteSomeoneWhoJoins(baseURL, owner);
  await signInBrowser(page, await signedIn(baseURL, viewer.email));
  const slots = new TimeslotsPage(page);
  await slots.open();
  await expect(page.getByText('You can read the schedule; editors change it.')).toBeVisible();
  await expect(slots.bar(slot.id)).toBeVisible();
  // No way to change anything: no handles, no import, no recurrence, no draggable shows.
  await expect(slots.bar(slot.id).locator('[data-edge]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New recurrence' })).toHaveCount(0);
  // A drag does nothing, on the page or on the server.
  const before = await slots.bar(slot.id).getAttribute('data-start');
  await slots.dragBar(slot.id, 60, 60);
  await expect(slots.bar(slot.id)).toHaveAttribute('data-start', String(before));
  expect((await pb.collection('timeslots').getOne(slot.id)).start).toBe(slot.start);
  await page.screenshot({ path: test.info().outputPath('timeslots-viewer.png') });
});
