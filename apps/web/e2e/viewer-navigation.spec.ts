import { expect, test } from '@playwright/test';
import { seedStation } from './support/fixtures';
import { unique } from './support/members';

// A viewer's side that never dead-ends (issue 15): with several stations on the server, a
// signed-out visitor chooses one, and every public link keeps it.

function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('The Playwright config sets no baseURL.');
  return url;
}

test('signed out with several stations, /tvguide offers a searchable picker that leads to the station', async ({
  page,
}) => {
  // The demo station and this one: at least two public stations.
  const id = unique();
  const station = await seedStation(baseUrl(), {
    organization: `Picker Valley ${id}`,
    channel: `Valley Public ${id}`,
  });
  const slug = String(station.organization?.slug);

  await page.goto('/tvguide');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a station' })).toBeVisible();
  const stations = page.getByRole('list', { name: 'Stations' });
  await expect(stations.getByRole('link').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Search stations' }).fill(`valley ${id}`);
  await expect(stations.getByRole('link')).toHaveCount(1);
  await stations.getByRole('link', { name: new RegExp(`Picker Valley ${id}`) }).click();

  await expect(page).toHaveURL(`/o/${slug}/tvguide`);
  await expect(page.getByRole('heading', { level: 1, name: 'TV guide' })).toBeVisible();
  const grid = page.getByRole('grid', { name: /^TV guide for / });
  await expect(grid.getByRole('rowheader', { name: `Valley Public ${id}` })).toBeVisible();
  await expect(grid.getByRole('rowheader')).toHaveCount(1);

  // A search that matches nothing says so.
  await page.goto('/tvguide');
  await page.getByRole('textbox', { name: 'Search stations' }).fill(`nothing-${id}`);
  await expect(page.getByText(`No station matches “nothing-${id}”.`)).toBeVisible();
});

test('signed out, bare /watch offers the picker, and a station’s /watch opens its own live channel', async ({
  page,
}) => {
  const id = unique();
  const station = await seedStation(baseUrl(), {
    organization: `Watch Valley ${id}`,
    channel: `Valley Live ${id}`,
  });
  const slug = String(station.organization?.slug);

  await page.goto('/watch');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a station' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search stations' }).fill(`watch valley ${id}`);
  await page.getByRole('link', { name: new RegExp(`Watch Valley ${id}`) }).click();
  await expect(page).toHaveURL(`/o/${slug}/watch`);
  await expect(page.getByRole('heading', { level: 1, name: `Valley Live ${id}` })).toBeVisible();

  // "Full TV guide" keeps the station.
  await page.getByRole('link', { name: 'Full TV guide' }).click();
  await expect(page).toHaveURL(`/o/${slug}/tvguide`);

  // The demo station's bare watch page opens one of its own channels, never another station's.
  await page.goto('/o/riverside/watch');
  await expect(page.getByRole('heading', { level: 1, name: /^RCTV / })).toBeVisible();
});
