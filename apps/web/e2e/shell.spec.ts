import PocketBase from 'pocketbase';
import { AppPage } from './pages/app-page';
import { DEMO } from './support/fixtures';
import { expect, test } from './support/test';

// Every route of PRODUCT.md with the heading its page shows, and who may open it: public
// pages work signed out; members' pages send a signed-out visitor to sign in; debug pages are
// not found outside development builds but for superusers. Kept by hand: the spec runs in
// Node and cannot import the app's route table (TSX with browser-only imports).
type Access = 'public' | 'members' | 'debug';
// Signed out, the guide, watch and multiview show the station picker when the server carries
// several stations (other specs add theirs), or the demo station's page when it is alone.
const STATION_PAGE = /^(TV guide|Choose a station|Multiview|RCTV .*)$/;
const routes: ReadonlyArray<readonly [path: string, heading: string | RegExp, access: Access]> = [
  ['/', 'Airgrid TV', 'public'],
  ['/auth/login', 'Sign in', 'public'],
  ['/auth/signup', 'Create an account', 'public'],
  ['/auth/waitlist', 'Join the waitlist', 'public'],
  ['/auth/forgot-password', 'Reset your password', 'public'],
  ['/auth/reset-password', 'Choose a new password', 'public'],
  ['/auth/verify-email', 'Verify your email', 'public'],
  ['/dashboard', 'Dashboard', 'members'],
  ['/channels', 'Channels', 'members'],
  ['/channels/abc123', 'Channel not found', 'members'],
  ['/shows', 'Shows', 'members'],
  ['/shows/abc123', 'Show not found', 'members'],
  ['/timeslots', 'Timeslots', 'members'],
  ['/tvguide', STATION_PAGE, 'public'],
  ['/watch', STATION_PAGE, 'public'],
  ['/watch/abc123', 'Channel not found', 'public'],
  ['/multiview', STATION_PAGE, 'public'],
  ['/o/riverside/tvguide', 'TV guide', 'public'],
  ['/o/riverside/watch/rctv-1', 'RCTV 1 Community', 'public'],
  ['/o/riverside/podcasts/no-such-podcast', 'Podcast not found', 'public'],
  ['/embeds', 'Embeds', 'members'],
  ['/ads', 'Ads', 'members'],
  ['/campaigns', 'Campaigns', 'members'],
  ['/campaigns/abc123', 'Campaign not found', 'members'],
  ['/captions', 'Captions', 'members'],
  ['/podcasts', 'Podcasts', 'members'],
  ['/podcasts/abc123', 'Podcast not found', 'members'],
  ['/analytics', 'Analytics', 'members'],
  ['/members', 'Members', 'members'],
  ['/members/abc123', 'Member not found', 'members'],
  // Signed in as the demo station's owner: the organization and the profile are theirs.
  ['/organization', 'Riverside Community TV', 'members'],
  ['/equipment', 'Equipment', 'members'],
  ['/integrations', 'Integrations', 'members'],
  // Signed out: the station picker when the server carries several (other specs add theirs),
  // else the demo station's form; signed in, the member's own station's form.
  ['/submission', /^(Choose a station|Submit a show( to .+)?)$/, 'public'],
  ['/api-docs', 'API reference', 'public'],
  ['/api-docs/list_shows', 'List shows records', 'public'],
  ['/profile', 'Dana Demo', 'members'],
  ['/settings', 'Settings', 'members'],
  ['/settings/profile', 'Settings', 'members'],
  ['/archive/organization', 'Archive', 'members'],
  ['/archive/settings', 'Archive settings', 'members'],
  ['/privacy', 'Privacy policy', 'public'],
  ['/terms', 'Terms of use', 'public'],
  ['/debug/playground', 'Component playground', 'debug'],
  ['/debug/static', 'Static assets', 'debug'],
  ['/views/BasicChartView', 'Timeline chart', 'debug'],
];

test.describe('app shell', () => {
  test('the home page is titled Airgrid TV and shows the landing hero', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/');

    await expect(page).toHaveTitle('Airgrid TV');
    await expect(app.heading()).toHaveText('Airgrid TV');
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the TV guide' })).toBeVisible();
    await expect(app.layout('public')).toBeVisible();
  });

  test('an unknown path answers 404 and shows the 404 page in the public layout when signed out', async ({
    page,
  }) => {
    const app = new AppPage(page);
    // The status is the server's (crawlers and link checkers read it); the page is the app's.
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);

    await expect(page.getByText('Page not found: /no/such/page', { exact: true })).toBeVisible();
    await expect(app.heading()).toHaveText('Page Not Found');
    await expect(app.layout('public')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  });

  test('the 404 message keeps the query string', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/no/such/page?channel=7');

    await expect(
      page.getByText('Page not found: /no/such/page?channel=7', { exact: true }),
    ).toBeVisible();
  });

  test('"Back to home" leaves the 404 page for the landing page', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/no/such/page');
    await page.getByRole('link', { name: 'Back to home' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(app.heading()).toHaveText('Airgrid TV');
  });

  test('/watch uses the watch layout in the dark scheme', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/watch');

    await expect(app.layout('watch')).toBeVisible();
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('/auth/login signed out uses the auth layout in the light scheme', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/auth/login');

    await expect(app.layout('auth')).toBeVisible();
    await expect(app.heading()).toHaveText('Sign in');
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('/auth/login signed in goes on at once: to onboarding without an organization', async ({
    page,
  }) => {
    // The SDK's local-storage auth store only checks the token's expiry client-side.
    const payload = Buffer.from(
      JSON.stringify({ id: 'u1234567890abcd', exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString('base64url');
    const token = `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
    await page.addInitScript(
      (auth) => {
        window.localStorage.setItem('pocketbase_auth', auth);
      },
      JSON.stringify({ token, record: { id: 'u1234567890abcd', email: 'producer@example.org' } }),
    );

    const app = new AppPage(page);
    await app.goto('/auth/login?next=/channels');

    await expect(page).toHaveURL('/onboarding');
    await expect(app.layout('onboarding')).toBeVisible();
    await expect(app.heading()).toHaveText('Get started');
  });

  test('leaving the sign-in page for the guide switches back to dark', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/auth/login');
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByRole('link', { name: 'TV guide' }).click();

    await expect(app.layout('public')).toBeVisible();
    await expect(app.heading()).toHaveText(STATION_PAGE);
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('widgets under /embed/ render without the app chrome', async ({ page }) => {
    // The server answers /embed/:id with the widget page itself (features/embeds), not the app.
    await page.goto('/embed/abc123');

    await expect(page.getByRole('heading', { level: 1, name: 'Widget not found' })).toBeVisible();
    await expect(page.getByTestId('layout-default')).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  // One page walks every route of an access (its scripts cached after the first load): a
  // test per route spent most of its time starting a browser context and loading the app cold.
  // Soft assertions, so a failure names every route that broke, not just the first.
  test('public routes render their pages signed out', async ({ page }) => {
    test.setTimeout(120_000);
    const app = new AppPage(page);
    for (const [path, heading] of routes.filter(([, , access]) => access === 'public')) {
      await app.goto(path);
      await expect.soft(app.heading(), path).toHaveText(heading);
      await expect.soft(app.errorPage(), path).toHaveCount(0);
    }
  });

  test('members’ routes send a signed-out visitor to sign in, naming the page to return to', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const app = new AppPage(page);
    for (const [path] of routes.filter(([, , access]) => access === 'members')) {
      await app.goto(path);
      await expect.soft(page, path).toHaveURL(`/auth/login?next=${encodeURIComponent(path)}`);
      await expect.soft(app.heading(), path).toHaveText('Sign in');
    }
  });

  test('debug routes are not found signed out', async ({ page }) => {
    const app = new AppPage(page);
    for (const [path] of routes.filter(([, , access]) => access === 'debug')) {
      await app.goto(path);
      await expect.soft(app.heading(), path).toHaveText('Page Not Found');
    }
  });
});

test.describe('app shell, signed in', () => {
  let auth = '';
  test.beforeAll(async ({ baseURL }) => {
    const pb = new PocketBase(baseURL);
    await pb.collection('users').authWithPassword(DEMO.email, DEMO.password);
    auth = JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record });
  });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((value) => {
      window.localStorage.setItem('pocketbase_auth', value);
    }, auth);
  });

  test('members’ routes render their pages for a member', async ({ page }) => {
    test.setTimeout(120_000);
    const app = new AppPage(page);
    for (const [path, heading] of routes.filter(([, , access]) => access === 'members')) {
      await app.goto(path);
      await expect.soft(app.heading(), path).toHaveText(heading);
      await expect.soft(app.errorPage(), path).toHaveCount(0);
    }
  });

  test('the sidebar navigates between areas and sets the tab title', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/dashboard');

    await page
      .getByRole('navigation', { name: 'Areas' })
      .getByRole('link', { name: 'Channels' })
      .click();

    await expect(app.heading()).toHaveText('Channels');
    await expect(page).toHaveTitle('Channels · Airgrid TV');
  });

  test('debug pages are not found for an owner in a production build', async ({ page }) => {
    const app = new AppPage(page);
    for (const path of ['/views/BasicChartView', '/debug/playground']) {
      await app.goto(path);
      await expect(app.heading()).toHaveText('Page Not Found');
      await expect(page.getByText(`Page not found: ${path}`, { exact: true })).toBeVisible();
    }
  });
});
