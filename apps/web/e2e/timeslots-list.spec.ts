import type { Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { expect, openAsOwner, type Station, test } from './support/fixtures';

// The List tab of /timeslots: row actions (edit in the chart's panel, cancel and restore, delete after a
// confirmation) and multi-select with bulk cancel, move and delete through the batch API, one
// transaction per batch. The page's clock is pinned to Tuesday 10 March 2026 in New York (the
// station's zone); the timeslots sit that evening.

test.use({ viewport: { width: 1366, height: 900 } });

const NOW = new Date('2026-03-10T15:00:00Z');
const MINUTE = 60_000;

const ms = (recordDate: string) => Date.parse(recordDate.replace(' ', 'T'));
const at = (iso: string) => `${iso.replace('T', ' ')}:00.000Z`;

interface Seeded {
  /** Morning Show 7:00 PM, Garden Hour 7:30 PM, Late Edition 8:00 PM, 30 minutes each. */
  a: string;
  b: string;
  c: string;
  /** Council Meeting 9:00 PM–10:00 PM: not selected, it blocks a move too far. */
  d: string;
}

async function seed(station: Station): Promise<Seeded> {
  const organization = String(station.organization?.id);
  const channel = String(station.channel?.id);
  const { pb } = station;
  const slot = async (title: string, startUtc: string, durationSec: number) => {
    const show = await pb
      .collection('shows')
      .create({ organization, title, category: 'News', durationSec });
    return (
      await pb.collection('timeslots').create({
        organization,
        channel,
        show: show.id,
        start: at(startUtc),
        durationSec,
        status: 'scheduled',
      })
    ).id;
  };
  return {
    a: await slot('Morning Show', '2026-03-10T23:00', 1800),
    b: await slot('Garden Hour', '2026-03-10T23:30', 1800),
    c: await slot('Late Edition', '2026-03-11T00:00', 1800),
    d: await slot('Council Meeting', '2026-03-11T01:00', 3600),
  };
}

async function openList(page: Page, station: Station): Promise<void> {
  await page.clock.install({ time: NOW });
  await openAsOwner(page, station, '/timeslots');
  await page.getByRole('tab', { name: 'List' }).click();
  await expect(page.getByRole('table', { name: 'Timeslots' })).toBeVisible();
}

const row = (page: Page, id: string) => page.locator(`tr[data-timeslot-id="${id}"]`);
const startOf = async (pb: PocketBase, id: string) =>
  ms((await pb.collection('timeslots').getOne(id)).start);

test('bulk move, a refused move that changes nothing, bulk cancel and bulk delete', async ({
  page,
  station,
}) => {
  test.setTimeout(90_000);
  const { a, b, c, d } = await seed(station);
  const { pb } = station;
  await openList(page, station);
  const before = { a: await startOf(pb, a), b: await startOf(pb, b), c: await startOf(pb, c) };

  for (const id of [a, b, c]) await row(page, id).getByRole('checkbox').check();
  const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bulk.getByTestId('selection-count')).toHaveText('3 selected');

  // Move 30 minutes later: back to back, they move together (the latest goes first).
  await bulk.getByLabel('Move by (minutes)').fill('30');
  await bulk.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('Moved 3 timeslots 30 minutes later.')).toBeVisible();
  for (const [id, start] of [
    [a, before.a],
    [b, before.b],
    [c, before.c],
  ] as const) {
    await expect.poll(() => startOf(pb, id)).toBe(start + 30 * MINUTE);
  }
  await expect(row(page, a)).toContainText('7:30 PM 03/10/2026');

  // The selection was cleared; choose them again and move 30 more: Late Edition would run into
  // Council Meeting. The batch is refused as a whole and the message names the show in the way.
  await expect(bulk).toBeHidden();
  for (const id of [a, b, c]) await row(page, id).getByRole('checkbox').check();
  await bulk.getByLabel('Move by (minutes)').fill('20');
  await expect(
    bulk.getByText('Moves go in 15-minute steps: 20 is not a multiple of 15.'),
  ).toBeVisible();
  await expect(bulk.getByRole('button', { name: 'Move' })).toBeDisabled();
  await bulk.getByLabel('Move by (minutes)').fill('30');
  await bulk.getByRole('button', { name: 'Move' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Nothing in this batch was changed.' });
  await expect(alert).toContainText('"Late Edition" at 8:30 PM 03/10/2026 could not be changed');
  await expect(alert).toContainText('Overlaps "Council Meeting"');
  expect(await startOf(pb, a)).toBe(before.a + 30 * MINUTE);
  expect(await startOf(pb, b)).toBe(before.b + 30 * MINUTE);
  expect(await startOf(pb, c)).toBe(before.c + 30 * MINUTE);

  // Cancel two airings in one go.
  await row(page, c).getByRole('checkbox').uncheck();
  await expect(bulk.getByTestId('selection-count')).toHaveText('2 selected');
  await bulk.getByRole('button', { name: 'Cancel airings' }).click();
  await expect(page.getByText('Cancelled 2 timeslots.')).toBeVisible();
  await expect(row(page, a)).toContainText('Cancelled');
  await expect(row(page, b)).toContainText('Cancelled');
  expect((await pb.collection('timeslots').getOne(a)).status).toBe('cancelled');
  expect((await pb.collection('timeslots').getOne(c)).status).toBe('scheduled');

  // Delete three after a confirmation; Council Meeting stays.
  for (const id of [a, b, c]) await row(page, id).getByRole('checkbox').check();
  await bulk.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete these timeslots?' });
  await expect(confirm).toContainText('3 timeslots will be removed');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted 3 timeslots.')).toBeVisible();
  await expect(page.locator('tr[data-timeslot-id]')).toHaveCount(1);
  await expect(row(page, d)).toContainText('Council Meeting');
  const left = await pb.collection('timeslots').getFullList();
  expect(left.map((one) => one.id)).toEqual([d]);
});

test('row actions: edit in the timeslot panel (an overlap is named), cancel and restore, delete after a confirmation', async ({
  page,
  station,
}) => {
  const { a, b, c } = await seed(station);
  const { pb } = station;
  await openList(page, station);

  // Edit opens the timeslot panel the chart uses: stretching Morning Show to an hour would run
  // into Garden Hour, and the panel says so.
  await row(page, a)
    .getByRole('button', { name: /^Edit "Morning Show"/ })
    .click();
  const panel = page.getByRole('dialog', { name: 'Timeslot' });
  await expect(panel.getByLabel('Duration (minutes)')).toHaveValue('30');
  await panel.getByLabel('Duration (minutes)').fill('60');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText(/Overlaps "Garden Hour"/)).toBeVisible();
  expect((await pb.collection('timeslots').getOne(a)).durationSec).toBe(1800);

  // A start 15 minutes earlier and 45 minutes long fits; the list shows it.
  await panel.getByLabel('Start time').selectOption('18:45');
  await panel.getByLabel('Duration (minutes)').fill('45');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, a)).toContainText('6:45 PM 03/10/2026');
  await expect(row(page, a)).toContainText('45 min');
  const saved = await pb.collection('timeslots').getOne(a);
  expect(saved.start).toBe('2026-03-10 22:45:00.000Z');
  expect(saved.durationSec).toBe(2700);
  // A save closes the panel by itself (pressing Escape raced its closing animation).
  await expect(panel).toBeHidden();

  // Cancel the airing, then restore it.
  await row(page, b)
    .getByRole('button', { name: /^Cancel "Garden Hour"/ })
    .click();
  await expect(row(page, b)).toContainText('Cancelled');
  expect((await pb.collection('timeslots').getOne(b)).status).toBe('cancelled');
  await row(page, b)
    .getByRole('button', { name: /^Restore "Garden Hour"/ })
    .click();
  await expect(row(page, b)).toContainText('Scheduled');

  // Delete asks first; "Keep" keeps it.
  await row(page, c)
    .getByRole('button', { name: /^Delete "Late Edition"/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this timeslot?' });
  await expect(confirm).toContainText('"Late Edition" at 8:00 PM 03/10/2026 will be removed');
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(row(page, c)).toBeVisible();
  await row(page, c)
    .getByRole('button', { name: /^Delete "Late Edition"/ })
    .click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, c)).toHaveCount(0);
  await expect(pb.collection('timeslots').getOne(c)).rejects.toMatchObject({ status: 404 });
});

test('Undo in the toast puts back a bulk move and a row delete', async ({ page, station }) => {
  const { a, b, c, d } = await seed(station);
  const { pb } = station;
  await openList(page, station);
  const before = { a: await startOf(pb, a), b: await startOf(pb, b), c: await startOf(pb, c) };
  // A newer change's toast replaces the last one, so one Undo is offered at a time.
  const undo = page.getByRole('button', { name: 'Undo' });

  // Move the three back-to-back timeslots 30 minutes later, then Undo: all three go back (the
  // earliest first, so none lands on a neighbour that has not moved yet).
  for (const id of [a, b, c]) await row(page, id).getByRole('checkbox').check();
  const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
  await bulk.getByLabel('Move by (minutes)').fill('30');
  await bulk.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('Moved 3 timeslots 30 minutes later.')).toBeVisible();
  await expect.poll(() => startOf(pb, c)).toBe(before.c + 30 * MINUTE);
  await undo.click();
  await expect(page.getByText('Undone')).toBeVisible();
  for (const [id, start] of [
    [a, before.a],
    [b, before.b],
    [c, before.c],
  ] as const) {
    await expect.poll(() => startOf(pb, id)).toBe(start);
  }
  await expect(row(page, a)).toContainText('7:00 PM 03/10/2026');
  await expect(row(page, c)).toContainText('8:00 PM 03/10/2026');

  // Delete Late Edition from its row, then Undo: it comes back under its own id, as it was.
  const original = await pb.collection('timeslots').getOne(c);
  await row(page, c)
    .getByRole('button', { name: /^Delete "Late Edition"/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete this timeslot?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(row(page, c)).toHaveCount(0);
  await expect(pb.collection('timeslots').getOne(c)).rejects.toMatchObject({ status: 404 });
  await expect(page.getByText('Timeslot deleted')).toBeVisible();
  await undo.click();
  await expect(row(page, c)).toContainText('Late Edition');
  const back = await pb.collection('timeslots').getOne(c);
  expect(back).toMatchObject({
    show: original.show,
    channel: original.channel,
    start: original.start,
    durationSec: original.durationSec,
    status: 'scheduled',
  });
  await expect(page.locator('tr[data-timeslot-id]')).toHaveCount(4);
  expect(await startOf(pb, d)).toBe(ms(at('2026-03-11T01:00')));
});
