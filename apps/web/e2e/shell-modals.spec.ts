import { pauseClock } from './support/clock';
import { signInAsDemo } from './support/fixtures';
import { superuserClient } from './support/superuser';
import { expect, test } from './support/test';

test.describe('help', () => {
  test("answers the seed's eight questions first: the first expanded, each toggling on its own", async ({
    page,
  }) => {
    await signInAsDemo(page);
    await page.getByRole('button', { name: 'Help' }).click();
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await expect(dialog).toBeVisible();
    const about = dialog.getByRole('region', { name: 'About Airgrid' });
    const controls = about.locator('button[aria-expanded]');
    await expect(controls).toHaveCount(8);
    await expect(controls.nth(0)).toHaveText('What is Airgrid?');
    await expect(controls.nth(0)).toHaveAttribute('aria-expanded', 'true');
    for (let i = 1; i < 8; i++)
      await expect(controls.nth(i)).toHaveAttribute('aria-expanded', 'false');

    // Opening another leaves the first open; closing the first leaves the other open.
    await controls.nth(6).click();
    await expect(controls.nth(6)).toHaveAttribute('aria-expanded', 'true');
    await expect(controls.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await controls.nth(0).click();
    await expect(controls.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(controls.nth(6)).toHaveAttribute('aria-expanded', 'true');
    await expect(
      about.getByText('Planned: live chat, polls and viewer feedback', { exact: false }),
    ).toBeVisible();

    // The how-to questions follow, all closed.
    const howTo = dialog.getByRole('region', { name: 'How do I…' });
    await expect(howTo.locator('button[aria-expanded="false"]')).toHaveCount(8);
    await howTo.getByRole('button', { name: 'What happens when two shows overlap?' }).click();
    await expect(
      howTo.getByText('A channel can never be double-booked.', { exact: false }),
    ).toBeVisible();
  });
});

test.describe('feedback', () => {
  test('without a configured survey, the built-in form stores the message', async ({
    page,
    baseURL,
  }) => {
    await signInAsDemo(page);
    await page.goto('/tvguide');
    await page.getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    const send = dialog.getByRole('button', { name: 'Send feedback' });
    await expect(send).toBeDisabled();
    const message = `The guide is great ${Date.now()}`;
    await dialog.getByLabel(/^Message/).fill(message);
    await send.click();
    await expect(dialog.getByRole('status')).toContainText(
      'Your feedback reached the Airgrid team.',
    );

    const admin = await superuserClient(baseURL ?? '');
    const stored = await admin
      .collection('feedback')
      .getFirstListItem(admin.filter('message = {:m}', { m: message }));
    expect(stored.page).toBe('/tvguide');
    expect(stored.email).toBe('demo@airgrid.tv');
  });

  test('a failed send keeps the message and is not repeated', async ({ page }) => {
    await signInAsDemo(page);
    let posts = 0;
    await page.route('**/api/collections/feedback/records', async (route) => {
      posts++;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 503, message: 'Try again in a moment.', data: {} }),
      });
    });
    await page.getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.getByLabel(/^Message/).fill('Keep me');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Try again in a moment.');
    await expect(dialog.getByLabel(/^Message/)).toHaveValue('Keep me');
    expect(posts).toBe(1);
  });
});

test.describe('details modal', () => {
  test('opens for a hash, shows a loader for 1.2 s, then the channel of the route', async ({
    page,
  }) => {
    await page.clock.install();
    await signInAsDemo(page);
    const panel = page.getByRole('complementary', { name: 'Collections' });
    const firstChannel = panel.getByRole('link').first();
    const channelName = (await firstChannel.locator('.mantine-NavLink-label').textContent()) ?? '';
    await firstChannel.click();
    await expect(page).toHaveURL(/\/channels\/[a-z0-9]{15}$/);

    // The 1.2 s runs on the page's clock from when the modal shows; from here the clock moves
    // only when told, so a busy machine cannot blur it.
    await pauseClock(page);
    await page.evaluate(() => {
      window.location.hash = 'stream-health';
    });
    const loader = page.getByLabel('Loading details');
    await expect(loader).toBeVisible();
    await page.clock.runFor(1_199);
    await expect(loader).toBeVisible();
    await page.clock.runFor(1);
    await expect(loader).toBeHidden();
    await page.clock.resume();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Stream health')).toBeVisible();
    await expect(dialog.getByText(channelName, { exact: false })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(new URL(page.url()).hash).toBe('');
  });

  test('leaves #records and #edit-… to the page', async ({ page }) => {
    await signInAsDemo(page);
    for (const hash of ['records', 'edit-abc']) {
      await page.goto(`/shows#${hash}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Shows' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });
});

test.describe('route rules', () => {
  test('redirect inside the app, keeping the query', async ({ page }) => {
    await page.goto('/login?next=/shows');
    await expect(page).toHaveURL(/\/auth\/login\?next=(%2F|\/)shows$/);
    await page.goto('/guide');
    await expect(page).toHaveURL(/\/tvguide$/);
  });

  test('redirect to an external address when the rule allows it', async ({ page }) => {
    await page.route('https://github.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>SDK</h1>' }),
    );
    await page.goto('/docs/sdk');
    await expect(page).toHaveURL('https://github.com/pocketbase/js-sdk');
  });
});

test.describe('sidebar and collections panel', () => {
  test('open, close and toggle together', async ({ page }) => {
    await signInAsDemo(page);
    const sidebar = page.getByRole('navigation', { name: 'Areas' });
    const panel = page.getByRole('complementary', { name: 'Collections' });
    await expect(sidebar).toBeInViewport();
    await expect(panel).toBeInViewport();
    await expect(panel.getByRole('link').first()).toBeVisible();

    const toggle = page.getByRole('button', { name: 'Toggle navigation' }).locator('visible=true');
    await toggle.click();
    await expect(sidebar).not.toBeInViewport();
    await expect(panel).not.toBeInViewport();
    await toggle.click();
    await expect(sidebar).toBeInViewport();
    await expect(panel).toBeInViewport();
  });
});

test.describe('retry policy', () => {
  test('a GET that gets a 503 is asked once more', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/collections/channels/records?*', async (route) => {
      // The collections panel's list only (the dashboard reads channels too).
      if (!route.request().url().includes('sort=sortOrder')) return route.continue();
      calls++;
      if (calls === 1) {
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
      } else {
        await route.continue();
      }
    });
    await signInAsDemo(page);
    const panel = page.getByRole('complementary', { name: 'Collections' });
    await expect(panel.getByRole('link').first()).toBeVisible();
    expect(calls).toBe(2);
  });
});

// On /privacy, a page the browser renders: on a guest's server-rendered page (the guide, say)
// the app, and its check with it, starts only when needed (decision 0029).
test.describe('new builds', () => {
  test('a newer build on the server is offered as a reload', async ({ page }) => {
    await page.route('**/builds/latest.json?*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ id: 'a-newer-build', timestamp: Date.now() }),
      }),
    );
    await page.goto('/privacy');
    const notice = page.getByText('A new version of Airgrid is available');
    await expect(notice).toBeVisible();
    await page.unroute('**/builds/latest.json?*');
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.waitForLoadState('load');
    await expect(notice).toBeHidden();
  });

  test('the same build is checked again every 60 minutes', async ({ page }) => {
    await page.clock.install();
    let manifestCalls = 0;
    let newer = false;
    await page.route('**/builds/latest.json?*', async (route) => {
      manifestCalls++;
      if (!newer) return route.continue();
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ id: 'an-hour-later', timestamp: Date.now() }),
      });
    });
    await page.goto('/privacy');
    await page.clock.runFor(1500);
    await expect.poll(() => manifestCalls).toBe(1);
    await expect(page.getByText('A new version of Airgrid is available')).toHaveCount(0);

    newer = true;
    await page.clock.runFor(59 * 60_000);
    expect(manifestCalls).toBe(1);
    await page.clock.runFor(60_000);
    await expect.poll(() => manifestCalls).toBe(2);
    await expect(page.getByText('A new version of Airgrid is available')).toBeVisible();
  });
});
