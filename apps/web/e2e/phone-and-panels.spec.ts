import type { Locator, Page } from '@playwright/test';
import { ShowsPages } from './pages/shows-pages';
import { TvGuidePage } from './pages/tvguide-page';
import { expect, openAsOwner, signInAsDemo, test } from './support/fixtures';

// Issue 36, item 8: the staff's guide at a laptop's width, and the workspace on a phone.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

/** The hours of the day the guide grid shows across its width (a quarter-hour is 60 px). */
async function hoursInView(page: Page): Promise<number> {
  const guide = new TvGuidePage(page);
  const grid = guide.grid();
  const channel = await guide.channelHeaders().first().boundingBox();
  const width = await grid.evaluate((element) => element.clientWidth);
  if (!channel) throw new Error('The guide has no channel column.');
  return (width - channel.width) / 240;
}

/** Whether `inner` lies wholly inside `outer`'s box, as drawn. */
async function within(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) return false;
  return a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
}

test('the staff guide: side panels collapse, the grid shows more hours, and the device remembers', async ({
  page,
  station,
}) => {
  await page.setViewportSize(LAPTOP);
  await openAsOwner(page, station, '/tvguide');
  const guide = new TvGuidePage(page);
  await expect(guide.grid()).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Areas' });
  const panel = page.getByRole('complementary', { name: 'Collections' });
  const toggle = page.getByRole('button', { name: 'Toggle navigation' }).locator('visible=true');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const between = await hoursInView(page);
  expect(between).toBeLessThan(3);

  // The toggle says what it does.
  await toggle.hover();
  await expect(page.getByRole('tooltip', { name: 'Hide side panels' })).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar).not.toBeInViewport();
  await expect(panel).not.toBeInViewport();
  await expect.poll(() => hoursInView(page)).toBeGreaterThan(4);

  // Collapsed after a reload, and on the next page: the choice is the device's.
  await page.reload();
  await expect(guide.grid()).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar).not.toBeInViewport();
  await expect.poll(() => hoursInView(page)).toBeGreaterThan(4);
  await page.goto('/shows');
  await expect(page.getByRole('heading', { level: 1, name: 'Shows' })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // Opened again, they stay open.
  await toggle.click();
  await expect(sidebar).toBeInViewport();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Shows' })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeInViewport();
});

test('on a phone the station name in the header is read whole', async ({ page, station }) => {
  if (!station.organization) throw new Error('The station has no organization.');
  await station.pb
    .collection('organizations')
    .update(station.organization.id, { name: 'Northfield Community TV' });
  await page.setViewportSize(PHONE);
  await openAsOwner(page, station);
  const name = page.getByRole('banner').getByTestId('brand-name');
  await expect(name).toHaveText('Northfield Community TV');
  // Neither clipped below (more lines than shown) nor at the side.
  const clipped = await name.evaluate(
    (element) =>
      element.scrollHeight > element.clientHeight + 1 ||
      element.scrollWidth > element.clientWidth + 1,
  );
  expect(clipped).toBe(false);
  await expect(page.getByRole('link', { name: 'Northfield Community TV home' })).toHaveAttribute(
    'title',
    'Northfield Community TV',
  );
  // It stays clear of the header's buttons.
  const box = await name.boundingBox();
  const help = await page.getByRole('button', { name: 'Help' }).boundingBox();
  expect(box && help && box.x + box.width <= help.x).toBe(true);
});

test('on a phone the shows list is cards, nothing cut off at the right', async ({
  page,
  station,
}) => {
  await station.pb.collection('shows').create({
    organization: station.organization?.id,
    title: 'Harbour Watch',
    category: 'Local news',
    durationSec: 1800,
    status: 'ready',
  });
  await page.setViewportSize(PHONE);
  await openAsOwner(page, station, '/shows');
  const shows = new ShowsPages(page);
  const card = shows.card('Harbour Watch');
  await expect(card).toBeVisible();
  await expect(shows.table()).toHaveCount(0);
  await expect(card.getByText('Local news')).toBeVisible();
  await expect(card.getByText('0:30', { exact: true })).toBeVisible();
  await expect(card.getByText('Ready', { exact: true })).toBeVisible();
  await expect(card.getByText('No captions')).toBeVisible();
  const edit = card.getByRole('button', { name: 'Edit Harbour Watch' });
  await expect(edit).toBeVisible();

  // Everything on the screen: the card and its button within the width, no sideways scroll.
  for (const part of [card, edit]) {
    const box = await part.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );

  // The same actions: the title opens the show, the pencil its form.
  await edit.click();
  await expect(shows.dialog().getByLabel(/^Title/)).toHaveValue('Harbour Watch');
  await page.keyboard.press('Escape');
  await expect(shows.dialog()).toHaveCount(0);
  await card.getByRole('link', { name: 'Harbour Watch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Watch' })).toBeVisible();

  // The desktop keeps the table.
  await page.setViewportSize(LAPTOP);
  await shows.openList();
  await expect(shows.row('Harbour Watch')).toBeVisible();
});

test.describe('channel chips on a phone', () => {
  test('a guest opening a channel sees its chip, the app not yet running', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/watch/rctv-1');
    const strip = page.getByTestId('watch-channels');
    const last = strip.getByRole('listitem').last();
    const href = await last.getByRole('link').getAttribute('href');
    if (!href) throw new Error('The last chip has no link.');
    // A new page from the server, as a tap on the chip gives a guest.
    await page.goto(href);
    const current = strip.locator('li:has([aria-current="page"])');
    await expect(last.getByRole('link')).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => within(current, strip)).toBe(true);
  });

  test('switching keeps the chosen chip in view and the first one within reach', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signInAsDemo(page);
    await page.goto('/watch/rctv-1');
    const strip = page.getByTestId('watch-channels');
    const chips = strip.getByRole('listitem');
    await expect(chips).toHaveCount(4);

    // The second channel: in view, with the first one still showing beside it.
    await chips.nth(1).getByRole('link').click();
    await expect(chips.nth(1).getByRole('link')).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => within(chips.nth(1), strip)).toBe(true);
    const first = await chips.first().boundingBox();
    const box = await strip.boundingBox();
    expect(first && box && first.x + first.width > box.x + 16).toBe(true);

    // The last: in view; swiped back, the first chip stays there (the page's clock ticks).
    await page.getByRole('button', { name: 'Next channel' }).click();
    await page.getByRole('button', { name: 'Next channel' }).click();
    await expect(chips.last().getByRole('link')).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => within(chips.last(), strip)).toBe(true);
    await strip.evaluate((element) => element.scrollTo({ left: 0 }));
    await page.waitForTimeout(1500);
    await expect.poll(() => within(chips.first(), strip)).toBe(true);
  });
});

test('on a phone a toast sits under the header and its buttons stay clickable', async ({
  page,
  station,
}) => {
  await page.setViewportSize(PHONE);
  await openAsOwner(page, station);
  await page.keyboard.press('Backquote');
  await page.keyboard.press('a');
  const toast = page.getByRole('alert').filter({ hasText: `Logged in as ${station.email}` });
  await expect(toast).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  if (!header) throw new Error('The page has no header.');
  await expect
    .poll(async () => (await toast.boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual(header.y + header.height);
  // Each of the header's buttons is what a tap at its centre reaches.
  for (const name of ['Help', 'Feedback', /^Notifications/, 'Settings', /^Account menu/]) {
    const button = page.getByRole('banner').getByRole('button', { name });
    const hit = await button.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const at = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return at !== null && element.contains(at);
    });
    expect(hit, String(name)).toBe(true);
  }
});
