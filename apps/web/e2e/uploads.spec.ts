import type { Page } from '@playwright/test';
import { expect, openAsOwner, test } from './support/fixtures';
import { programmeFile } from './support/media';

// Resumable uploads in the browser: a programme of several pieces survives a dropped
// connection, a pause and a reload, and lands on the show once.

/** Slows every piece down so a test can act mid-upload; the first piece's connection drops once. */
async function slowNetwork(page: Page, { dropFirst = false } = {}) {
  let dropped = !dropFirst;
  await page.route('**/api/v1/uploads/**', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    if (!dropped) {
      dropped = true;
      return route.abort('connectionreset');
    }
    await new Promise((resolve) => setTimeout(resolve, 700));
    return route.continue();
  });
}

async function openShow(page: Page, station: Parameters<typeof openAsOwner>[1]) {
  const show = await station.pb
    .collection('shows')
    .create({ organization: String(station.organization?.id), title: 'Council Meeting' });
  await openAsOwner(page, station, `/shows/${show.id}`);
  return page.getByRole('region', { name: 'Media' });
}

test.describe('resumable uploads', () => {
  // Every 8 MB piece passes through Playwright's interception: seconds each on a busy machine.
  test.describe.configure({ timeout: 120_000 });
  test('a programme survives a dropped connection and a pause, then lands on the show', async ({
    page,
    station,
  }) => {
    const media = await openShow(page, station);
    await slowNetwork(page, { dropFirst: true });
    await media.locator('input[type="file"]').setInputFiles(programmeFile(20));
    await media.getByRole('button', { name: 'Upload' }).click();
    // Attached, not visible: at 0 % the bar's filled section has no width, which Playwright
    // counts as hidden (a slow first piece on a busy machine).
    await expect(media.getByRole('progressbar', { name: 'Upload progress' })).toBeAttached();
    // The dropped piece is sent again by itself; once a piece is in, pause.
    await expect(media.getByText(/^8 MB of 20 MB/)).toBeVisible({ timeout: 40_000 });
    await media.getByRole('button', { name: 'Pause' }).click();
    await expect(media.getByText('programme.mp4: paused')).toBeVisible();
    await media.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByText('programme.mp4 uploaded')).toBeVisible({ timeout: 60_000 });
    await expect(
      page.getByRole('region', { name: 'Media' }).getByTestId('show-media'),
    ).toContainText(/programme\w*\.mp4/);
  });

  test('after a reload, choosing the same file again goes on from where it stopped', async ({
    page,
    station,
  }) => {
    const file = programmeFile(20);
    let media = await openShow(page, station);
    const creations: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/uploads'))
        creations.push(request.url());
    });
    await slowNetwork(page);
    await media.locator('input[type="file"]').setInputFiles(file);
    await media.getByRole('button', { name: 'Upload' }).click();
    await expect(media.getByText(/^8 MB of 20 MB/)).toBeVisible({ timeout: 40_000 });

    await page.reload();
    media = page.getByRole('region', { name: 'Media' });
    await expect(
      media.getByText('The upload of programme.mp4 stopped before it finished.', { exact: false }),
    ).toBeVisible();
    await media.locator('input[type="file"]').setInputFiles(file);
    await media.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('programme.mp4 uploaded')).toBeVisible({ timeout: 60_000 });
    // One upload, resumed: the server was asked to create it once.
    expect(creations).toHaveLength(1);
  });
});
