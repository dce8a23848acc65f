import { pauseClock } from './support/clock';
import { signInBrowser } from './support/fixtures';
import { superuserClient } from './support/superuser';
import { expect, type Locator, type Page, test } from './support/test';

// The timeline chart on its demo page (/views/BasicChartView: superusers only in a production
// build, so the browser signs in as one). The sample's
// first channel starts with Morning News 06:00–07:00 right before Garden Hour 07:00–08:00, a
// free hour, Council Meeting 09:00–10:30 and the locked Noon Bulletin 12:00–13:00 (UTC, today).

const QUARTER_MS = 15 * 60_000;
const DAY_MINUTES = 24 * 60;

test.use({ viewport: { width: 1440, height: 900 } });

function bar(page: Page, id: string): Locator {
  return page.locator(`[data-bar-id="${id}"]`);
}

async function startOf(page: Page, id: string): Promise<number> {
  return Number(await bar(page, id).getAttribute('data-start'));
}

async function durationOf(page: Page, id: string): Promise<number> {
  return Number(await bar(page, id).getAttribute('data-duration'));
}

/** Pixels per minute on the first channel's track (the sample window is one day). */
async function pxPerMinute(page: Page): Promise<number> {
  const track = await page.locator('[data-track][data-row-id="ch1"]').boundingBox();
  if (!track) throw new Error('The first channel has no track.');
  return track.width / DAY_MINUTES;
}

/** Presses on a bar (its middle, or its right handle), moves by `minutes` in steps, releases. */
async function drag(
  page: Page,
  id: string,
  minutes: number,
  grip: 'middle' | 'end' = 'middle',
  release = true,
): Promise<void> {
  await bar(page, id).scrollIntoViewIfNeeded();
  const box = await bar(page, id).boundingBox();
  if (!box) throw new Error(`Bar ${id} is not on screen.`);
  const x = grip === 'end' ? box.x + box.width - 3 : box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + minutes * (await pxPerMinute(page)), y, { steps: 12 });
  if (release) await page.mouse.up();
}

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
  await signInBrowser(page, await superuserClient(baseURL));
  await page.goto('/views/BasicChartView');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Timeline chart');
  await expect(bar(page, 'morning-news')).toBeVisible();
});

test('dragging a bar moves its start by a multiple of 15 minutes, with a snapped ghost', async ({
  page,
}) => {
  const before = await startOf(page, 'garden-hour');
  await drag(page, 'garden-hour', 38, 'middle', false);

  const ghost = page.getByTestId('timeline-ghost');
  await expect(ghost).toBeVisible();
  expect(Number(await ghost.getAttribute('data-start')) % QUARTER_MS).toBe(0);
  await expect(bar(page, 'garden-hour')).toHaveAttribute('data-dragging', 'true');
  await page.mouse.up();

  await expect(ghost).toHaveCount(0);
  await expect.poll(() => startOf(page, 'garden-hour')).not.toBe(before);
  const moved = (await startOf(page, 'garden-hour')) - before;
  expect(moved % QUARTER_MS).toBe(0);
  // 38 minutes of pointer travel lands on the nearest quarter hour: 45 minutes.
  expect(moved).toBe(3 * QUARTER_MS);
  await expect(page.getByTestId('chart-log')).toContainText('Garden Hour:');
});

test('dragging the right handle resizes the bar in 15-minute steps', async ({ page }) => {
  const start = await startOf(page, 'council-meeting');
  expect(await durationOf(page, 'council-meeting')).toBe(5400);

  await drag(page, 'council-meeting', 31, 'end');

  await expect.poll(() => durationOf(page, 'council-meeting')).toBe(5400 + 1800);
  expect(await startOf(page, 'council-meeting')).toBe(start);
});

test('push mode pushes the neighbour and logs both bars', async ({ page }) => {
  const news = await startOf(page, 'morning-news');
  const garden = await startOf(page, 'garden-hour');

  await drag(page, 'morning-news', 30);

  await expect.poll(() => startOf(page, 'morning-news')).toBe(news + 2 * QUARTER_MS);
  expect(await startOf(page, 'garden-hour')).toBe(garden + 2 * QUARTER_MS);
  const log = page.getByTestId('chart-log');
  await expect(log.getByRole('listitem')).toHaveCount(2);
  await expect(log).toContainText('Morning News:');
  await expect(log).toContainText('Garden Hour:');
});

test('no-overlap mode reverts an overlapping drag and says why', async ({ page }) => {
  await page.getByText('No overlap', { exact: true }).click();
  const news = await startOf(page, 'morning-news');
  const garden = await startOf(page, 'garden-hour');

  await drag(page, 'morning-news', 30);

  await expect(page.getByRole('alert')).toContainText(
    'That change would overlap Garden Hour, so it was reverted.',
  );
  expect(await startOf(page, 'morning-news')).toBe(news);
  expect(await startOf(page, 'garden-hour')).toBe(garden);
});

test('a locked bar cannot be dragged', async ({ page }) => {
  const locked = bar(page, 'noon-bulletin');
  await expect(locked).toHaveAttribute('aria-label', /, locked$/);
  await expect(locked).toHaveCSS('cursor', 'not-allowed');
  const start = await startOf(page, 'noon-bulletin');

  await drag(page, 'noon-bulletin', 60);

  await expect(page.getByRole('alert')).toContainText(
    'Noon Bulletin is locked, so the change was reverted.',
  );
  expect(await startOf(page, 'noon-bulletin')).toBe(start);
});

test('Escape cancels a drag', async ({ page }) => {
  const start = await startOf(page, 'garden-hour');
  await drag(page, 'garden-hour', 45, 'middle', false);
  await expect(page.getByTestId('timeline-ghost')).toBeVisible();

  await page.keyboard.press('Escape');
  await page.mouse.up();

  await expect(page.getByTestId('timeline-ghost')).toHaveCount(0);
  expect(await startOf(page, 'garden-hour')).toBe(start);
  await expect(page.getByText('Nothing changed yet.')).toBeVisible();
});

test('keyboard: ArrowRight moves a bar by 15 minutes, Shift+ArrowRight resizes it', async ({
  page,
}) => {
  const garden = bar(page, 'garden-hour');
  await expect(garden).toHaveAttribute('tabindex', '0');
  await expect(garden).toHaveAttribute(
    'aria-label',
    /^Garden Hour, \d\d\/\d\d\/\d{4} 7:00 AM to 8:00 AM$/,
  );
  const start = await startOf(page, 'garden-hour');

  await garden.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => startOf(page, 'garden-hour')).toBe(start + QUARTER_MS);
  await expect(garden).toBeFocused();
  await expect(garden).toHaveAttribute('aria-label', /7:15 AM to 8:15 AM$/);

  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => durationOf(page, 'garden-hour')).toBe(3600 + 900);
  expect(await startOf(page, 'garden-hour')).toBe(start + QUARTER_MS);
});

test('the tooltip appears 800 ms after the pointer enters a bar', async ({ page }) => {
  await page.clock.install();
  await page.reload();
  await expect(bar(page, 'morning-news')).toBeVisible();
  const tooltip = page.getByRole('tooltip');
  // Hours are wide enough for half-hour titles, so the day scrolls sideways: bring it in view.
  await bar(page, 'morning-news').scrollIntoViewIfNeeded();
  const box = await bar(page, 'morning-news').boundingBox();
  if (!box) throw new Error('Morning News is not on screen.');

  // The delay is timed on the page's clock (installed before the page loaded), which from here
  // moves only when told.
  await pauseClock(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.clock.runFor(799);
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(tooltip).toBeVisible();
  await page.clock.resume();
  await expect(tooltip).toContainText('Morning News');
  // The full text on the 12-hour clock, never an ISO string.
  await expect(tooltip).toContainText(/\d\d\/\d\d\/\d{4} 6:00 AM to 7:00 AM/);
  await expect(tooltip).toContainText('1 h');
  await expect(tooltip).not.toContainText(/\d{4}-\d\d-\d\d/);
  await expect(tooltip).toHaveCSS('background-color', 'rgb(95, 158, 160)'); // cadetblue

  await page.mouse.move(5, 5);
  await expect(tooltip).toHaveCount(0);
});

test('changing the colour scheme changes the bar colours', async ({ page }) => {
  const news = bar(page, 'morning-news');
  const before = await news.evaluate((el) => getComputedStyle(el).backgroundColor);

  await page.getByLabel('Colour scheme', { exact: true }).selectOption('crimson');

  await expect(page.getByRole('region', { name: 'Sample schedule' })).toHaveAttribute(
    'data-color-scheme',
    'crimson',
  );
  const after = await news.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(after).not.toBe(before);
});

test('the axis follows the precision and an unknown one is impossible to pick', async ({
  page,
}) => {
  const axis = page.getByTestId('timeline-axis');
  await expect(axis).toContainText('6:00 AM');
  await page.getByLabel('Precision').selectOption('day');
  await expect(axis).not.toContainText('6:00 AM');
  await expect(page.getByLabel('Precision').locator('option')).toHaveText([
    'hour',
    'day',
    'date',
    'week',
    'month',
  ]);
  await expect(page.getByTestId('timeline-now')).toBeVisible();
});

test('the chart in the dark theme', async ({ page }, testInfo) => {
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.screenshot({ path: testInfo.outputPath('timeline-dark.png'), fullPage: true });
});
