import PocketBase from 'pocketbase';
import { IntegrationsPage } from './pages/integrations-page';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, expect, signInAsDemo, test } from './support/fixtures';
import { unique } from './support/members';

// /integrations (issue 19): the feeds card shows the organization's feed addresses, and they
// are the ones the server answers (PRODUCT.md "Outputs that must never disagree"); what is left
// out of the feeds says so instead of showing an address that would not answer.

test('the demo station’s feed addresses answer with their formats, and copy', async ({
  page,
  context,
  baseURL,
}) => {
  // Every feed fetched and axe over the page: a long walk on a busy two-core machine.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // What the card should list, read behind the UI: other specs may add channels to the demo.
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(DEMO.email, DEMO.password);
  const organization = await pb
    .collection('organizations')
    .getOne(String(pb.authStore.record?.organization));
  const channels = await pb.collection('channels').getFullList({
    filter: pb.filter('organization = {:id} && archived = false && public = true', {
      id: organization.id,
    }),
    sort: 'sortOrder,number,name',
  });
  expect(channels.length).toBeGreaterThan(0);
  const feeds = `${baseURL}/api/v1/feeds/${organization.slug}`;

  await signInAsDemo(page);
  const integrations = new IntegrationsPage(page);
  await integrations.open();

  await expect(integrations.address('XMLTV guide')).toHaveValue(`${feeds}/xmltv.xml`);
  await expect(integrations.address('M3U playlist')).toHaveValue(`${feeds}/channels.m3u`);
  for (const channel of channels) {
    await expect(integrations.address(`${channel.name} calendar`)).toHaveValue(
      `${feeds}/${channel.slug}.ics`,
    );
  }
  await expect(integrations.openLink('XMLTV guide')).toHaveAttribute('href', `${feeds}/xmltv.xml`);

  // Each address answers 200 with its format.
  const xmltv = await page.request.get(`${feeds}/xmltv.xml`);
  expect(xmltv.status()).toBe(200);
  expect(xmltv.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const guide = await xmltv.text();
  expect(guide).toContain('<tv ');
  for (const channel of channels) {
    expect(guide).toContain(`<channel id="${channel.slug}.${organization.slug}.airgrid">`);
  }
  const m3u = await page.request.get(`${feeds}/channels.m3u`);
  expect(m3u.status()).toBe(200);
  expect(m3u.headers()['content-type']).toBe('audio/x-mpegurl; charset=utf-8');
  // The playlist names the guide by the very address the card shows.
  expect(await m3u.text()).toMatch(
    new RegExp(`^#EXTM3U url-tvg="${feeds.replaceAll('.', '\\.')}/xmltv\\.xml"`),
  );
  for (const url of (await integrations.addresses()).filter((address) =>
    address.endsWith('.ics'),
  )) {
    const calendar = await page.request.get(url);
    expect(calendar.status(), url).toBe(200);
    expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await calendar.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
  }

  // Copy, and the button says so.
  await integrations.copyButton('M3U playlist').click();
  await expect(integrations.copiedButton('M3U playlist')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${feeds}/channels.m3u`);
  await expect(integrations.copyButton('M3U playlist')).toHaveText('Copy');

  // The apps' instructions stay folded until asked for.
  const plex = integrations.instructions('Plex');
  await expect(plex).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(/show it to Plex as an HDHomeRun tuner/)).toBeHidden();
  await plex.click();
  await expect(page.getByText(/show it to Plex as an HDHomeRun tuner/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'integrations');
});

test('what the feeds leave out is said, not shown as an address that would not answer', async ({
  page,
  station,
}) => {
  test.slow();
  const { pb } = station;
  const organization = station.organization;
  if (!organization || !station.channel) throw new Error('The station fixture made no channel.');
  const feeds = `/api/v1/feeds/${organization.slug}`;
  // Channel One (public, no stream) from the fixture; a private channel; a public podcast.
  await pb.collection('channels').create({
    organization: organization.id,
    name: 'Back Room',
    slug: 'back-room',
    number: 2,
    timeZone: 'UTC',
    public: false,
  });
  const slug = `minutes-${unique()}`;
  await pb.collection('podcasts').create({
    organization: organization.id,
    title: 'Minutes',
    slug,
    description: 'The council, in full.',
    author: station.name,
    language: 'en',
    public: true,
  });

  const integrations = new IntegrationsPage(page);
  await integrations.open();
  const feedsCard = integrations.feeds();
  await expect(
    feedsCard.getByText(
      'No public channel has a stream URL yet, so the playlist is empty. Add one with Edit channel on the channel’s page.',
    ),
  ).toBeVisible();
  await expect(integrations.address('Channel One calendar')).toHaveValue(
    new RegExp(`${feeds}/channel-one\\.ics$`),
  );
  await expect(
    feedsCard.getByText(/^Private, so it is in none of the public feeds\./),
  ).toBeVisible();
  await expect(integrations.address('Back Room calendar')).toHaveCount(0);
  await expect(feedsCard.getByRole('link', { name: 'Open Back Room’s page' })).toBeVisible();
  // The server agrees: the private channel has no calendar, the public one and the podcast do.
  expect((await page.request.get(`${feeds}/back-room.ics`)).status()).toBe(404);
  expect((await page.request.get(`${feeds}/channel-one.ics`)).status()).toBe(200);
  await expect(integrations.address('Minutes feed')).toHaveValue(
    new RegExp(`/api/v1/feeds/podcasts/${slug}\\.xml$`),
  );
  const podcast = await page.request.get(`/api/v1/feeds/podcasts/${slug}.xml`);
  expect(podcast.status()).toBe(200);
  expect(podcast.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  await expectNoSeriousA11yViolations(page, 'integrations with a private channel');

  // With no public channel left there is no guide to publish, and the card says how to get one.
  await pb.collection('channels').update(station.channel.id, { public: false });
  await page.reload();
  await expect(feedsCard.getByText(/^None of your channels is public/)).toBeVisible();
  await expect(integrations.address('XMLTV guide')).toHaveCount(0);
  await expect(integrations.address('M3U playlist')).toHaveCount(0);
  await expect(integrations.address('Minutes feed')).toBeVisible();
});
