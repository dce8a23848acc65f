import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, test } from './support/fixtures';
import { solidPng, testClip } from './support/media';

// Issue 36, item 7: a podcast meets the directories' rules from its form. The podcast page lists
// what Apple Podcasts or Spotify would reject before the station submits the feed, and the form
// asks for what is missing, checking cover art's size before anything is uploaded.

test('the podcast page lists what a directory would reject until the podcast is ready', async ({
  page,
  station,
}) => {
  test.setTimeout(120_000);
  await station.pb.collection('shows').create({
    organization: String(station.organization?.id),
    title: 'Council Meeting',
    media: new File([new Uint8Array(testClip())], 'meeting.mp4', { type: 'video/mp4' }),
  });
  await openAsOwner(page, station, '/podcasts');
  await page.getByRole('button', { name: 'New podcast' }).click();
  const create = page.getByRole('dialog', { name: 'New podcast' });
  await create.getByLabel('Title').fill('Council Minutes');
  // Feed names are unique on the server, which other tests' stations share.
  await create.getByLabel('Feed name').fill(`council-${Date.now().toString(36)}`);
  await create.getByRole('button', { name: 'Create podcast' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Council Minutes' })).toBeVisible();

  const directories = page.getByRole('region', { name: 'Podcast directories' });
  await expect(
    directories.getByText('A directory would reject the feed for 6 reasons.', { exact: false }),
  ).toBeVisible();
  await expect(directories.getByRole('list', { name: 'To fix' }).getByRole('listitem')).toHaveText([
    /^Cover art.*Add it in Edit podcast, under Cover art: a square JPEG or PNG, 1400 to 3000 pixels a side\.$/,
    /^Category.*Apple Podcasts requires a category\./,
    /^Description/,
    /^Author/,
    /^Owner’s email.*Spotify/,
    /^A published episode/,
  ]);
  await expect(directories.getByRole('list', { name: 'Passed' }).getByRole('listitem')).toHaveText([
    'Public feed',
    'Language',
  ]);
  await expectNoSeriousA11yViolations(page, 'podcast page with its directory checklist');

  await page.getByRole('button', { name: 'Edit podcast' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Council Minutes' });
  await expect(edit.getByText('1400 to 3000 pixels a side: Apple Podcasts’ rule')).toBeVisible();
  await edit.getByLabel('Description').fill('The city council, every week.');
  await edit.getByLabel('Author').fill('River City TV');
  await edit.getByLabel('Owner’s email').fill('podcast@station.example');
  const coverInput = edit.locator('input[type="file"]');
  await coverInput.setInputFiles({
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: solidPng(1600, 1400),
  });
  await expect(edit.getByText('Cover art must be square (this one is 1600 × 1400).')).toBeVisible();
  await coverInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: solidPng(3200, 3200),
  });
  await expect(
    edit.getByText(
      'This cover art is too large: 3200 pixels a side, and Apple Podcasts takes 1400 to 3000.',
    ),
  ).toBeVisible();
  // What was typed stays while the image is refused.
  await expect(edit.getByLabel('Description')).toHaveValue('The city council, every week.');
  await coverInput.setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: solidPng(1400, 1400),
  });
  await expect(edit.getByText('Used when you save', { exact: false })).toBeVisible();
  await edit.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Government', exact: true }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  // Only the episode is left; the page read the stored cover's size.
  await expect(directories.getByRole('list', { name: 'To fix' }).getByRole('listitem')).toHaveText([
    /^A published episode/,
  ]);
  await expect(
    directories.getByRole('list', { name: 'Passed' }).getByRole('listitem'),
  ).toContainText(['Cover art', 'Cover art size', 'Category']);

  await page.getByRole('button', { name: 'Publish an aired show' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish an aired show' });
  await publish.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Council Meeting' }).click();
  await publish.getByRole('button', { name: 'Make the episode' }).click();
  // The server takes the show's sound and measures it; then nothing is left to fix.
  await expect(directories.getByText('Ready for directories')).toBeVisible({ timeout: 60_000 });
  await expect(directories.getByRole('list', { name: 'To fix' })).toHaveCount(0);
  await expect(
    directories.getByRole('list', { name: 'Passed' }).getByRole('listitem'),
  ).toContainText(['A published episode', 'Episodes’ audio', 'Episode lengths']);
});
