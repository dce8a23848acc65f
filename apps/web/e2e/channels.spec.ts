import { readFileSync } from 'node:fs';
import { ChannelsPages } from './pages/channels-pages';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, signInAsDemo, test } from './support/fixtures';

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** "1:05 PM" in UTC: the channel under test airs on UTC, so the test can state its times. */
function utcTime(ms: number): string {
  const date = new Date(ms);
  const hour = date.getUTCHours();
  const minute = String(date.getUTCMinutes()).padStart(2, '0');
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

test.describe('channels', () => {
  test('an owner creates, edits, archives and restores a channel, then runs its page', async ({
    page,
    baseURL,
    station,
  }) => {
    test.setTimeout(90_000);
    await openAsOwner(page, station);

    const channels = new ChannelsPages(page);
    await channels.openList();
    await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
    await expect(channels.row('channel-one')).toContainText('Channel One');

    // A second channel: the slug follows the name; the list and the collections panel show it.
    await channels.startNewChannel({
      name: 'Council Live',
      number: '12',
      streamUrl: 'https://streams.example.org/council.m3u8',
    });
    await expect(channels.dialog()).toBeHidden();
    await expect(page.getByText('Council Live created')).toBeVisible();
    const council = channels.row('council-live');
    await expect(council).toContainText('Council Live');
    await expect(council).toContainText('12');
    await expect(council).toContainText('Public');
    // The Source column: the stream, or None for a stream source without an address.
    await expect(council.getByText('Stream', { exact: true })).toBeVisible();
    await expect(channels.row('channel-one').getByText('None', { exact: true })).toBeVisible();
    await expect(channels.panel().getByRole('link', { name: /Council Live/ })).toBeVisible();

    // The same slug again: the server's field error shows under Slug.
    await channels.startNewChannel({ name: 'Council Live' });
    await expect(channels.dialog().getByText('Value must be unique.')).toBeVisible();
    await channels.dialog().getByRole('button', { name: 'Cancel' }).click();

    // Edit its number.
    await channels.edit('Council Live', { number: '14' });
    await expect(page.getByText('Council Live saved')).toBeVisible();
    await expect(council.locator('td').first()).toHaveText('14');

    // Archive: gone from the list and the panel, back with Show archived, then restored.
    await channels.archiveOrRestore('Archive', 'Council Live');
    await expect(council).toBeHidden();
    await expect(channels.panel().getByRole('link', { name: /Council Live/ })).toBeHidden();
    await channels.showArchived(true);
    await expect(council).toContainText('Archived');
    await channels.archiveOrRestore('Restore', 'Council Live');
    await expect(council).not.toContainText('Archived');
    await channels.showArchived(false);
    await expect(council).toBeVisible();
    await expect(channels.panel().getByRole('link', { name: /Council Live/ })).toBeVisible();

    // A timeslot airing now, made through the SDK as a station script would.
    const { pb } = station;
    const organization = String(station.organization?.id);
    const channel = await pb
      .collection('channels')
      .getFirstListItem(`slug = "council-live" && organization = "${organization}"`);
    await pb.collection('channels').update(channel.id, { timeZone: 'UTC' });
    const show = await pb
      .collection('shows')
      .create({ organization, title: 'Council Meeting', durationSec: 1800 });
    const start = Math.floor(Date.now() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
    await pb.collection('timeslots').create({
      organization,
      channel: channel.id,
      show: show.id,
      start: new Date(start).toISOString(),
      durationSec: 1800,
    });
    const org = await pb.collection('organizations').getOne(organization);

    await council.getByRole('link', { name: 'Council Live' }).click();
    await expect(page).toHaveURL(new RegExp(`/channels/${channel.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Council Live' })).toBeVisible();
    const times = `${utcTime(start)} – ${utcTime(start + 1800_000)}`;
    const nowCard = page.getByTestId('channel-now');
    await expect(nowCard).toContainText('Council Meeting');
    await expect(nowCard).toContainText(times);
    await expect(page.getByTestId('channel-next')).toContainText(
      'Nothing scheduled in the next 24 hours.',
    );
    await expect(channels.section('This week')).toContainText(`${times} Council Meeting`);

    // Bumper settings survive a reload.
    const bumper = channels.section('Bumper');
    await bumper.getByLabel('Bumper title').fill('Back after the break');
    await bumper.getByLabel('Bumper description').fill('Council coverage resumes shortly.');
    await bumper.getByRole('button', { name: 'Save bumper' }).click();
    await expect(page.getByText('Bumper saved')).toBeVisible();
    await page.reload();
    await expect(channels.section('Bumper').getByLabel('Bumper title')).toHaveValue(
      'Back after the break',
    );
    await expect(channels.section('Bumper').getByLabel('Bumper description')).toHaveValue(
      'Council coverage resumes shortly.',
    );

    // The feed URLs of this organization and channel, and where embeds live.
    const feeds = channels.section('Feeds and embed');
    const origin = new URL(baseURL ?? '').origin;
    await expect(feeds.getByRole('textbox', { name: 'XMLTV guide URL' })).toHaveValue(
      `${origin}/api/v1/feeds/${org.slug}/xmltv.xml`,
    );
    await expect(feeds.getByRole('textbox', { name: 'M3U playlist URL' })).toHaveValue(
      `${origin}/api/v1/feeds/${org.slug}/channels.m3u`,
    );
    await expect(feeds.getByRole('textbox', { name: 'iCalendar URL' })).toHaveValue(
      `${origin}/api/v1/feeds/${org.slug}/council-live.ics`,
    );
    await expect(feeds.getByRole('link', { name: 'Embeds' })).toHaveAttribute('href', '/embeds');
  });

  test('an owner puts a channel on Airgrid playout and edits its filler rotation', async ({
    page,
    baseURL,
    station,
  }) => {
    test.setTimeout(90_000);
    if (!station.channel) throw new Error('The station has no channel.');
    const { pb } = station;
    const organization = String(station.organization?.id);
    const channelId = station.channel.id;
    const show = (title: string) => pb.collection('shows').create({ organization, title });
    await show('Arts Minute');
    const library = await show('Library Promo');
    const zoning = await show('Zoning Recap');
    await openAsOwner(page, station);

    // The form: the stream URL only for a stream source, the profile only for playout.
    const channels = new ChannelsPages(page);
    await channels.openList();
    await page.getByRole('button', { name: 'Edit Channel One' }).click();
    const dialog = channels.dialog();
    await expect(dialog.getByRole('radio', { name: 'Stream URL' })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: /^Stream URL/ })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: /^Playout profile/ })).toBeHidden();
    await channels.fill({ source: 'Airgrid playout' });
    await expect(dialog.getByRole('textbox', { name: /^Stream URL/ })).toBeHidden();
    await expect(dialog.getByRole('combobox', { name: /^Playout profile/ })).toHaveValue(
      '720p, 30 fps',
    );
    await channels.fill({ playoutProfile: '1080p, 25 fps' });
    await expectNoSeriousA11yViolations(page, 'channel form on Airgrid playout');
    await dialog.getByRole('button', { name: 'Save channel' }).click();
    await expect(page.getByText('Channel One saved')).toBeVisible();
    await expect(channels.row('channel-one').getByText('Airgrid playout')).toBeVisible();
    const saved = await pb.collection('channels').getOne(channelId);
    expect({ source: saved.source, playoutProfile: saved.playoutProfile }).toEqual({
      source: 'playout',
      playoutProfile: '1080p25',
    });

    // The channel page says which source airs, its profile, its live playlist and its slate.
    await page.goto(`/channels/${channelId}`);
    const source = channels.section('Source');
    await expect(source).toContainText('Airgrid playout');
    await expect(source).toContainText('1080p, 25 fps');
    const playlist = `${new URL(baseURL ?? '').origin}/api/v1/channels/${channelId}/live.m3u8`;
    await expect(source.getByRole('link', { name: playlist })).toHaveAttribute('href', playlist);
    await expect(source).toContainText('Slate');
    await expect(source.getByRole('status')).toContainText(/Not packaged yet|Packag|Waiting/);

    // The filler: add two, reorder, add a third, remove one; each change is saved.
    const filler = channels.section('Filler');
    await expect(filler).toContainText(
      'Plays, in this order, between programmes when the channel airs through Airgrid playout.',
    );
    await expect(filler).toContainText('No filler yet');
    await channels.addFiller('Arts Minute');
    await channels.addFiller('Zoning Recap');
    const items = channels.fillerList().getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Arts Minute');
    await expect(items.nth(0)).toContainText('No media yet');
    await filler.getByRole('button', { name: 'Move Zoning Recap up' }).click();
    await expect(items.nth(0)).toContainText('Zoning Recap');
    await expect(items.nth(1)).toContainText('Arts Minute');
    // At the top its Move up is off: the keyboard's focus stays on the row, on Move down.
    await expect(filler.getByRole('button', { name: 'Move Zoning Recap up' })).toBeDisabled();
    await expect(filler.getByRole('button', { name: 'Move Zoning Recap down' })).toBeFocused();
    await channels.addFiller('Library Promo');
    await filler.getByRole('button', { name: 'Remove Arts Minute from the filler' }).click();
    await expect(items).toHaveCount(2);
    await expect
      .poll(async () => (await pb.collection('channels').getOne(channelId)).filler)
      .toEqual([zoning.id, library.id]);

    // Kept: after a reload the rotation reads the same, in its order.
    await page.reload();
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Zoning Recap');
    await expect(items.nth(1)).toContainText('Library Promo');
    // The as-run log (empty, or the slate once the minute's recording has run); today's CSV.
    const asRun = channels.section('As-run log');
    await expect(asRun).toContainText('What this channel actually aired through Airgrid playout');
    await expect(asRun.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, 'channel page on Airgrid playout');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: test.info().outputPath('channel-playout.png'), fullPage: true });
  });

  test('a logo chosen in the channel form is checked, uploaded and shown', async ({
    page,
    station,
  }) => {
    await openAsOwner(page, station);
    const channels = new ChannelsPages(page);
    await channels.openList();
    await page.getByRole('button', { name: 'Edit Channel One' }).click();
    // A browser File keeps its name and type in getters; the check once lost them and threw.
    await channels.dialog().locator('input[type=file]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: ONE_PIXEL_PNG,
    });
    await expect(channels.dialog().getByText('logo.png')).toBeVisible();
    await channels.dialog().getByRole('button', { name: 'Save channel' }).click();
    await expect(page.getByText('Channel One saved')).toBeVisible();
    // By id: public channels of every station are readable, so a slug alone could name another
    // station's "channel-one" (it did, in the full run, where many stations exist).
    if (!station.channel) throw new Error('The station has no channel.');
    const saved = await station.pb.collection('channels').getOne(station.channel.id);
    expect(saved.logo).toMatch(/^logo_\w+\.png$/);
    // The list shows it: its row's avatar loads the stored file.
    const row = page.getByRole('row', { name: /Channel One/ });
    await expect(row.locator(`img[src*="${saved.logo}"]`)).toBeVisible();
  });

  test('a bumper image chosen on the channel page is uploaded and shown', async ({
    page,
    station,
  }) => {
    if (!station.channel) throw new Error('The station has no channel.');
    await openAsOwner(page, station);
    await page.goto(`/channels/${station.channel.id}`);
    const card = page.locator('form').filter({ has: page.getByLabel('Bumper title') });
    await card.locator('input[type=file]').setInputFiles({
      name: 'bumper.png',
      mimeType: 'image/png',
      buffer: ONE_PIXEL_PNG,
    });
    await expect(card.getByText('bumper.png')).toBeVisible();
    await card.getByRole('button', { name: 'Save bumper' }).click();
    await expect(card.getByText('Current image')).toBeVisible();
    const saved = await station.pb.collection('channels').getOne(station.channel.id);
    expect(saved.bumperImage).toMatch(/^bumper_\w+\.png$/);
    await expect(card.locator(`img[src*="${saved.bumperImage}"]`)).toBeVisible();
  });

  test('a channel on its own playout downloads its daily log of programmes and spots', async ({
    page,
    station,
  }) => {
    const channel = station.channel;
    if (!channel) throw new Error('the station has no channel');
    const organization = String(station.organization?.id);
    const show = await station.pb
      .collection('shows')
      .create({ organization, title: 'Garden Hour', durationSec: 1800 });
    await station.pb.collection('timeslots').create({
      organization,
      channel: channel.id,
      show: show.id,
      start: '2031-03-04 18:00:00.000Z',
      durationSec: 1800,
    });
    await openAsOwner(page, station, `/channels/${channel.id}`);
    const card = page.getByRole('region', { name: 'Daily log for your playout' });
    await card.getByLabel('Day').fill('2031-03-04');
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`log-${channel.slug}-2031-03-04.csv`);
    const text = readFileSync(await file.path(), 'utf8');
    const [header, line] = text.split('\r\n');
    expect(header).toBe(
      'runDateTime,type,idType,title,durationSec,cablecastShowId,cgExempt,filler,campaign,sponsor,timeslot,spot',
    );
    expect(line).toMatch(
      /^2031-03-04T\d{2}:00:00[+-]\d{2}:\d{2},programme,1,Garden Hour,1800,,false,false,/,
    );
  });

  test('an unknown channel id says it is not in the organization', async ({ page }) => {
    await signInAsDemo(page);
    await page.goto('/channels/zzzzzzzzzzzzzzz');
    await expect(page.getByRole('heading', { level: 1, name: 'Channel not found' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'No channel “zzzzzzzzzzzzzzz” in your organization.',
    );
  });

  test('the list and a channel page in the dark theme', async ({ page }, testInfo) => {
    await signInAsDemo(page);
    await page.setViewportSize({ width: 1440, height: 1000 });
    const channels = new ChannelsPages(page);
    await channels.openList();
    await expect(channels.table()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('channels-list.png'), fullPage: true });
    await page.getByRole('button', { name: 'New channel' }).click();
    await expect(channels.dialog().getByLabel(/^Time zone/)).not.toHaveValue('');
    await page.screenshot({ path: testInfo.outputPath('channel-form.png') });
    await channels.dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect(channels.dialog()).toBeHidden();
    await channels.table().getByRole('link').first().click();
    await expect(channels.section('This week')).toContainText('timeslots');
    // The week on the timeline, read-only here: bars, but no handles to drag.
    const week = page.getByRole('region', { name: /^Week timeline of RCTV 1/ });
    await expect(week.locator('[data-bar-id]').first()).toBeVisible();
    await expect(week.locator('[data-edge]')).toHaveCount(0);
    await expect(page.getByTestId('channel-next').getByText('Next')).toBeVisible();
    await expect(
      channels.section('Feeds and embed').getByRole('textbox', { name: 'XMLTV guide URL' }),
    ).toHaveValue(/\/api\/v1\/feeds\/riverside\/xmltv\.xml$/);
    await page.screenshot({ path: testInfo.outputPath('channel-page.png'), fullPage: true });
  });
});

/** A 1×1 transparent PNG. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
