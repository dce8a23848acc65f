import { readFile } from 'node:fs/promises';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { extractText, getDocumentProxy } from 'unpdf';
import { TimeslotsPage } from './pages/timeslots-page';
import { TvGuidePage } from './pages/tvguide-page';
import { seedStation } from './support/fixtures';
import { type FreshServer, startFreshServer } from './support/fresh-server';
import { testClip } from './support/media';
import { expect, type Locator, type Page, test } from './support/test';

// Issue 40, item 8: underwriting from end to end, as a station does it. On a channel airing
// through Airgrid playout, with a 20-second programme that has a break point, the station adds
// a spot and uploads its file, fills in and books a campaign; the server places its two spots
// (in the break point's pause and after the programme), the timeline shows them, the spot
// airs on the watch page at its planned second (the server's and the page's clocks set), the
// as-run log records it, the campaign page says it aired with that proof, and the affidavit
// PDF lists both airings. The server is one of the spec's own whose clock the test sets.

/** The programme's slot: 18:00 UTC on Monday 6 January 2031. */
const SLOT = Date.UTC(2031, 0, 6, 18, 0, 0);
const DAY = '2031-01-06';
const SEC = 1000;

// A trace records the screen continuously; with video playing that starves a 2-core machine.
test.use({ trace: 'off' });

let server: FreshServer | undefined;

test.afterAll(async () => {
  await server?.stop();
});

async function jobsDone(pb: PocketBase, targets: string[]) {
  await expect
    .poll(
      async () => {
        const jobs = await pb.collection('jobs').getFullList<RecordModel>();
        const states = targets.map((target) => {
          const job = jobs.filter((each) => each.target === target).at(-1);
          if (job?.state === 'failed') throw new Error(`${target} failed: ${job.error}`);
          return job?.state ?? 'none';
        });
        return states.every((state) => state === 'done');
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(true);
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a station books underwriting, watches a spot air, and sends the affidavit', async ({
  page,
}) => {
  test.setTimeout(300_000);
  server = await startFreshServer({ DEMO_PLAYOUT: 'off' }, { clocked: true });
  const url = server.url;
  await server.setClock(SLOT - 30 * 60 * SEC);
  await page.clock.install({ time: SLOT - 30 * 60 * SEC });
  const station = await seedStation(url, { timeZone: 'UTC', channel: 'Community One' });
  const { pb } = station;
  const organization = String(station.organization?.id);
  const channel = String(station.channel?.id);
  const clip = (seconds: number, name: string) =>
    new File([new Uint8Array(testClip({ seconds }))], name, { type: 'video/mp4' });
  const show = await pb
    .collection('shows')
    .create({ organization, title: 'Town Hall', durationSec: 900, media: clip(20, 'hall.mp4') });
  await pb.collection('channels').update(channel, { source: 'playout', playoutProfile: '480p30' });
  await pb.collection('timeslots').create({
    organization,
    channel,
    show: show.id,
    start: new Date(SLOT).toISOString().replace('T', ' '),
    durationSec: 900,
  });
  await pb.collection('sponsors').create({ organization, name: 'Hilltop Bakery' });
  await jobsDone(pb, [`shows/${show.id}`]);
  // The break point, once the media's length is known: 0:13 into the programme.
  await pb.collection('shows').update(show.id, { breakPoints: [13] });

  // Signed in as the station's owner.
  const auth = JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record });
  await page.goto(`${url}/api/health`);
  await page.evaluate((value) => window.localStorage.setItem('pocketbase_auth', value), auth);
  await page.setViewportSize({ width: 1366, height: 900 });

  // A new spot, its file uploaded; made active once the server has read it.
  await page.goto(`${url}/ads`);
  await page.getByRole('button', { name: 'Add spot' }).click();
  const spotForm = page.getByRole('dialog', { name: 'Add spot' });
  await spotForm.getByRole('textbox', { name: 'Title', exact: true }).fill('Fresh bread 10');
  await choose(page, spotForm, 'Sponsor', 'Hilltop Bakery');
  await spotForm.getByRole('button', { name: 'Add spot' }).click();
  const media = page.getByRole('dialog', { name: 'Edit Fresh bread 10' }).getByTestId('spot-media');
  await media.locator('input[type="file"]').setInputFiles({
    name: 'bread.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from(testClip({ seconds: 10 })),
  });
  await media.getByRole('button', { name: 'Upload' }).click();
  await expect(media.getByTestId('spot-media-runtime')).toHaveText(/Runtime 0:1\d\.\d\d/, {
    timeout: 60_000,
  });
  await page
    .getByRole('dialog', { name: 'Edit Fresh bread 10' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  const spotRow = page
    .getByRole('table', { name: 'Spots' })
    .getByRole('row')
    .filter({ hasText: 'Fresh bread 10' });
  await spotRow.getByRole('button', { name: 'Actions for Fresh bread 10' }).click();
  await page.getByRole('menuitem', { name: 'Make active' }).click();
  await expect(spotRow).toContainText('Active');

  // A campaign: two spots on the day of the slot, between 18:00 and 18:15; then booked.
  await page.goto(`${url}/campaigns`);
  await page.getByRole('button', { name: 'New campaign' }).click();
  const form = page.getByRole('dialog', { name: 'New campaign' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Bakery January');
  await choose(page, form, 'Sponsor', 'Hilltop Bakery');
  await form.getByRole('textbox', { name: 'First day', exact: true }).fill(DAY);
  await form.getByRole('textbox', { name: 'Last day', exact: true }).fill(DAY);
  await form.getByRole('combobox', { name: 'Channels' }).click();
  await page.getByRole('option', { name: 'Community One', exact: true }).click();
  await form.getByRole('combobox', { name: 'Channels' }).press('Escape');
  await form.getByRole('button', { name: 'Add daypart' }).click();
  await form.getByLabel('Daypart 1: To').fill('18:15');
  await form.getByRole('textbox', { name: 'Goal (spots)' }).fill('2');
  await form.locator('label').filter({ hasText: /^Day$/ }).click();
  await expect(form.getByRole('radio', { name: 'Day' })).toBeChecked();
  await form
    .getByTestId('rotation')
    .getByRole('checkbox', { name: 'Fresh bread 10 in the rotation' })
    .check();
  await form.getByRole('button', { name: 'Add campaign' }).click();
  const row = page
    .getByRole('table', { name: 'Campaigns' })
    .getByRole('row')
    .filter({ hasText: 'Bakery January' });
  await row.getByRole('button', { name: 'Actions for Bakery January' }).click();
  await page.getByRole('menuitem', { name: 'Book' }).click();
  await expect(page.getByText('Bakery January is now booked')).toBeVisible();
  await expect(row).toContainText('2 of 2 placed', { timeout: 30_000 });

  // The timeline: the spot in the break point's pause and in the break after the programme.
  const slots = new TimeslotsPage(page);
  await page.goto(`${url}/timeslots?date=${DAY}`);
  await slots.breaksSwitch().check();
  const track = slots.track(channel);
  await expect(
    track.getByRole('img', {
      name: /^Break 6:00:12 PM, 2:00 long, 1:48 free: Hilltop Bakery — Fresh bread 10/,
    }),
  ).toBeVisible();
  await expect(
    track.getByRole('img', {
      name: /^Break 6:02:24 PM, 12:36 long, .* free: Hilltop Bakery — Fresh bread 10/,
    }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('underwriting-timeline.png') });

  // The staff's guide lists the spots in the programme's breaks.
  await page.goto(`${url}/tvguide`);
  const guide = new TvGuidePage(page);
  await guide.programmesOf('Community One').filter({ hasText: 'Town Hall' }).click();
  await expect(guide.details().getByTestId('programme-spots')).toContainText(
    /6:00:12 PM · Fresh bread 10 \(Hilltop Bakery\) · 0:10.*6:02:24 PM · Fresh bread 10/s,
  );
  await page.keyboard.press('Escape');

  // On air: the spot is packaged, then the watch page, five seconds before the break, plays
  // the programme, the spot's segments (fetched in order) and the slate.
  const ad = (await pb.collection('ads').getFullList<RecordModel>())[0] as RecordModel;
  await jobsDone(pb, [`ads/${ad.id}`]);
  const packages = await pb.collection('playoutPackages').getFullList<RecordModel>();
  const spotPackage = packages.find((each) => each.ad === ad.id)?.id;
  const fetched: string[] = [];
  page.on('request', (request) => {
    const match = /\/live\/([a-z0-9]{15})\/(\d{5})\.ts$/.exec(request.url());
    if (match?.[1] === spotPackage) fetched.push(match?.[2] ?? '');
  });
  await server.setClock(SLOT + 7 * SEC);
  await page.clock.setSystemTime(SLOT + 7 * SEC);
  // The as-run log's first look, from a minute back (it records every minute on its own too).
  await server.recordAsRun();
  await page.goto(`${url}/o/${station.organization?.slug}/watch/${station.channel?.slug}`);
  const video = page.getByTestId('watch-video');
  await expect(video).toHaveAttribute('data-player-state', 'playing', { timeout: 30_000 });
  await expect.poll(() => fetched.join(','), { timeout: 60_000 }).toBe('00000,00001');
  await page.screenshot({ path: test.info().outputPath('underwriting-watch.png') });

  // The as-run log records what aired (it began just before the break, above, and catches up);
  // the campaign page says each spot aired, and when.
  await server.setClock(SLOT + 5 * 60 * SEC);
  await page.clock.setSystemTime(SLOT + 5 * 60 * SEC);
  await server.recordAsRun();
  await page.goto(`${url}/campaigns`);
  await page.getByRole('link', { name: 'Bakery January' }).click();
  const placements = page.getByRole('region', { name: 'Placements' });
  await placements.getByText('Past', { exact: true }).click();
  const past = placements.getByRole('table', { name: 'Past' });
  // Latest first.
  await expect(past.getByRole('row').nth(1)).toContainText('6:02:24 PM');
  await expect(past.getByRole('row').nth(2)).toContainText('6:00:12 PM');
  await page.screenshot({
    path: test.info().outputPath('underwriting-campaign.png'),
    fullPage: true,
  });

  // The affidavit the sponsor gets lists both airings at their seconds, proven by the as-run
  // log; the invoice bills them.
  const card = page.getByRole('region', { name: 'Affidavit & invoice' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Affidavit (PDF)', exact: true }).click(),
  ]);
  const pdf = await readFile(await download.path());
  const text = (
    await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })
  ).text;
  for (const expected of [
    'Affidavit of performance',
    'Hilltop Bakery',
    '2031-01-06',
    '18:00:12 UTC',
    '18:02:24 UTC',
    'Fresh bread 10',
    'Town Hall',
    'As-run log (Airgrid playout)',
  ])
    expect(text).toContain(expected);
  await expect(card.getByRole('button', { name: 'Invoice (PDF)', exact: true })).toBeVisible();
});
