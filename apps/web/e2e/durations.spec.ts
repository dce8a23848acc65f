import { TimeslotsPage } from './pages/timeslots-page';
import { TvGuidePage } from './pages/tvguide-page';
import { expect, openAsOwner, test } from './support/fixtures';
import { testClip } from './support/media';

// Issue 36, items 1 and 2: a 30-minute show given a 3-second clip keeps its 30 minutes, and
// every page writes that length one way (decision 0036). Before, the clip made the show 0:03
// long, the shows list read "0:03", its page "0:03" beside "Airs in 0:15 slots", and the
// timeline's shows panel "0 min".

test('a show’s length reads the same on every page, whatever its media runs', async ({
  page,
  station,
}) => {
  const organization = String(station.organization?.id);
  const show = await station.pb
    .collection('shows')
    .create({ organization, title: 'Harbour Watch', category: 'News', durationSec: 1800 });
  await station.pb.collection('shows').update(show.id, {
    media: new File([new Uint8Array(testClip())], 'clip.mp4', { type: 'video/mp4' }),
  });
  // On air since the last quarter hour, in its 30-minute slot.
  const quarter = 15 * 60_000;
  const start = Math.floor(Date.now() / quarter) * quarter;
  await station.pb.collection('timeslots').create({
    organization,
    channel: String(station.channel?.id),
    show: show.id,
    start: new Date(start).toISOString().replace('T', ' '),
    durationSec: 1800,
  });
  await expect
    .poll(async () => (await station.pb.collection('shows').getOne(show.id)).mediaInfo?.durationSec)
    .toBeGreaterThan(2);

  // The shows list: a column headed with its form.
  await openAsOwner(page, station, '/shows');
  await expect(page.getByRole('columnheader', { name: 'Length (h:mm)' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Harbour Watch/ })).toContainText('0:30');

  // The show's page: the slot with units, the runtime as a player writes it.
  await page.getByRole('link', { name: 'Harbour Watch' }).click();
  await expect(page.getByRole('row', { name: /Slot length/ })).toContainText('30 min');
  await expect(page.getByRole('row', { name: /Media runtime/ })).toContainText('0:03');

  // The timeline's shows panel.
  const timeslots = new TimeslotsPage(page);
  await timeslots.open();
  await timeslots.openShows();
  await expect(timeslots.showItem('Harbour Watch')).toContainText('News · 30 min');

  // The guide's programme details.
  const guide = new TvGuidePage(page);
  await guide.open();
  await guide.airing().first().click();
  await expect(guide.details()).toContainText('30 min');
});
