import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, test } from './support/fixtures';
import { solidPng, testClip } from './support/media';

// Podcasts: a station makes a podcast (cover art checked), turns an aired show into an episode
// (the server takes its sound), and the feed and the public page carry it.

test('a podcast published from an aired show: episode, feed and public page', async ({
  page,
  station,
  browser,
}) => {
  test.setTimeout(120_000);
  const organization = String(station.organization?.id);
  await station.pb.collection('shows').create({
    organization,
    title: 'Council Meeting',
    description: 'The city council, live.',
    media: new File([new Uint8Array(testClip())], 'meeting.mp4', { type: 'video/mp4' }),
  });
  await openAsOwner(page, station, '/podcasts');
  await expect(page.getByRole('heading', { level: 1, name: 'Podcasts' })).toBeVisible();
  await expect(page.getByText('No podcasts yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'New podcast' }).click();
  const dialog = page.getByRole('dialog', { name: 'New podcast' });
  await dialog.getByLabel('Title').fill('Council Minutes');
  await expect(dialog.getByLabel('Feed name')).toHaveValue('council-minutes');
  // Feed names are unique on the server, which other tests' stations share.
  const slug = `council-minutes-${Date.now().toString(36)}`;
  await dialog.getByLabel('Feed name').fill(slug);
  // Apple's rules for cover art, checked before anything is sent.
  const coverInput = dialog.locator('input[type="file"]');
  await coverInput.setInputFiles({
    name: 'small.png',
    mimeType: 'image/png',
    buffer: solidPng(800, 800),
  });
  await expect(
    dialog.getByText(
      'This cover art is too small: 800 pixels a side, and Apple Podcasts takes 1400 to 3000.',
    ),
  ).toBeVisible();
  await coverInput.setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: solidPng(1400, 1400),
  });
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Government', exact: true }).click();
  await dialog.getByRole('button', { name: 'Create podcast' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Council Minutes' })).toBeVisible();
  await expect(page.getByLabel('Feed address')).toHaveValue(
    new RegExp(`/api/v1/feeds/podcasts/${slug}\\.xml$`),
  );

  await page.getByRole('button', { name: 'Publish an aired show' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish an aired show' });
  await publish.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Council Meeting' }).click();
  await expect(publish.getByLabel('Episode title')).toHaveValue('Council Meeting');
  await publish.getByLabel('Episode title').fill('Budget hearing');
  await publish.getByRole('button', { name: 'Make the episode' }).click();
  const row = page.getByRole('row', { name: /Budget hearing/ });
  await expect(row.getByText('Published')).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('cell', { name: '0:03' })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByLabel('Play Budget hearing')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'podcast page with an episode');

  const feed = await page.request.get(`/api/v1/feeds/podcasts/${slug}.xml`);
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  expect(xml).toContain('<title>Budget hearing</title>');
  expect(xml).toMatch(/<enclosure url="[^"]+\.m4a" length="\d+" type="audio\/x-m4a"\/>/);

  // A listener, signed out, on the podcast's public page.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const listener = await context.newPage();
  await listener.goto(`/o/${organization}/podcasts/${slug}`);
  await expect(listener.getByRole('heading', { level: 1, name: 'Council Minutes' })).toBeVisible();
  await expect(listener.getByRole('heading', { level: 3, name: 'Budget hearing' })).toBeVisible();
  await expect(listener.getByLabel('Play Budget hearing')).toBeVisible();
  await expect(listener.getByRole('link', { name: /Subscribe in a podcast app/ })).toHaveAttribute(
    'href',
    new RegExp(`/api/v1/feeds/podcasts/${slug}\\.xml$`),
  );
  await expectNoSeriousA11yViolations(listener, 'public podcast page');
  await context.close();
});
