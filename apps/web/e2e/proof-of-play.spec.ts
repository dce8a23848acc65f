import type { Page } from '@playwright/test';
import { expect, openAsOwner, type Station, test } from './support/fixtures';
import { testClip } from './support/media';
import { superuserClient } from './support/superuser';

// Proof of play for a station's own playout (issue 40, item 6): on the channel's page the
// owner imports the playout's as-run log as CSV (its columns matched by name, a preview, the
// import), and is told what aired, what was missed and what aired off-plan; the campaign's
// page then marks each past spot with its proof: aired at the log's second, or missed.

test.use({ stationOptions: { timeZone: 'UTC' } });

const HOUR = 3_600_000;

/** Yesterday's noon, UTC: the spots are past whatever time the test runs. */
function yesterdayNoon(): number {
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1, 12);
}

/** `2031-01-06 12:00:05`, UTC wall clock, as a playout's log writes it. */
const wallClock = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * A draft campaign (the server's placement leaves it alone) with two spots placed yesterday at
 * 12:00 and 12:30 on the station's channel, written as the server would.
 */
async function seedPlacedSpots(baseURL: string, station: Station) {
  const organization = station.organization?.id ?? '';
  const channel = station.channel?.id ?? '';
  const sponsor = await station.pb
    .collection('sponsors')
    .create({ organization, name: 'Hilltop Bakery' });
  const spot = await station.pb.collection('ads').create({
    organization,
    title: 'Bakery spring 30',
    sponsor: sponsor.id,
    status: 'active',
    media: new File([new Uint8Array(testClip())], 'spot.mp4', { type: 'video/mp4' }),
  });
  const noon = yesterdayNoon();
  const campaign = await station.pb.collection('campaigns').create({
    organization,
    name: 'Bakery spring',
    sponsor: sponsor.id,
    status: 'draft',
    flightStart: new Date(noon - 24 * HOUR).toISOString().slice(0, 10),
    flightEnd: new Date(noon + 48 * HOUR).toISOString().slice(0, 10),
    channels: [channel],
    goalSpots: 2,
    goalPer: 'day',
    ads: [spot.id],
  });
  const root = await superuserClient(baseURL);
  const placements = [];
  for (const start of [noon, noon + HOUR / 2]) {
    placements.push(
      await root.collection('placements').create({
        organization,
        campaign: campaign.id,
        ad: spot.id,
        channel,
        breakId: `${channel}:${start}:gap`,
        breakKind: 'gap',
        start: new Date(start).toISOString().replace('T', ' '),
        durationSec: 3,
      }),
    );
  }
  return { campaign, spot, noon, placements };
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('an as-run log imported on the channel’s page proves the spots, and names the missed one', async ({
  page,
  station,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { campaign, noon } = await seedPlacedSpots(baseURL ?? '', station);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAsOwner(page, station, `/channels/${station.channel?.id}`);

  // The daily log card (a channel not on Airgrid playout) offers the import.
  const card = page.getByRole('region', { name: 'Daily log for your playout' });
  await card.getByRole('link', { name: 'Import as-run log' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import as-run log from CSV' });
  await expect(dialog).toBeVisible();

  // The playout's log: the first spot 5 s late, a programme, the spot again off-plan at 12:10;
  // nothing at 12:30.
  const csv = [
    'Start Time,Title,Duration',
    `${wallClock(noon + 5_000)},Bakery spring 30,00:00:03`,
    `${wallClock(noon + 60_000)},Council Meeting,00:09:00`,
    `${wallClock(noon + 10 * 60_000)},bakery spring 30,3`,
  ].join('\n');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'asrun.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  // Columns matched by name: the start, the spot by its title, the runtime.
  await expect(dialog.getByRole('combobox', { name: 'Aired at', exact: true })).toHaveValue(
    'Start Time',
  );
  await expect(dialog.getByRole('combobox', { name: 'Spot', exact: true })).toHaveValue('Title');
  await expect(dialog.getByRole('combobox', { name: 'Duration', exact: true })).toHaveValue(
    'Duration',
  );
  await shot(page, 'as-run-1-columns');
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByText('3 ready')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 log lines' }).click();

  // What the log proved.
  await expect(dialog.getByRole('status')).toContainText('Imported 3 log lines.');
  await expect(dialog.getByTestId('import-summary')).toContainText(
    '1 aired, 1 missed, 1 off-plan, 1 skipped (not one of your spots).',
  );
  await expect(
    dialog.getByRole('list', {
      name: 'Missed: made good in later breaks while the flight has room',
    }),
  ).toContainText('12:30:00 PM · Bakery spring 30 · Bakery spring');
  await expect(
    dialog.getByRole('list', { name: 'Aired off-plan: no spot was placed there' }),
  ).toContainText('Line 4:');
  await expect(dialog.getByRole('list', { name: 'Skipped: not one of your spots' })).toContainText(
    'Line 3: Council Meeting',
  );
  await shot(page, 'as-run-2-imported');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The campaign's past spots: the first aired at the log's second, the second missed.
  await page.goto(`/campaigns/${campaign.id}`);
  const placements = page.getByRole('region', { name: 'Placements' });
  await placements.getByText('Past', { exact: true }).click();
  const past = placements.getByRole('table', { name: 'Past' });
  await expect(past.getByRole('row')).toHaveCount(3);
  // Latest first.
  await expect(past.getByRole('row').nth(1)).toContainText('12:30:00 PM');
  await expect(past.getByRole('row').nth(1).locator('[data-proof]')).toHaveText('Missed');
  await expect(past.getByRole('row').nth(2).locator('[data-proof]')).toHaveText(
    'Aired 12:00:05 PM · import',
  );
  await expect(placements.getByTestId('off-plan')).toContainText('12:10:00 PM');
  await shot(page, 'as-run-3-campaign');
  // On a phone, a fresh load (the shell lays itself out for the width it starts at).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await placements.getByText('Past', { exact: true }).click();
  await expect(past.getByRole('row').nth(1).locator('[data-proof]')).toHaveText('Missed');
  await shot(page, 'as-run-4-campaign-phone');
  await page.goto(`/channels/${station.channel?.id}`);
  await expect(card.getByRole('link', { name: 'Import as-run log' })).toBeVisible();
  await shot(page, 'as-run-5-channel-phone');
});
