import { TimeslotsPage } from './pages/timeslots-page';
import { expect, openAsOwner, test } from './support/fixtures';

// Drafts on air (issue 36, item 5): a draft show's airings air and the guide lists them, so the
// timeslot panel, the dashboard and the show page warn of them, and Mark ready ends the warning.
// The page's clock is fixed at 10:00 AM in New York on Monday 1 June 2026, the station's zone.

test.use({ viewport: { width: 1366, height: 900 } });

const NOW = Date.parse('2026-06-01T14:00:00Z');
/** A record date for a New York wall time in June 2026 (EDT, UTC−4): day 1, "12:00". */
const juneAt = (day: number, time: string) => {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(2026, 5, day, hour + 4, minute)).toISOString().replace('T', ' ');
};

test('airings of draft shows are warned of on the dashboard, the panel and the show page until the show is marked ready', async ({
  page,
  station,
}) => {
  test.setTimeout(90_000);
  await page.clock.setFixedTime(NOW);
  const { pb } = station;
  const organization = String(station.organization?.id);
  const channel = String(station.channel?.id);
  const show = (title: string, status: string) =>
    pb.collection('shows').create({ organization, title, durationSec: 3600, status });
  const airing = (showId: string, start: string) =>
    pb.collection('timeslots').create({
      organization,
      channel,
      show: showId,
      start,
      durationSec: 3600,
      status: 'scheduled',
    });
  const pilot = await show('Pilot Episode', 'draft');
  const harbour = await show('Harbour Stories', 'draft');
  const news = await show('Evening News', 'ready');
  const harbourToday = await airing(harbour.id, juneAt(1, '12:00'));
  await airing(pilot.id, juneAt(1, '14:00'));
  await airing(pilot.id, juneAt(3, '20:00'));
  const newsToday = await airing(news.id, juneAt(1, '18:00'));
  // Out of the dashboard's 7 days, and one that has ended: neither is counted there.
  await airing(pilot.id, juneAt(9, '20:00'));
  await airing(harbour.id, juneAt(1, '08:00'));

  // The dashboard: the draft airings of the next 7 days, soonest first, each linking its show.
  await openAsOwner(page, station, '/dashboard');
  const drafts = page.getByRole('note').filter({ hasText: 'airings of draft shows' });
  await expect(drafts).toContainText('3 airings of draft shows in the next 7 days');
  await expect(drafts).toContainText('Drafts air as scheduled');
  const listed = drafts.getByRole('list', { name: 'Airings of draft shows' }).getByRole('listitem');
  await expect(listed).toHaveCount(3);
  await expect(listed.nth(0)).toContainText('Mon, Jun 1 12:00 PM');
  await expect(listed.nth(0)).toContainText('Harbour Stories');
  await expect(listed.nth(0)).toContainText('1 · Channel One');
  await expect(listed.nth(1)).toContainText('Pilot Episode');
  await expect(listed.nth(2)).toContainText('Wed, Jun 3 8:00 PM');
  await expect(drafts).not.toContainText('Evening News');
  await expect(listed.nth(1).getByRole('link', { name: 'Pilot Episode' })).toHaveAttribute(
    'href',
    `/shows/${pilot.id}`,
  );

  // The timeslot panel: a ready show's airing has no warning; a draft's has one, and Mark ready.
  await page.goto('/timeslots');
  const slots = new TimeslotsPage(page);
  const panel = page.getByRole('dialog', { name: 'Timeslot', exact: true });
  await slots.bar(newsToday.id).click();
  await expect(panel.getByLabel('Show')).toHaveValue(news.id);
  await expect(panel.getByText('This show is still a draft')).toHaveCount(0);
  await slots.bar(harbourToday.id).click();
  await expect(panel.getByLabel('Show')).toHaveValue(harbour.id);
  const warning = panel.getByRole('note').filter({ hasText: 'This show is still a draft' });
  await expect(warning).toContainText('viewers see this airing in the guide');
  await warning.getByRole('button', { name: 'Mark ready' }).click();
  await expect(page.getByText('Harbour Stories is marked ready')).toBeVisible();
  await expect(warning).toHaveCount(0);
  await expect
    .poll(async () => (await pb.collection('shows').getOne(harbour.id)).status)
    .toBe('ready');

  // The show page: how many airings are to come and when the first is; Mark ready here too.
  await page.goto(`/shows/${pilot.id}`);
  const notice = page.getByRole('note').filter({ hasText: 'This show is still a draft' });
  await expect(notice).toContainText(
    'It is scheduled to air 3 times, the first Mon, Jun 1 2:00 PM on Channel One.',
  );
  await notice.getByRole('button', { name: 'Mark ready' }).click();
  await expect(page.getByText('Pilot Episode is marked ready')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Pilot Episode' })).toBeVisible();
  await expect(page.getByText('Ready', { exact: true })).toBeVisible();

  // Back on the dashboard no draft is left on air: no warning.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Next 24 hours' })).toBeVisible();
  await expect(page.getByText(/airings? of (a )?draft shows?/)).toHaveCount(0);
});
