import type { Route } from '@playwright/test';
import sharp from 'sharp';
import { ShowsPages } from './pages/shows-pages';
import { expect, openAsOwner, signInAsDemo, test } from './support/fixtures';
import { testClip } from './support/media';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A PNG of the given size, as the browser's file chooser would hand it over. */
async function png(name: string, width: number, height: number) {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

test.describe('shows', () => {
  test('an owner builds the catalogue: creates, searches, edits, uploads, sees airings, imports', async ({
    page,
    station,
  }) => {
    test.setTimeout(120_000);
    await openAsOwner(page, station);

    const shows = new ShowsPages(page);
    await shows.openList();
    await expect(page.getByRole('heading', { level: 1, name: 'Shows' })).toBeVisible();
    await expect(
      page.getByText(
        'No shows yet: create one with New show, or import a CSV. Archived shows are hidden.',
      ),
    ).toBeVisible();

    // A duration the form cannot read is refused under the field.
    await shows.createShow({ title: 'Harbour Watch', duration: 'half an hour' });
    await expect(
      shows
        .dialog()
        .getByText('Write the duration in minutes, e.g. 30, or as hours:minutes, e.g. 1:30.'),
    ).toBeVisible();
    // 28 minutes snaps to 0:30.
    await shows.fill({ subtitle: 'Tides and boats', category: 'News', duration: '28' });
    await shows.dialog().getByRole('button', { name: 'Create show' }).click();
    await expect(shows.dialog()).toBeHidden();
    await expect(page.getByText('Harbour Watch created')).toBeVisible();
    const harbour = shows.row('Harbour Watch');
    await expect(harbour).toContainText('Tides and boats');
    await expect(harbour).toContainText('News');
    await expect(harbour).toContainText('0:30');
    await expect(harbour).toContainText('Draft');

    await shows.createShow({ title: 'Council Meeting', category: 'Civic', duration: '1:30' });
    await expect(page.getByText('Council Meeting created')).toBeVisible();
    const council = shows.row('Council Meeting');
    await expect(council).toContainText('1:30');

    // Search runs on the server: only the match stays.
    await shows.search('harbour');
    await expect(council).toBeHidden();
    await expect(harbour).toBeVisible();
    await shows.search('zzz-nothing');
    await expect(page.getByText('No shows match “zzz-nothing”.')).toBeVisible();
    await shows.search('');
    await expect(council).toBeVisible();

    // Edit the category.
    await shows.edit('Harbour Watch', { category: 'Community' });
    await expect(page.getByText('Harbour Watch saved')).toBeVisible();
    await expect(harbour.locator('td').nth(1)).toHaveText('Community');

    // The detail page.
    await harbour.getByRole('link', { name: 'Harbour Watch' }).click();
    await expect(page).toHaveURL(/\/shows\/\w{15}$/);
    const showId = page.url().split('/').at(-1) ?? '';
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Watch' })).toBeVisible();
    await expect(shows.section('Details')).toContainText('Community');
    await expect(shows.section('Upcoming')).toContainText('Not scheduled to air.');

    // Thumbnail: a wrong file and an over-size image are refused before upload, then one fits.
    const thumbnail = shows.section('Thumbnail');
    const chooser = thumbnail.locator('input[type="file"]');
    await chooser.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(
      thumbnail.getByText(
        '"notes.txt" is of type text/plain: only SVG, PNG, JPG or GIF files are allowed.',
      ),
    ).toBeVisible();
    await chooser.setInputFiles(await png('wide.png', 4000, 100));
    await expect(
      thumbnail.getByText('The image must be at most 3840 × 2160 px (this one is 4000 × 100).'),
    ).toBeVisible();
    await expect(thumbnail.getByRole('button', { name: 'Save thumbnail' })).toBeDisabled();
    await chooser.setInputFiles(await png('harbour.png', 640, 360));
    await expect(thumbnail.getByText('Used when you save.')).toBeVisible();
    await thumbnail.getByRole('button', { name: 'Save thumbnail' }).click();
    await expect(page.getByText('Thumbnail saved')).toBeVisible();
    await expect(shows.section('Thumbnail').getByText('Current thumbnail')).toBeVisible();
    await expect(shows.section('Thumbnail').getByRole('img', { name: 'Thumbnail' })).toBeVisible();

    // Media: anything but video or audio is refused; a clip uploads and shows its name and size.
    const media = shows.section('Media');
    await media.locator('input[type="file"]').setInputFiles({
      name: 'script.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect(
      media.getByText('"script.pdf" is of type application/pdf: choose a video or audio file.'),
    ).toBeVisible();
    await expect(media.getByText('A video or audio file, up to 8 GB.')).toBeVisible();
    await media.locator('input[type="file"]').setInputFiles({
      name: 'clip.mp4',
      mimeType: 'video/mp4',
      // An MP4 file type box: the server tells media by content, not by name.
      buffer: Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from('ftypisom'),
        Buffer.from([0, 0, 2, 0]),
        Buffer.from('isomiso2'),
        Buffer.alloc(2048 - 24),
      ]),
    });
    await expect(media.getByText('clip.mp4, 2 KB')).toBeVisible();
    await media.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('clip.mp4 uploaded')).toBeVisible();
    await expect(shows.section('Media').getByTestId('show-media')).toContainText(/clip\w*\.mp4/);
    await expect(shows.section('Media').getByTestId('show-media')).toContainText('2 KB');
    // The server reads what it received: this "MP4" is only a header, and the card says so.
    await expect(shows.section('Media').getByRole('alert')).toContainText(
      'The media could not be read: ffprobe cannot read this file',
    );
    // A real clip: its running time and streams appear once the server has read it.
    await shows
      .section('Media')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'programme.mp4', mimeType: 'video/mp4', buffer: testClip() });
    await shows.section('Media').getByRole('button', { name: 'Upload' }).click();
    await expect(shows.section('Media').getByTestId('media-summary')).toHaveText(
      '0:03 · 320×240 H264 · AAC mono',
    );
    // The runtime it read beside the 30-minute slot the station gave, which the clip never
    // changes (issue 36): a 3-second clip in that slot is warned of, with the slot it fits.
    const details = shows.section('Details');
    await expect(details.getByRole('row', { name: /Slot length/ })).toContainText('30 min');
    await expect(details.getByRole('row', { name: /Media runtime/ })).toContainText('0:03');
    await expect(details.getByRole('alert')).toContainText(
      'The media runs only 3 s: it fits a 15 min slot',
    );
    expect((await station.pb.collection('shows').getOne(showId)).durationSec).toBe(1800);
    // The form says so too, and changes the length only when asked. (The toasts of the steps
    // above stack over the page's top-right buttons and wait while the pointer rests on them:
    // it moves away, as a person's would.)
    await page.mouse.move(0, 0);
    await expect(page.getByText('programme.mp4 uploaded')).toBeHidden();
    await page.getByRole('button', { name: 'Edit show' }).click();
    const form = shows.dialog();
    await expect(form.getByLabel('Slot length')).toHaveValue('30');
    await expect(form.getByTestId('media-length')).toContainText('The media runs only 3 s');
    await form.getByRole('button', { name: 'Use 15 min' }).click();
    await expect(form.getByLabel('Slot length')).toHaveValue('15');
    await expect(form.getByTestId('media-length')).toHaveText('The media runs 3 s.');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(details.getByRole('row', { name: /Slot length/ })).toContainText('30 min');
    // It plays as it is: the card previews it in the browser's player.
    await expect(shows.section('Media').locator('video')).toHaveAttribute('src', /token=/);

    // An airing tomorrow at 14:00 UTC, made through the SDK as a station script would.
    const { pb } = station;
    const organization = String(station.organization?.id);
    const channel = await pb
      .collection('channels')
      .update(String(station.channel?.id), { timeZone: 'UTC' });
    const start = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS + 14 * 3_600_000);
    await pb.collection('timeslots').create({
      organization,
      channel: channel.id,
      show: showId,
      start: start.toISOString(),
      durationSec: 1800,
    });
    const date = `${String(start.getUTCMonth() + 1).padStart(2, '0')}/${String(start.getUTCDate()).padStart(2, '0')}/${start.getUTCFullYear()}`;
    await page.reload();
    const upcoming = shows.section('Upcoming');
    await expect(upcoming.getByRole('row').nth(1)).toHaveText(
      `Channel One${date}2:00 PM – 2:30 PM`,
    );
    await expect(shows.section('Past airings')).toContainText('Has not aired yet.');

    // Import CSV opens the importer for shows; two rows land in the list.
    await page.getByRole('link', { name: 'All shows' }).click();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await expect(page).toHaveURL(/\/shows\?import=shows#upload-csv$/);
    const importer = page.getByRole('dialog', { name: 'Import shows from CSV' });
    await expect(importer).toBeVisible();
    await importer.locator('input[type="file"]').setInputFiles({
      name: 'two.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'Title,Category,Duration\nRiver Stories,Culture,30\nTown Choir,Music,45\n',
      ),
    });
    await importer.getByRole('button', { name: 'Preview', exact: true }).click();
    await importer.getByRole('button', { name: 'Import 2 shows', exact: true }).click();
    await expect(importer.getByRole('status')).toHaveText('Imported 2 shows.');
    await importer.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(importer).toBeHidden();
    await expect(shows.row('River Stories')).toContainText('Culture');
    await expect(shows.row('Town Choir')).toContainText('0:45');
    await expect(shows.row('Town Choir')).toContainText('Ready');

    // "Never aired" leaves out the show with an airing.
    await page.getByRole('switch', { name: 'Never aired' }).click({ force: true });
    await expect(harbour).toBeHidden();
    await expect(council).toBeVisible();
  });

  test('the media card says where the show stands for Airgrid playout', async ({
    page,
    station,
  }) => {
    const organization = String(station.organization?.id);
    const show = await station.pb.collection('shows').create({
      organization,
      title: 'Council Recap',
      media: new File([new Uint8Array(testClip())], 'recap.mp4', { type: 'video/mp4' }),
    });
    // Only the server's packaging jobs write these: the reads are answered here, one state at
    // a time, and each is read again on a reload.
    let job: Record<string, unknown> | null = null;
    let packages: { id: string; source: string }[] = [];
    // A page as the record API answers it (the SDK reads more pages while one comes full).
    const list = (route: Route, items: unknown[]) => ({
      page: 1,
      perPage: Number(new URL(route.request().url()).searchParams.get('perPage') ?? 30),
      totalItems: items.length,
      totalPages: 1,
      items,
    });
    const records = (collection: string) => (url: URL) =>
      url.pathname === `/api/collections/${collection}/records`;
    await page.route(records('jobs'), (route) =>
      decodeURIComponent(route.request().url()).includes('playout-package')
        ? route.fulfill({ json: list(route, job ? [job] : []) })
        : route.fallback(),
    );
    await page.route(records('playoutPackages'), (route) =>
      route.fulfill({ json: list(route, packages) }),
    );
    const playout = page.getByRole('region', { name: 'Media' }).getByTestId('playout-status');

    // Never packaged (no channel on playout airs it): the card says nothing of playout.
    await openAsOwner(page, station, `/shows/${show.id}`);
    await expect(
      page.getByRole('region', { name: 'Media' }).getByTestId('show-media'),
    ).toBeVisible();
    await expect(playout).toHaveCount(0);

    const kind = 'playout-package';
    const target = `shows/${show.id}`;
    job = { id: 'j1', kind, target, state: 'running', progress: 40, error: '' };
    await page.reload();
    await expect(playout).toHaveText('Packaging for playout… 40%');

    job = { id: 'j1', kind, target, state: 'failed', progress: 0, error: 'No video stream' };
    await page.reload();
    await expect(playout).toHaveText('Not packaged for playout: No video stream');

    job = { id: 'j1', kind, target, state: 'done', progress: 100, error: '' };
    packages = [{ id: 'p1', source: String(show.media) }];
    await page.reload();
    await expect(playout).toHaveText('Ready for playout');

    // A package of a file the show no longer has: a new one is needed.
    packages = [{ id: 'p1', source: 'an-older-file.mp4' }];
    await page.reload();
    await expect(playout).toContainText('Needs packaging again');
    await page
      .getByRole('region', { name: 'Media' })
      .screenshot({ path: test.info().outputPath('media-playout.png') });
  });

  test('an editor marks break points while watching the preview (issue 40)', async ({
    page,
    station,
  }) => {
    const organization = String(station.organization?.id);
    const show = await station.pb.collection('shows').create({
      organization,
      title: 'Garden Hour',
      durationSec: 1800,
      media: new File([new Uint8Array(testClip({ seconds: 30 }))], 'garden.mp4', {
        type: 'video/mp4',
      }),
    });
    await openAsOwner(page, station, `/shows/${show.id}`);
    const media = page.getByRole('region', { name: 'Media' });
    const breaks = media.getByTestId('break-points');
    await expect(breaks).toContainText('No break points: spots air after the show.');
    const video = media.locator('video');
    const seek = (seconds: number) =>
      video.evaluate(async (element, to) => {
        const player = element as HTMLVideoElement;
        if (player.readyState < 1)
          await new Promise((resolve) => player.addEventListener('loadedmetadata', resolve));
        player.currentTime = to;
      }, seconds);

    await seek(12.5);
    await breaks.getByRole('button', { name: 'Add a break at 0:12.5' }).click();
    await expect(
      breaks.getByRole('button', { name: 'Play from the break point at 0:12.5' }),
    ).toBeVisible();
    // The card is made again with the saved show, and the preview stays where it was.
    await expect
      .poll(() => video.evaluate((element) => (element as HTMLVideoElement).currentTime))
      .toBeCloseTo(12.5, 1);
    // Too close to the first: the server says why, and keeps what was there.
    await seek(15);
    await breaks.getByRole('button', { name: 'Add a break at 0:15.0' }).click();
    await expect(breaks.getByRole('alert')).toHaveText(
      'Break points must be at least 10 seconds apart.',
    );
    await seek(24);
    await breaks.getByRole('button', { name: 'Add a break at 0:24.0' }).click();
    await expect(breaks.getByRole('button', { name: /^Play from the break point/ })).toHaveText([
      '0:12.5',
      '0:24.0',
    ]);
    // A point jumps the player to it; one is removed.
    await breaks.getByRole('button', { name: 'Play from the break point at 0:12.5' }).click();
    await expect
      .poll(() => video.evaluate((element) => (element as HTMLVideoElement).currentTime))
      .toBeCloseTo(12.5, 1);
    await breaks.getByRole('button', { name: 'Remove the break point at 0:12.5' }).click();
    await expect(breaks.getByRole('button', { name: /^Play from the break point/ })).toHaveText([
      '0:24.0',
    ]);
    expect((await station.pb.collection('shows').getOne(show.id)).breakPoints).toEqual([24]);
    await media.screenshot({ path: test.info().outputPath('break-points.png') });
  });

  test('an unknown show id says it is not in the organization', async ({ page }) => {
    await signInAsDemo(page);
    await page.goto('/shows/zzzzzzzzzzzzzzz');
    await expect(page.getByRole('heading', { level: 1, name: 'Show not found' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'No show “zzzzzzzzzzzzzzz” in your organization.',
    );
  });

  test('the catalogue and a show page in the dark theme', async ({ page }, testInfo) => {
    await signInAsDemo(page);
    await page.setViewportSize({ width: 1440, height: 1000 });
    const shows = new ShowsPages(page);
    await shows.openList();
    await expect(shows.table()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('shows-list.png'), fullPage: true });
    await page.getByRole('button', { name: 'New show' }).click();
    await expect(shows.dialog().getByLabel(/^Title/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('show-form.png') });
    await shows.dialog().getByRole('button', { name: 'Cancel' }).click();
    await shows.table().getByRole('link').first().click();
    await expect(shows.section('Details')).toBeVisible();
    await expect(shows.section('Upcoming')).not.toContainText('Loading');
    await page.screenshot({ path: testInfo.outputPath('show-page.png'), fullPage: true });
  });
});
