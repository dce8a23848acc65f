import type { Locator, Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, type Station, signInBrowser, test } from './support/fixtures';
import { testClip } from './support/media';
import { PASSWORD, unique } from './support/members';
import { superuserClient } from './support/superuser';

// /campaigns (issue 40): a station books a sponsor's spots. It fills in a campaign (dayparts,
// goal, caps, a weighted rotation), is told that its last day is before its first without
// losing anything it typed, adds it, books it; a campaign without a channel is refused booking,
// saying why. A viewer reads campaigns and changes none. A campaign's page shows its delivery
// against the goal (written here as the placement service will: by a superuser) and its
// placements 50 a page, in the channel's time, following the server's changes live. The phone
// layout keeps every action in reach.

/** Chooses an option of a Mantine select by its label. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function campaignRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Campaigns' }).getByRole('row').filter({ hasText: name });
}

/** A sponsor and its spots through the SDK, the spots active with a real clip, once read. */
async function seedSponsor(station: Station, titles: string[]) {
  const organization = station.organization?.id ?? '';
  const sponsor = await station.pb
    .collection('sponsors')
    .create({ organization, name: 'Hilltop Bakery' });
  const spots = [];
  for (const title of titles) {
    spots.push(
      await station.pb.collection('ads').create({
        organization,
        title,
        sponsor: sponsor.id,
        status: 'active',
        media: new File([new Uint8Array(testClip())], 'spot.mp4', { type: 'video/mp4' }),
      }),
    );
  }
  // The media probe reads each runtime (3 s at 25 fps).
  await expect
    .poll(
      async () =>
        (await station.pb.collection('ads').getFullList({ filter: 'durationSec > 0' })).length,
      { timeout: 30_000 },
    )
    .toBe(titles.length);
  return { organization, sponsor, spots };
}

test('a station fills in a campaign, is told what is wrong without losing it, and books it', async ({
  page,
  station,
}) => {
  test.setTimeout(90_000);
  const { organization, sponsor, spots } = await seedSponsor(station, [
    'Bakery spring 30',
    'Bakery spring 15',
  ]);
  await openAsOwner(page, station, '/campaigns');
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await expect(page.getByText(/No campaigns yet\. Add one/)).toBeVisible();

  await page.getByRole('button', { name: 'New campaign' }).click();
  const form = page.getByRole('dialog', { name: 'New campaign' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Bakery spring');
  await expect(
    form.getByText('Choose the sponsor first: its spots are listed here.'),
  ).toBeVisible();
  await choose(form, page, 'Sponsor', 'Hilltop Bakery');
  await form.getByRole('textbox', { name: 'First day', exact: true }).fill('2031-04-30');
  await form.getByRole('textbox', { name: 'Last day', exact: true }).fill('2031-04-01');
  await form.getByRole('combobox', { name: 'Channels' }).click();
  await page.getByRole('option', { name: 'Channel One', exact: true }).click();
  await form.getByRole('combobox', { name: 'Channels' }).press('Escape');

  // Two dayparts: weekday evenings as offered, and weekend nights to midnight.
  await expect(form.getByText('Any time of day, every day.')).toBeVisible();
  await form.getByRole('button', { name: 'Add daypart' }).click();
  await form.getByRole('button', { name: 'Add daypart' }).click();
  const second = form.getByRole('group', { name: 'Daypart 2', exact: true });
  await second.getByRole('button', { name: 'Weekend' }).click();
  await second.getByLabel('Daypart 2: From').fill('20:00');
  await second.getByLabel('Daypart 2: To').fill('00:00');
  await expect(second.getByRole('checkbox', { name: 'Sat' })).toBeChecked();
  await expect(second.getByRole('checkbox', { name: 'Mon' })).not.toBeChecked();

  await form.getByRole('textbox', { name: 'Goal (spots)' }).fill('12');
  await form.getByRole('radio', { name: 'Week' }).check({ force: true });
  await form.getByRole('textbox', { name: 'Most per hour' }).fill('1');
  await form.getByRole('textbox', { name: 'Sponsor separation (min)' }).fill('30');

  // The rotation: both spots, the 30 twice as often as the 15, each with its runtime.
  const rotation = form.getByTestId('rotation');
  await expect(rotation.locator(`[data-spot="${spots[0]?.id}"]`)).toContainText('0:03.00');
  await rotation.getByRole('checkbox', { name: 'Bakery spring 30 in the rotation' }).check();
  await rotation.getByRole('checkbox', { name: 'Bakery spring 15 in the rotation' }).check();
  await rotation.getByRole('textbox', { name: 'Weight of Bakery spring 30' }).fill('2');
  await expect(rotation.locator(`[data-spot="${spots[0]?.id}"]`)).toContainText('67%');
  await expect(rotation.locator(`[data-spot="${spots[1]?.id}"]`)).toContainText('33%');

  // The last day before the first: said under it, and nothing typed is lost.
  await form.getByRole('button', { name: 'Add campaign' }).click();
  await expect(
    form.getByText(
      'The last day must be on or after the first day (04/30/2031). Change one of them.',
    ),
  ).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    'Bakery spring',
  );
  await expect(second.getByLabel('Daypart 2: From')).toHaveValue('20:00');
  await expect(rotation.getByRole('textbox', { name: 'Weight of Bakery spring 30' })).toHaveValue(
    '2',
  );
  await form.getByRole('textbox', { name: 'Last day', exact: true }).fill('2031-06-30');
  await expectNoSeriousA11yViolations(page, 'the campaign form');
  await form.getByRole('button', { name: 'Add campaign' }).click();
  await expect(
    page.getByText('Bakery spring added as a draft: book it when it is ready.'),
  ).toBeVisible();

  const row = campaignRow(page, 'Bakery spring');
  await expect(row).toContainText('Hilltop Bakery');
  await expect(row).toContainText(/04\/30\/2031\s– 06\/30\/2031/);
  await expect(row).toContainText('12 a week');
  await expect(row).toContainText('1 channel');
  await expect(row).toContainText('Not placed yet');
  await expect(row).toContainText('Draft');
  const [saved] = await station.pb.collection('campaigns').getFullList();
  expect(saved).toMatchObject({
    sponsor: sponsor.id,
    channels: [station.channel?.id],
    dayparts: [
      { days: [1, 2, 3, 4, 5], from: '18:00', to: '21:00' },
      { days: [6, 7], from: '20:00', to: '24:00' },
    ],
    goalSpots: 12,
    goalPer: 'week',
    capPerHour: 1,
    sponsorSeparationMin: 30,
    ads: [spots[0]?.id, spots[1]?.id],
    weights: { [spots[0]?.id ?? '']: 2, [spots[1]?.id ?? '']: 1 },
  });

  await row.getByRole('button', { name: 'Actions for Bakery spring' }).click();
  await page.getByRole('menuitem', { name: 'Book' }).click();
  await expect(page.getByText('Bakery spring is now booked')).toBeVisible();
  await expect(row).toContainText('Booked');

  // A campaign with no channel cannot be booked: the server says why.
  await station.pb.collection('campaigns').create({
    organization,
    name: 'Bakery summer',
    sponsor: sponsor.id,
    flightStart: '2031-07-01',
    flightEnd: '2031-07-31',
    goalSpots: 3,
    goalPer: 'day',
    ads: [spots[0]?.id],
  });
  const summer = campaignRow(page, 'Bakery summer');
  await expect(summer).toContainText('3 a day');
  await summer.getByRole('button', { name: 'Actions for Bakery summer' }).click();
  await page.getByRole('menuitem', { name: 'Book' }).click();
  await expect(
    page.getByText('A booked campaign airs on at least one channel: choose its channels.'),
  ).toBeVisible();
  await expect(summer).toContainText('Draft');

  // Ended campaigns leave the list until asked for.
  await row.getByRole('button', { name: 'Actions for Bakery spring' }).click();
  await page.getByRole('menuitem', { name: 'End' }).click();
  await page
    .getByRole('dialog', { name: 'End Bakery spring?' })
    .getByRole('button', { name: 'End' })
    .click();
  await expect(page.getByText('Bakery spring is now ended')).toBeVisible();
  await expect(row).toBeHidden();
  await choose(page, page, 'Status', 'Ended');
  await expect(campaignRow(page, 'Bakery spring')).toContainText('Ended');
  await expectNoSeriousA11yViolations(page, '/campaigns');
});

/** A booked campaign with its delivery and `count` placements, written as the server will. */
async function seedDelivered(baseURL: string, station: Station, count: number) {
  const { organization, sponsor, spots } = await seedSponsor(station, ['Bakery spring 30']);
  const channel = station.channel?.id ?? '';
  const show = await station.pb
    .collection('shows')
    .create({ organization, title: 'Evening News', durationSec: 1800 });
  const campaign = await station.pb.collection('campaigns').create({
    organization,
    name: 'Bakery spring',
    sponsor: sponsor.id,
    // A draft: the server's placement leaves it alone, so the delivery and placements written
    // below as a superuser stay as written (a booked one would be placed for real at once).
    status: 'draft',
    flightStart: '2031-04-01',
    flightEnd: '2031-04-30',
    channels: [channel],
    goalSpots: 24,
    goalPer: 'day',
    ads: [spots[0]?.id],
  });
  const root = await superuserClient(baseURL);
  await root.collection('campaigns').update(campaign.id, {
    delivery: {
      placedAt: Date.UTC(2031, 2, 31, 12),
      per: 'day',
      placed: 38,
      goal: 48,
      shortfall: 10,
      periods: [
        { period: '2031-04-01', goal: 24, placed: 24, shortfall: 0 },
        { period: '2031-04-02', goal: 24, placed: 14, shortfall: 10 },
      ],
    },
  });
  // One spot aired (in 2020), the rest ahead: every quarter hour from 18:00 New York time.
  const first = Date.UTC(2031, 3, 1, 22);
  const starts = [
    Date.UTC(2020, 0, 6, 23, 30),
    ...Array.from({ length: count - 1 }, (_, index) => first + index * 15 * 60_000),
  ];
  // A batch takes 50 requests at most.
  for (let from = 0; from < starts.length; from += 50) {
    const batch = root.createBatch();
    for (const start of starts.slice(from, from + 50)) {
      batch.collection('placements').create({
        organization,
        campaign: campaign.id,
        ad: spots[0]?.id,
        channel,
        breakId: `${channel}:${start}:end`,
        breakKind: 'end',
        show: show.id,
        start: new Date(start).toISOString().replace('T', ' '),
        durationSec: 3,
      });
    }
    await batch.send();
  }
  return { campaign, root };
}

test('a campaign’s page shows its delivery against the goal and its placements, 50 a page', async ({
  page,
  station,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { campaign, root } = await seedDelivered(baseURL ?? '', station, 56);
  await openAsOwner(page, station, `/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { name: 'Bakery spring', level: 1 })).toBeVisible();
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery.getByTestId('delivery-summary')).toHaveText('38 of 48 placed, 10 owed');
  await expect(
    delivery.getByRole('progressbar', { name: 'Spots placed against the goal' }),
  ).toHaveAttribute('aria-valuenow', '79');
  // The chart's bars, and the same figures in a table for screen readers.
  await expect(delivery.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const figures = delivery.getByRole('table');
  await expect(figures.getByRole('row').filter({ hasText: '04/02' })).toHaveText(
    /04\/02\s*24\s*14\s*10/,
  );

  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings).toContainText('24 a day');
  await expect(settings).toContainText('Channel One');
  await expect(settings).toContainText('Any time');

  // Upcoming first, soonest first, in the channel's time (New York): 18:00 on 1 April.
  const placements = page.getByRole('region', { name: 'Placements' });
  const upcoming = placements.getByRole('table', { name: 'Upcoming' });
  await expect(placements.getByText('1–50 of 55')).toBeVisible();
  await expect(upcoming.getByRole('row')).toHaveCount(51);
  const firstRow = upcoming.getByRole('row').nth(1);
  await expect(firstRow).toContainText('04/01/2031');
  await expect(firstRow).toContainText('6:00:00 PM');
  await expect(firstRow).toContainText('Channel One');
  await expect(firstRow).toContainText('Evening News');
  await expect(firstRow).toContainText('Bakery spring 30');
  await placements.getByRole('button', { name: 'Next page' }).click();
  await expect(placements.getByText('51–55 of 55')).toBeVisible();
  await expect(upcoming.getByRole('row')).toHaveCount(6);
  await placements.getByText('Past', { exact: true }).click();
  const past = placements.getByRole('table', { name: 'Past' });
  await expect(past.getByRole('row')).toHaveCount(2);
  await expect(past.getByRole('row').nth(1)).toContainText('01/06/2020');
  await expect(past.getByRole('row').nth(1)).toContainText('6:30:00 PM');
  // No as-run has confirmed it: it counts as aired by the schedule, and says so.
  await expect(past.getByRole('row').nth(1)).toContainText('Aired by schedule');

  // The server places the campaign again: the page follows.
  await root.collection('campaigns').update(campaign.id, {
    delivery: {
      placedAt: Date.UTC(2031, 2, 31, 13),
      per: 'day',
      placed: 48,
      goal: 48,
      shortfall: 0,
      periods: [
        { period: '2031-04-01', goal: 24, placed: 24, shortfall: 0 },
        { period: '2031-04-02', goal: 24, placed: 24, shortfall: 0 },
      ],
    },
  });
  await expect(delivery.getByTestId('delivery-summary')).toHaveText('48 of 48 placed');
  await expectNoSeriousA11yViolations(page, 'a campaign’s page');
});

test('a viewer reads campaigns and changes none', async ({ page, station, baseURL }) => {
  test.setTimeout(60_000);
  const { campaign } = await seedDelivered(baseURL ?? '', station, 3);
  // A viewer of the station, made as a superuser may (invites have their own spec).
  const viewer = new PocketBase(baseURL);
  viewer.autoCancellation(false);
  const email = `viewer-${unique()}@example.org`;
  const user = await viewer
    .collection('users')
    .create({ name: 'Vic Viewer', email, password: PASSWORD, passwordConfirm: PASSWORD });
  const root = await superuserClient(baseURL ?? '');
  await root
    .collection('users')
    .update(user.id, { organization: station.organization?.id, role: 'viewer' });
  await viewer.collection('users').authWithPassword(email, PASSWORD);
  await signInBrowser(page, viewer);

  await page.goto('/campaigns');
  const row = campaignRow(page, 'Bakery spring');
  await expect(row).toContainText('38 of 48 placed, 10 owed');
  await expect(page.getByText('The sponsors’ campaigns on the station’s channels')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New campaign' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await row.getByRole('link', { name: 'Bakery spring' }).click();
  await expect(page).toHaveURL(`/campaigns/${campaign.id}`);
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText('38 of 48 placed');
  for (const name of ['Edit', 'Pause', 'End', 'Delete']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  // The API refuses what the page does not offer.
  await expect(
    viewer.collection('campaigns').update(campaign.id, { name: 'Mine' }),
  ).rejects.toMatchObject({ status: 404 });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list says flight, goal and delivery under each name; the page fits', async ({
    page,
    station,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const { campaign } = await seedDelivered(baseURL ?? '', station, 3);
    await openAsOwner(page, station, '/campaigns');
    const row = campaignRow(page, 'Bakery spring');
    await expect(row).toContainText(/Hilltop Bakery · 04\/01\/2031\s– 04\/30\/2031/);
    await expect(row).toContainText('24 a day · 38 of 48 placed, 10 owed');
    await expect(row.getByRole('button', { name: 'Actions for Bakery spring' })).toBeInViewport();
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.goto(`/campaigns/${campaign.id}`);
    await expect(page.getByRole('button', { name: 'Book' })).toBeInViewport();
    const upcoming = page.getByRole('table', { name: 'Upcoming' });
    await expect(upcoming.getByRole('row').nth(1)).toContainText(
      'Channel One · Bakery spring 30 · 0:03.00',
    );
    expect(await overflow()).toBeLessThanOrEqual(0);

    // The form takes the whole screen, and its rows fit.
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Bakery spring' });
    await form.getByRole('button', { name: 'Add daypart' }).click();
    await expect(form.getByRole('group', { name: 'Daypart 1', exact: true })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Weight of Bakery spring 30' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
