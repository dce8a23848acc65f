import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app-page';

// Every route of PRODUCT.md with the heading its page shows. Kept by hand: the spec runs in
// Node and cannot import the app's route table (TSX with browser-only imports).
const routes: ReadonlyArray<readonly [path: string, heading: string | RegExp]> = [
  ['/', 'Airgrid TV'],
  ['/auth/login', 'Sign in'],
  ['/auth/signup', 'Create an account'],
  ['/auth/waitlist', 'Join the waitlist'],
  ['/auth/forgot-password', 'Reset your password'],
  ['/auth/reset-password', 'Choose a new password'],
  ['/auth/verify-email', 'Verify your email'],
  ['/dashboard', 'Dashboard'],
  ['/channels', 'Channels'],
  // A real page now: an id nobody has (and a signed-out visitor) gets its not-found state.
  ['/channels/abc123', 'Channel not found'],
  ['/shows', 'Shows'],
  ['/shows/abc123', 'Show not found'],
  ['/timeslots', 'Timeslots'],
  ['/tvguide', 'TV guide'],
  // Signed out, /watch plays the first public channel (other tests add theirs); an unknown one
  // says so.
  ['/watch', /\S/],
  ['/watch/abc123', 'Channel not found'],
  ['/multiview', 'Multiview'],
  ['/embeds', 'Embeds'],
  ['/ads', 'Ads'],
  ['/campaigns', 'Campaigns'],
  ['/captions', 'Captions'],
  ['/podcasts', 'Podcasts'],
  ['/podcasts/abc123', 'Podcast'],
  ['/analytics', 'Analytics'],
  ['/members', 'Members'],
  ['/members/abc123', 'Member'],
  ['/organization', 'Organization'],
  ['/equipment', 'Equipment'],
  ['/integrations', 'Integrations'],
  ['/submission', 'Submit a show'],
  ['/api-docs', 'API docs'],
  ['/api-docs/list-records', 'API endpoint'],
  ['/profile', 'Profile'],
  ['/settings', 'Settings'],
  ['/settings/profile', 'Settings'],
  ['/archive/organization', 'Archive'],
  ['/archive/settings', 'Archive settings'],
  ['/privacy', 'Privacy policy'],
  ['/terms', 'Terms of use'],
  ['/debug/playground', 'Component playground'],
  ['/debug/static', 'Static assets'],
  ['/views/BasicChartView', 'Timeline chart'],
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
    await expect(app.layout('default')).toBeVisible();
  });

  test('an unknown path shows the 404 page in the default layout', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/no/such/page');

    await expect(page.getByText('Page not found: /no/such/page', { exact: true })).toBeVisible();
    await expect(app.heading()).toHaveText('Page Not Found');
    await expect(app.layout('default')).toBeVisible();
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

  test('/auth/login signed in falls through to the onboarding layout', async ({ page }) => {
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
    await app.goto('/auth/login');

    await expect(app.layout('onboarding')).toBeVisible();
    await expect(app.heading()).toHaveText('Sign in');
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('leaving the sign-in page for the guide switches back to dark', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/auth/login');
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByRole('link', { name: 'TV guide' }).click();

    await expect(app.layout('default')).toBeVisible();
    await expect(app.heading()).toHaveText('TV guide');
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('widgets under /embed/ render without the app chrome', async ({ page }) => {
    // The server answers /embed/:id with the widget page itself (features/embeds), not the app.
    await page.goto('/embed/abc123');

    await expect(page.getByRole('heading', { level: 1, name: 'Widget not found' })).toBeVisible();
    await expect(page.getByTestId('layout-default')).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('the sidebar navigates between areas and sets the tab title', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/dashboard');

    await page.getByRole('link', { name: 'Channels' }).click();

    await expect(app.heading()).toHaveText('Channels');
    await expect(page).toHaveTitle('Channels · Airgrid TV');
  });

  for (const [path, heading] of routes) {
    test(`${path} renders its page`, async ({ page }) => {
      const app = new AppPage(page);
      await app.goto(path);

      await expect(app.heading()).toHaveText(heading);
      await expect(app.errorPage()).toHaveCount(0);
    });
  }
});
