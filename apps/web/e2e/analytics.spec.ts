import { readFileSync } from 'node:fs';
import type PocketBase from 'pocketbase';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, seedStation, signInBrowser, test } from './support/fixtures';
import { superuserClient } from './support/superuser';

// /analytics on a seeded New York station: the programme reports over the default period, a
// preset chosen (the address keeps it), a table saved as CSV, axe, and the page at 1366 and
// 390 px in the dark scheme (the app's first) and the light one. The page's clock is pinned to
// Tuesday 10 March 2026, so "the last 7 days" are 4 to 10 March, and Sunday 8 March is the day
// New York's clocks spring forward.

const NOW = Date.parse('2026-03-10T13:15:00Z');

/** A record date for a New York wall time in March 2026 after the 8th (EDT) or before (EST). */
function newYork(day: number, time: string, month = 3): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const offset = month === 3 && (day > 8 || (day === 8 && hour >= 3)) ? 4 : 5;
  return new Date(Date.UTC(2026, month - 1, day, hour + offset, minute))
    .toISOString()
    .replace('T', ' ');
}

async function seed(pb: PocketBase, organization: string, channel: string) {
  const show = (title: string, status = 'ready') =>
    pb.collection('shows').create({ organization, title, status, durationSec: 3600 });
  const news = await show('Morning News');
  const hall = await show('Town Hall');
  await show('Pilot Episode');
  const air = (showId: string, start: string, durationSec = 3600) =>
    pb.collection('timeslots').create({ organization, channel, show: showId, start, durationSec });
  for (const day of [5, 6, 7]) await air(news.id, newYork(day, '09:00'));
  // Across the spring-forward: 01:00 to 04:00 on the new clock is two hours of airtime.
  await air(hall.id, newYork(8, '01:00'), 7200);
  await air(news.id, newYork(20, '09:00', 2));
  await pb.collection('captions').create({
    organization,
    show: news.id,
    kind: 'captions',
    language: 'en',
    status: 'complete',
    cues: [{ start: 0, end: 1, text: 'Good morning.' }],
  });
}

test('the reports over a period: a preset, a CSV, accessible in dark and light', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const station = await seedStation(baseURL ?? '');
  await seed(station.pb, String(station.organization?.id), String(station.channel?.id));

  await page.clock.install({ time: NOW });
  await signInBrowser(page, station.pb);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByTestId('analytics-period')).toHaveText(
    'Feb 9, 2026 to Mar 10, 2026 (30 days, America/New_York time) Compared with Jan 10, 2026 to Feb 8, 2026.',
  );
  // The last 30 days hold February's news too: five airings; the 30 days before, none.
  await expect(page.getByTestId('summary-airings')).toContainText('5');
  await expect(page.getByTestId('summary-airings')).toContainText('none in the previous period');

  // Last 7 days: the address keeps it, the reports follow.
  await page.getByLabel('Period').selectOption('last-7-days');
  await expect(page).toHaveURL(/\/analytics\?range=last-7-days$/);
  await expect(page.getByTestId('analytics-period')).toContainText('Mar 4, 2026 to Mar 10, 2026');
  const reruns = page.getByRole('region', { name: 'Reruns' });
  const table = reruns.getByRole('table', { name: 'Reruns' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('Morning News');
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('3');
  await expect(table.getByRole('row').nth(2)).toContainText('Town Hall');
  await expect(table.getByRole('row').nth(2).getByRole('cell').nth(2)).toHaveText('2:00');
  await expect(page.getByTestId('summary-airtime')).toContainText('5:00');
  await expect(page.getByTestId('summary-airings')).toContainText('4');
  await expect(page.getByTestId('summary-airings')).toContainText('none in the previous period');
  // The chart's text alternative: a visible summary, a table for screen readers.
  await expect(reruns.getByText(/^Most aired: Morning News, 3 times\./)).toBeVisible();
  await expect(reruns.getByRole('table', { name: '' }).first()).toBeAttached();

  const never = page.getByRole('region', { name: 'Never aired' });
  await expect(never).toContainText('Pilot Episode');
  await expect(never).toContainText('Never scheduled');
  const captions = page.getByRole('region', { name: 'Caption coverage' });
  // Three of the five hours were captioned.
  await expect(captions.getByRole('row', { name: /All channels/ })).toContainText('60%');
  await expect(captions).toContainText('Town Hall');
  await expect(page.getByTestId('summary-captioned')).toContainText('60%');
  await expect(page.getByRole('region', { name: 'Campaign delivery' })).toContainText(
    'No booked campaign’s flight meets this period.',
  );

  // The reruns table as CSV.
  const download = page.waitForEvent('download');
  await reruns.getByRole('button', { name: 'Download Reruns as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('reruns-2026-03-04-to-2026-03-10.csv');
  const csv = readFileSync(String(await file.path()), 'utf8').split('\r\n');
  expect(csv[0]).toBe('Show,Airings,Airtime,Share,Channels,Last airing,Next airing');
  expect(csv[1]).toMatch(/^Morning News,3,3:00,60%,Channel One \(3\),/);

  await expectNoSeriousA11yViolations(page, 'the analytics page');
  await page.screenshot({
    path: test.info().outputPath('analytics-dark-1366.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  // The cards' charts and controls lay themselves out again after the resize: the page fits
  // once they have (an early read in CI saw 520 px while one was still at its old width).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('analytics-dark-390.png'), fullPage: true });

  // The light scheme.
  await page.evaluate(() => {
    const cache = JSON.parse(window.localStorage.getItem('cache') ?? '{}');
    window.localStorage.setItem('cache', JSON.stringify({ ...cache, theme: 'light' }));
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.screenshot({
    path: test.info().outputPath('analytics-light-390.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  await expectNoSeriousA11yViolations(page, 'the analytics page, light');
  await page.screenshot({
    path: test.info().outputPath('analytics-light-1366.png'),
    fullPage: true,
  });

  // The dashboard's coverage card links to the report's section.
  await page.goto('/dashboard');
  const coverage = page.getByRole('region', { name: 'Caption coverage this week' });
  await expect(coverage.getByRole('link', { name: 'See the report' })).toHaveAttribute(
    'href',
    '/analytics?range=last-7-days&section=captions',
  );
  await coverage.getByRole('link', { name: 'See the report' }).click();
  await expect(page.getByRole('region', { name: 'Caption coverage' })).toBeInViewport();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A custom period that is none says why.
  await page.goto('/analytics?range=custom&from=2026-03-10&to=2026-03-01');
  await expect(page.getByRole('alert')).toHaveText(
    'The last day must be on or after the first day.',
  );
});

test('/views/BasicChartView shows each report chart on sample data, light and dark', async ({
  page,
  baseURL,
}) => {
  // axe reads the whole page, the timeline's sample too: a minute or so on a busy machine.
  test.setTimeout(180_000);
  await signInBrowser(page, await superuserClient(baseURL ?? ''));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/views/BasicChartView');
  const gallery = page.getByRole('region', { name: 'Report charts' });
  await gallery.scrollIntoViewIfNeeded();
  for (const id of [
    'sample-bars',
    'sample-shares',
    'sample-stacked',
    'sample-sparkline',
    'sample-heatmap',
  ])
    await expect(gallery.getByTestId(id).locator('svg, span[title]').first()).toBeVisible();
  await expect(
    gallery.getByText('Sample: airings of ten shows, Morning News the most with 28.').first(),
  ).toBeVisible();
  await expect(gallery.getByRole('table', { name: /views by day of week/ })).toBeAttached();
  for (const scheme of ['Dark', 'Light'] as const) {
    await gallery.getByText(scheme, { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute(
      'data-mantine-color-scheme',
      scheme.toLowerCase(),
    );
    await expectNoSeriousA11yViolations(page, `the report charts, ${scheme.toLowerCase()}`);
    await gallery.screenshot({
      path: test.info().outputPath(`charts-${scheme.toLowerCase()}-1366.png`),
    });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await gallery.screenshot({ path: test.info().outputPath('charts-light-390.png') });
});
