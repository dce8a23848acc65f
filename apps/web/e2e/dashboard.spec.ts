import type { Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { AuthPages } from './pages/auth-pages';
import { expect, openAsOwner, seedStation, test } from './support/fixtures';

// The dashboard, where signing in lands. The page's clock is pinned to a Tuesday morning in
// the past (tokens stay valid: they expire later than that), and the station's airings are
// seeded around it through the API, so what is "on air" never depends on when the test runs.

/** Tuesday 10 March 2026, 9:15 AM in New York (EDT, UTC−4): the station's "now". */
const NOW = Date.parse('2026-03-10T13:15:00Z');

/** A record date for a New York wall time on 10 March 2026 ("09:00" → 13:00 UTC). */
function onTenthAt(time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(2026, 2, 10, hour + 4, minute)).toISOString().replace('T', ' ');
}

async function airing(
  pb: PocketBase,
  ids: { organization: string; channel: string },
  title: string,
  time: string,
  minutes: number,
): Promise<void> {
  const show = await pb
    .collection('shows')
    .create({ organization: ids.organization, title, durationSec: minutes * 60 });
  await pb.collection('timeslots').create({
    organization: ids.organization,
    channel: ids.channel,
    show: show.id,
    start: onTenthAt(time),
    durationSec: minutes * 60,
  });
}

function channelOnAir(page: Page, name: string) {
  return page
    .getByRole('region', { name: 'On air now' })
    .getByRole('listitem', { name: `1 ${name}` });
}

test.describe('dashboard', () => {
  test('signing in lands on it: on air now, a gap, and a new airing without a reload', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const station = await seedStation(baseURL ?? '');
    const ids = {
      organization: String(station.organization?.id),
      channel: String(station.channel?.id),
    };
    await airing(station.pb, ids, 'Morning News', '09:00', 60);
    await airing(station.pb, ids, 'Town Hall', '10:00', 60);

    await page.clock.install({ time: NOW });
    await new AuthPages(page).signIn(station.email, station.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Tuesday, March 10 · Times in America/New_York')).toBeVisible();

    // On air now: the 9 o'clock show, a quarter through, and what follows it.
    const onAir = channelOnAir(page, 'Channel One');
    await expect(onAir).toContainText('Morning News');
    await expect(onAir).toContainText('9:00 AM–10:00 AM');
    await expect(onAir).toContainText('Next: Town Hall, 10:00 AM–11:00 AM');
    await expect(onAir.getByRole('progressbar')).toBeVisible();
    // The channel has no stream address: flagged, with the way to its page.
    await expect(onAir.getByRole('link', { name: 'No stream' })).toHaveAttribute(
      'href',
      `/channels/${ids.channel}`,
    );

    // Today's gaps: everything but the two hours.
    const gaps = page.getByRole('listitem', { name: 'Gaps on Channel One' });
    await expect(gaps).toContainText('22 h unscheduled: 12:00 AM–9:00 AM, 11:00 AM–12:00 AM');
    await expect(gaps.getByRole('link', { name: 'Fill in' })).toHaveAttribute(
      'href',
      '/timeslots?date=2026-03-10',
    );

    // The next 24 hours start after now: Town Hall, not the show on air.
    const upcoming = page.getByRole('list', { name: 'Airings in the next 24 hours' });
    await expect(upcoming.getByRole('listitem')).toHaveCount(1);
    await expect(upcoming).toContainText('Town Hall');

    // Another member schedules the evening: it shows up through realtime, no reload.
    await airing(station.pb, ids, 'Evening Report', '18:00', 30);
    await expect(upcoming.getByRole('listitem')).toHaveCount(2);
    await expect(upcoming.getByRole('listitem').nth(1)).toContainText('Evening Report');
    await expect(gaps).toContainText(
      '21 h 30 min unscheduled: 12:00 AM–9:00 AM, 11:00 AM–6:00 PM, 6:30 PM–12:00 AM',
    );

    // The minute tick moves "now" on: at 10:10 Town Hall is on air.
    await page.clock.fastForward('55:00');
    await expect(onAir).toContainText('Town Hall');
    await expect(onAir).toContainText('10:00 AM–11:00 AM');
    await expect(onAir).toContainText('Next: Evening Report, 6:00 PM–6:30 PM');
  });

  test('quick actions open the forms and pages they name', async ({ page, station }) => {
    // Four page loads, each opening a form or a page: more than the default on a busy machine.
    test.setTimeout(90_000);
    await openAsOwner(page, station);
    const actions = page.getByRole('region', { name: 'Quick actions' });

    await actions.getByRole('link', { name: 'New show' }).click();
    await expect(page.getByRole('dialog', { name: 'New show' })).toBeVisible();
    // The form opened once: the parameter is gone, so a reload does not open it again.
    await expect(page).toHaveURL(/\/shows$/);
    await page
      .getByRole('dialog', { name: 'New show' })
      .getByRole('button', { name: 'Cancel' })
      .click();

    await page.goto('/dashboard');
    await actions.getByRole('link', { name: 'Import CSV' }).click();
    await expect(page).toHaveURL(/\/timeslots\?import=timeslots#upload-csv$/);
    await expect(page.getByRole('dialog', { name: 'Import timeslots from CSV' })).toBeVisible();

    await page.goto('/dashboard');
    await expect(actions.getByRole('link', { name: 'New timeslot' })).toHaveAttribute(
      'href',
      '/timeslots?new=timeslot',
    );
    await actions.getByRole('link', { name: 'New timeslot' }).click();
    await expect(page).toHaveURL(/\/timeslots\?new=timeslot$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Timeslots' })).toBeVisible();

    await page.goto('/dashboard');
    await actions.getByRole('link', { name: 'Open the guide' }).click();
    await expect(page).toHaveURL(/\/tvguide/);
  });

  test('a new station is told what to do first', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    // No channel yet: the dashboard says what a channel is and links to where one is made.
    const bare = await seedStation(baseURL ?? '', { channel: false });
    await page.clock.install({ time: NOW });
    await new AuthPages(page).signIn(bare.email, bare.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const noChannels = page.getByRole('region', { name: 'No channels yet' });
    await expect(noChannels).toBeVisible();
    await noChannels.getByRole('link', { name: 'Create a channel' }).click();
    await expect(page).toHaveURL(/\/channels$/);

    // A channel, nothing scheduled today: schedule it, or import a schedule.
    await bare.pb.collection('channels').create({
      organization: bare.organization?.id,
      name: 'Town Channel',
      slug: 'town-channel',
      number: 1,
      timeZone: 'America/New_York',
    });
    await page.goto('/dashboard');
    await expect(channelOnAir(page, 'Town Channel')).toContainText('Off air');
    const gaps = page.getByRole('region', { name: 'Today’s gaps' });
    await expect(gaps).toContainText('Nothing is scheduled today');
    await expect(page.getByRole('region', { name: 'Next 24 hours' })).toContainText(
      'Nothing starts in the next 24 hours.',
    );
    await gaps.getByRole('link', { name: 'Schedule today' }).click();
    await expect(page).toHaveURL(/\/timeslots\?date=2026-03-10$/);
    // The workspace opens at the date it is given (the gap's and conflict's links).
    await expect(page.getByLabel('Date')).toHaveValue('2026-03-10');
    await page.goto('/timeslots?date=2026-04-02');
    await expect(page.getByLabel('Date')).toHaveValue('2026-04-02');
  });
});
