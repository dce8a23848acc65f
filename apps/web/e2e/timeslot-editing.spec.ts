import type { Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { TimeslotsPage } from './pages/timeslots-page';
import { expect, openAsOwner, type Station, test } from './support/fixtures';

// Editing the schedule on /timeslots like a calendar (issue 15): the side panel, delete with
// undo, cancelling an airing, a recurrence instance, drops that push, the remembered overlap
// mode and the New timeslot form. The page's clock is fixed at 10:00 AM in New York on
// 1 June 2026, the station's zone, so "today" on the chart is that day.

test.use({ viewport: { width: 1366, height: 900 } });

const NOW = Date.parse('2026-06-01T14:00:00Z');
const HOUR_MS = 3_600_000;
const ms = (recordDate: string) => Date.parse(recordDate.replace(' ', 'T'));
/** A record date `hours` after noon (New York) of the test's day. */
const noonPlus = (hours: number) =>
  new Date(Date.parse('2026-06-01T16:00:00Z') + hours * HOUR_MS).toISOString().replace('T', ' ');

interface Setup {
  pb: PocketBase;
  organization: string;
  channel: string;
  news: string;
  weather: string;
}

async function setUp(page: Page, station: Station, { fixClock = true } = {}): Promise<Setup> {
  if (fixClock) await page.clock.setFixedTime(NOW);
  const { pb } = station;
  const organization = String(station.organization?.id);
  const channel = String(station.channel?.id);
  const news = (
    await pb
      .collection('shows')
      .create({ organization, title: 'Evening News', category: 'News', durationSec: 3600 })
  ).id;
  const weather = (
    await pb
      .collection('shows')
      .create({ organization, title: 'Weather Desk', category: 'Weather', durationSec: 3000 })
  ).id;
  return { pb, organization, channel, news, weather };
}

async function slot(setup: Setup, show: string, start: string, durationSec = 3600) {
  return setup.pb.collection('timeslots').create({
    organization: setup.organization,
    channel: setup.channel,
    show,
    start,
    durationSec,
    status: 'scheduled',
  });
}

test('a click on a bar opens the panel; a changed duration is saved, and Undo puts it back', async ({
  page,
  station,
}) => {
  const setup = await setUp(page, station);
  const news = await slot(setup, setup.news, noonPlus(0));
  await openAsOwner(page, station, '/timeslots');
  const slots = new TimeslotsPage(page);

  await slots.bar(news.id).click();
  const panel = page.getByRole('dialog', { name: 'Timeslot', exact: true });
  await expect(panel.getByLabel('Show')).toHaveValue(setup.news);
  await expect(panel.getByLabel('Date')).toHaveValue('2026-06-01');
  await expect(panel.getByLabel('Start time')).toHaveValue('12:00');
  await expect(panel.getByLabel('Duration (minutes)')).toHaveValue('60');

  // A duration off the 15-minute steps is refused before anything is sent.
  await panel.getByLabel('Duration (minutes)').fill('50');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Use 15-minute steps (15, 30, 45, 60, …).')).toBeVisible();
  await panel.getByLabel('Duration (minutes)').fill('90');
  await panel.getByLabel('Note').fill('Extended edition');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByText('Evening News saved')).toBeVisible();
  await expect(slots.bar(news.id)).toHaveAttribute('data-duration', '5400');
  expect(await setup.pb.collection('timeslots').getOne(news.id)).toMatchObject({
    durationSec: 5400,
    note: 'Extended edition',
  });

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(slots.bar(news.id)).toHaveAttribute('data-duration', '3600');
  expect(await setup.pb.collection('timeslots').getOne(news.id)).toMatchObject({
    durationSec: 3600,
    note: '',
  });

  // Enter on a focused bar opens it too; Escape closes the panel.
  await slots.bar(news.id).focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('a server refusal shows in the panel next to the field, keeping what was typed', async ({
  page,
  station,
}) => {
  const setup = await setUp(page, station);
  const news = await slot(setup, setup.news, noonPlus(0));
  await slot(setup, setup.weather, noonPlus(1));
  await openAsOwner(page, station, '/timeslots');
  const slots = new TimeslotsPage(page);

  await slots.bar(news.id).click();
  const panel = page.getByRole('dialog', { name: 'Timeslot', exact: true });
  await expect(panel.getByLabel('Duration (minutes)')).toHaveValue('60');
  // docs/screenshots/timeslots-edit-panel.png: the panel open beside the selected bar.
  await page.screenshot({ path: test.info().outputPath('timeslots-edit-panel.png') });
  await panel.getByLabel('Duration (minutes)').fill('120');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText(/Overlaps "Weather Desk"/)).toBeVisible();
  await expect(panel.getByLabel('Duration (minutes)')).toHaveValue('120');
  expect((await setup.pb.collection('timeslots').getOne(news.id)).durationSec).toBe(3600);
});

test('Delete on a focused bar asks, deletes, and Undo brings it back', async ({
  page,
  station,
}) => {
  const setup = await setUp(page, station);
  const news = await slot(setup, setup.news, noonPlus(0));
  await openAsOwner(page, station, '/timeslots');
  const slots = new TimeslotsPage(page);

  await slots.bar(news.id).focus();
  await page.keyboard.press('Delete');
  const dialog = page.getByRole('dialog', { name: 'Delete timeslot?' });
  await expect(dialog).toContainText('Delete Evening News, 06/01/2026 12:00 PM?');
  // "Keep it" changes nothing.
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(slots.bar(news.id)).toBeVisible();

  await slots.bar(news.id).focus();
  await page.keyboard.press('Delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Evening News deleted')).toBeVisible();
  await expect(slots.bar(news.id)).toHaveCount(0);
  await expect(setup.pb.collection('timeslots').getOne(news.id)).rejects.toThrow();

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(slots.bar(news.id)).toBeVisible();
  expect(await setup.pb.collection('timeslots').getOne(news.id)).toMatchObject({
    show: setup.news,
    start: news.start,
    durationSec: 3600,
    status: 'scheduled',
  });
});

test('"Cancel this airing" leaves it on the chart marked cancelled, and in the list', async ({
  page,
  station,
}) => {
  const setup = await setUp(page, station);
  const news = await slot(setup, setup.news, noonPlus(0));
  await openAsOwner(page, station, '/timeslots');
  const slots = new TimeslotsPage(page);

  await slots.bar(news.id).click();
  await page
    .getByRole('dialog', { name: 'Timeslot', exact: true })
    .getByRole('button', { name: 'Cancel this airing' })
    .click();
  await expect(page.getByText('Evening News cancelled')).toBeVisible();
  // Issue 36, item 4: it stays in sight, hatched, so it can be found and restored.
  await expect(slots.bar(news.id)).toHaveAttribute('data-cancelled', 'true');
  expect((await setup.pb.collection('timeslots').getOne(news.id)).status).toBe('cancelled');
  await page.getByRole('tab', { name: 'List' }).click();
  await expect(
    page.getByRole('table', { name: 'Timeslots' }).locator(`[data-timeslot-id="${news.id}"]`),
  ).toContainText('Cancelled');
});

test('one airing of a series is edited and another deleted, the rest of the series untouched', async ({
  page,
  station,
}) => {
  // Series operations leave airings the server's clock has passed as they aired, so this
  // series runs in 2031, and the page keeps its own clock (a fixed one past the sign-in
  // token's expiry would sign the owner out): the date field takes the chart there.
  const setup = await setUp(page, station, { fixClock: false });
  const recurrence = await setup.pb.collection('recurrences').create({
    organization: setup.organization,
    channel: setup.channel,
    show: setup.weather,
    rrule: 'FREQ=DAILY;COUNT=3',
    timeZone: 'America/New_York',
    startLocal: '2031-06-02T18:00',
    durationSec: 1800,
  });
  await setup.pb.send(`/api/v1/schedule/recurrences/${recurrence.id}/expand`, {
    method: 'POST',
    body: { from: '2031-06-02T00:00:00Z', to: '2031-06-06T00:00:00Z' },
  });
  const airings = await setup.pb
    .collection('timeslots')
    .getFullList({ filter: `recurrence = "${recurrence.id}"`, sort: 'start' });
  expect(airings).toHaveLength(3);
  const [first, second, third] = airings.map((airing) => String(airing.id));
  await openAsOwner(page, station, '/timeslots');
  const slots = new TimeslotsPage(page);
  await page
    .getByRole('toolbar', { name: 'Schedule window' })
    .getByLabel('Date')
    .fill('2031-06-02');

  // This airing only: an hour instead of half an hour.
  await slots.bar(String(first)).click();
  const panel = page.getByRole('dialog', { name: 'Timeslot', exact: true });
  await expect(panel.getByRole('radio', { name: 'This airing' })).toBeChecked();
  await panel.getByLabel('Duration (minutes)').fill('60');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(slots.bar(String(first))).toHaveAttribute('data-duration', '3600');
  const durations = async () =>
    (
      await setup.pb
        .collection('timeslots')
        .getFullList({ filter: `recurrence != ""`, sort: 'start' })
    ).map((airing) => [airing.id, airing.durationSec]);
  expect(await durations()).toEqual([
    [first, 3600],
    [second, 1800],
    [third, 1800],
  ]);

  // This and following, from the next day's airing: 45 minutes for it and the one after.
  await page.getByRole('button', { name: 'Next day' }).click();
  await slots.bar(String(second)).click();
  await panel.getByRole('radio', { name: 'This and following' }).check();
  await panel.getByLabel('Duration (minutes)').fill('45');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/This and following airings of Weather Desk saved/)).toBeVisible();
  await expect(slots.bar(String(second))).toHaveAttribute('data-duration', '2700');
  expect(await durations()).toEqual([
    [first, 3600],
    [second, 2700],
    [third, 2700],
  ]);

  // The same airing deleted alone, from the panel: the others stay, and nothing asks for the
  // deleted one afterwards (a 404 in the console).
  await slots.bar(String(second)).click();
  await panel.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete timeslot?' });
  await expect(dialog.getByRole('radio', { name: 'This airing' })).toBeChecked();
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(slots.bar(String(second))).toHaveCount(0);
  await expect(panel).toBeHidden();
  await page.waitForLoadState('networkidle');
  expect(notFound).toEqual([]);
  expect(await durations()).toEqual([
    [first, 3600],
    [third, 2700],
  ]);

  // The last one, "this and following", with the Delete key: the series ends before it.
  await page.getByRole('button', { name: 'Next day' }).click();
  await slots.bar(String(third)).focus();
  await page.keyboard.press('Delete');
  await dialog.getByRole('radio', { name: 'This and following' }).check();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/This and following airings of Weather Desk deleted/)).toBeVisible();
  await expect(slots.bar(String(third))).toHaveCount(0);
  expect(await durations()).toEqual([[first, 3600]]);
});

test('a show dropped in Push onto an occupied slot pushes it later; the mode is remembered; No overlap refuses', async ({
  page,
  station,
}) => {
  const setup = await setUp(page, station);
  const weather = await slot(setup, setup.weather, noonPlus(0));
  await openAsOwner(page, station, '/timeslots');
  const slots = new TimeslotsPage(page);

  // Dropped at the start of Weather Desk: the news takes the slot, the weather moves an hour on.
  await dropShowAt(slots, 'Evening News', setup.channel, weather.id);
  await expect(page.getByText('Evening News scheduled (1 later timeslot pushed)')).toBeVisible();
  await expect(slots.bar(weather.id)).toHaveAttribute('data-start', String(ms(noonPlus(1))));
  const [placed] = await setup.pb
    .collection('timeslots')
    .getFullList({ filter: `show = "${setup.news}"` });
  expect(placed?.start).toBe(noonPlus(0));

  // Undo takes the new one away and puts the weather back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(slots.bar(weather.id)).toHaveAttribute('data-start', String(ms(noonPlus(0))));
  await expect(slots.barsOf(setup.channel)).toHaveCount(1);

  // No overlap, remembered across a reload: the same drop is refused, naming the show.
  await slots.setMode('No overlap');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'No overlap' })).toBeChecked();
  await dropShowAt(slots, 'Evening News', setup.channel, weather.id);
  await expect(page.getByText(/Overlaps "Weather Desk"/)).toBeVisible();
  await expect(slots.barsOf(setup.channel)).toHaveCount(1);
  expect((await setup.pb.collection('timeslots').getOne(weather.id)).start).toBe(noonPlus(0));
});

test('the New timeslot form opens from its link, takes the show’s runtime rounded up, and pushes', async ({
  page,
  station,
}) => {
  const setup = await setUp(page, station);
  const news = await slot(setup, setup.news, noonPlus(0));
  await openAsOwner(page, station, '/timeslots?new=timeslot');
  const form = page.getByRole('dialog', { name: 'New timeslot' });
  await expect(form).toBeVisible();
  // Nothing chosen: each missing field says so.
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(form.getByText('Choose a show.')).toBeVisible();

  await form.getByLabel('Show').selectOption({ label: 'Weather Desk' });
  // 50 minutes of show: an hour's timeslot.
  await expect(form.getByLabel('Duration (minutes)')).toHaveValue('60');
  await form.getByLabel('Date').fill('2026-06-01');
  await form.getByLabel('Start time').selectOption({ label: '11:30 AM' });
  await form.getByLabel('Note').fill('Storm watch');
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Weather Desk scheduled (1 later timeslot pushed)')).toBeVisible();
  await expect(page).toHaveURL(/\/timeslots$/);
  const [created] = await setup.pb
    .collection('timeslots')
    .getFullList({ filter: `show = "${setup.weather}"` });
  expect(created).toMatchObject({
    start: noonPlus(-0.5),
    durationSec: 3600,
    note: 'Storm watch',
    status: 'scheduled',
  });
  // The news it landed on now starts when the weather ends.
  expect((await setup.pb.collection('timeslots').getOne(news.id)).start).toBe(noonPlus(0.5));
});

/** Drags a show from the side list onto the channel, at the start of a bar on it. */
async function dropShowAt(slots: TimeslotsPage, title: string, channel: string, barId: string) {
  await slots.openShows();
  const track = slots.track(channel);
  await slots.bar(barId).scrollIntoViewIfNeeded();
  const box = await track.boundingBox();
  const bar = await slots.bar(barId).boundingBox();
  if (!box || !bar) throw new Error('The bar is not on screen.');
  await slots.showItem(title).dragTo(track, {
    targetPosition: { x: bar.x - box.x + 2, y: box.height / 2 },
  });
}
