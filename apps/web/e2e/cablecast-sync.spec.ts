import {
  currentWeekFixtures,
  type FakeCablecastServer,
  startCablecastServer,
} from '../../server/test/cablecast-server';
import { TimeslotsPage } from './pages/timeslots-page';
import { TvGuidePage } from './pages/tvguide-page';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, test } from './support/fixtures';

// Issue 19, items 2 and 7, as a station imports its schedule from Cablecast: connect, test,
// send "Community 15" to a new Airgrid channel and leave "Government 16" out, Sync now, watch
// the run finish with its counts, then find the imported week on /timeslots (locked, with the
// panel saying why) and in the TV guide. The Cablecast server is the tests' fake, on loopback,
// with runs every evening of the coming week.

let cablecast: FakeCablecastServer;

test.use({ viewport: { width: 1366, height: 900 } });

test.beforeAll(async () => {
  cablecast = await startCablecastServer({ data: currentWeekFixtures(new Date()) });
});

test.afterAll(async () => {
  await cablecast?.close();
});

test('an owner maps a Cablecast channel, syncs, and finds the imported week locked', async ({
  page,
  station,
}) => {
  test.setTimeout(90_000);
  await openAsOwner(page, station, '/integrations');
  const card = page.getByRole('region', { name: 'Cablecast' });
  await card.getByRole('textbox', { name: 'Server address' }).fill(cablecast.url);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cablecast connection saved.')).toBeVisible();

  // Before a test the section only says what to do.
  const sync = page.getByRole('region', { name: 'Channels and sync' });
  await expect(sync.getByText('Test the connection above')).toBeVisible();
  await expect(sync.getByRole('button', { name: 'Sync now' })).toBeDisabled();

  // The saved connection's test brings the channels to map.
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
  const community = sync.getByRole('combobox', { name: 'Community 15' });
  const government = sync.getByRole('combobox', { name: 'Government 16' });
  await expect(community).toHaveValue('Don’t import');
  await expect(government).toHaveValue('Don’t import');
  await expect(sync.getByText('Choose an Airgrid channel for at least one')).toBeVisible();

  await community.click();
  await page.getByRole('option', { name: 'Create a new channel “Community 15”' }).click();
  await sync.getByRole('combobox', { name: 'Sync by itself' }).click();
  await page.getByRole('option', { name: 'Every 6 hours' }).click();
  await sync.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Channels and sync saved.')).toBeVisible();
  // The new channel is the choice now, and the next scheduled sync is told.
  await expect(sync.getByRole('combobox', { name: 'Community 15' })).toHaveValue('Community 15');
  await expect(sync.getByText(/^Next sync around /)).toBeVisible();
  await expect(sync.getByRole('combobox', { name: 'Government 16' })).toHaveValue('Don’t import');

  // Sync now: the run shows up and finishes without a reload.
  await sync.getByRole('button', { name: 'Sync now' }).click();
  const history = sync.getByRole('list', { name: 'Recent syncs' });
  const run = history.getByRole('listitem').first();
  await expect(run).toBeVisible();
  await expect(run.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(run).toContainText('21 timeslots created, 0 updated, 0 removed');
  await expect(run).toContainText(/shows? created/);
  // The CG-exempt station ID was left out, and says why.
  await run.getByRole('button', { name: /^Show what was skipped/ }).click();
  await expect(run.getByRole('list', { name: 'Skipped in this sync' })).toContainText('CG exempt');
  // The toasts go first: axe reads the page as it stays.
  await expect(page.locator('.mantine-Notifications-root [role="alert"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  await expectNoSeriousA11yViolations(page, 'the Cablecast sync section after a sync');

  // The imported week on /timeslots: the new channel's bars, locked.
  const { pb } = station;
  const channel = await pb
    .collection('channels')
    .getFirstListItem(pb.filter('name = {:name}', { name: 'Community 15' }));
  const imported = await pb.collection('timeslots').getFullList({
    filter: pb.filter('channel = {:channel}', { channel: channel.id }),
    sort: 'start',
  });
  expect(imported).toHaveLength(21);
  expect(imported.every((slot) => slot.locked && slot.cablecastId > 0)).toBe(true);
  const slots = new TimeslotsPage(page);
  await slots.open();
  await expect(slots.barsOf(channel.id).first()).toBeVisible();
  await expect(slots.barsOf(channel.id).first()).toHaveAttribute('data-locked', 'true');
  await expect(slots.barsOf(channel.id).first()).toHaveAccessibleName(/, locked$/);

  // Its panel says where it comes from, when it really airs, and leaves only the note.
  const council = imported.find((slot) => slot.cablecastId === 910_001);
  if (!council) throw new Error('The first evening’s council meeting was not imported.');
  await slots.bar(council.id).click();
  const panel = page.getByRole('dialog', { name: 'Timeslot', exact: true });
  const notice = panel.getByRole('note');
  await expect(notice).toContainText('Imported from Cablecast');
  await expect(notice).toContainText('the next sync would undo a change made here');
  await expect(notice).toContainText(/at 7:00:00 PM for 58 min 30 s in Cablecast\./);
  await expect(panel.getByLabel('Show')).toBeDisabled();
  await expect(panel.getByLabel('Start time')).toBeDisabled();
  await expect(panel.getByLabel('Duration (minutes)')).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Cancel this airing' })).toBeDisabled();
  await expect(panel.getByLabel('Note')).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'an imported timeslot’s panel');
  await panel.getByLabel('Note').fill('Captioned live');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toBeHidden();
  await expect
    .poll(async () => (await pb.collection('timeslots').getOne(council.id)).note)
    .toBe('Captioned live');

  // The TV guide shows the imported shows on the new channel.
  const guide = new TvGuidePage(page);
  const firstDay = new Date(
    Date.parse(String(council.sourceStart).replace(' ', 'T')),
  ).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  await guide.open(`?date=${firstDay}`);
  await expect(guide.channelRow('Community 15')).toBeVisible();
  await expect
    .poll(async () =>
      (
        await guide
          .programmesOf('Community 15')
          .evaluateAll((cells) =>
            cells.map((cell) => cell.getAttribute('aria-label') ?? cell.textContent ?? ''),
          )
      ).join(' | '),
    )
    .toMatch(/City Council – June 1|Riverside Arts Hour|Library Talk/);
});
