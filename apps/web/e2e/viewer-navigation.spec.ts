import { expectNoSeriousA11yViolations } from './support/axe';
import { seedStation, test as withStation } from './support/fixtures';
import { unique } from './support/members';
import { expect, type Page, test as plain } from './support/test';

const test = plain;

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

  // The station's header link keeps it too.
  await page
    .getByRole('navigation', { name: 'Viewer' })
    .getByRole('link', { name: 'Watch' })
    .click();
  await expect(page).toHaveURL(`/o/${slug}/watch`);
  await page
    .getByRole('navigation', { name: 'Viewer' })
    .getByRole('link', { name: 'Guide' })
    .click();
  await expect(page).toHaveURL(`/o/${slug}/tvguide`);

  // A search that matches nothing says so.
  await page.goto('/tvguide');
  await page.getByRole('textbox', { name: 'Search stations' }).fill(`nothing-${id}`);
  await expect(page.getByText(`No station matches “nothing-${id}”.`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Search stations' }).fill('');
  await expect(
    page.getByRole('list', { name: 'Stations' }).getByRole('link').first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the station picker');
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

/** The staff areas' links, none of which a signed-out visitor may see. */
const STAFF_LINKS = [
  'Dashboard',
  'Channels',
  'Shows',
  'Timeslots',
  'Embeds',
  'Ads',
  'Campaigns',
  'Analytics',
  'Members',
  'Organization',
];

async function expectNoStaffLinks(page: Page): Promise<void> {
  for (const name of STAFF_LINKS) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
}

test('signed out, public pages show the viewer navigation and never the staff areas', async ({
  page,
}) => {
  for (const [path, heading] of [
    ['/', 'Airgrid TV'],
    ['/o/riverside/tvguide', 'TV guide'],
    ['/o/riverside/watch/rctv-1', 'RCTV 1 Community'],
    ['/privacy', 'Privacy policy'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Viewer' });
    await expect(nav.getByRole('link', { name: 'Guide' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Watch' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expectNoStaffLinks(page);
  }
  // The demo station's own pages carry its name and logo, and its links keep it.
  await page.goto('/o/riverside/tvguide');
  await expect(page.getByTestId('brand-name')).toHaveText('Riverside Community TV');
  await expect(
    page.getByRole('navigation', { name: 'Viewer' }).getByRole('link', { name: 'Watch' }),
  ).toHaveAttribute('href', '/o/riverside/watch');
});

test('signed out, a staff page asks to sign in and comes back after it', async ({ page }) => {
  const station = await seedStation(baseUrl());
  await page.goto('/channels?archived=1');
  await expect(page).toHaveURL(`/auth/login?next=${encodeURIComponent('/channels?archived=1')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNoStaffLinks(page);

  await page.getByLabel('Email address').fill(station.email);
  await page.getByLabel(/^Password/).fill(station.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/channels?archived=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();

  // Signed in, the sign-in page goes on to where `next` says, or the dashboard; never away.
  await page.goto('/auth/login?next=/shows');
  await expect(page).toHaveURL('/shows');
  await page.goto(`/auth/login?next=${encodeURIComponent('https://evil.example/')}`);
  await expect(page).toHaveURL('/dashboard');
});

withStation(
  'signed in: the landing page offers the dashboard, the header shows the station’s logo and name, and its accent colours its pages',
  async ({ page, station }) => {
    const organization = station.organization;
    if (!organization) throw new Error('The fixture made no organization.');

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);

    // A logo and an accent through the API, as the organization page will save them.
    const logo = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await station.pb.collection('organizations').update(organization.id, {
      logo: new File([logo], 'logo.png', { type: 'image/png' }),
      branding: { accentColor: '#7b2cbf' },
    });
    await page.goto('/dashboard');
    const brand = page.getByTestId('brand');
    await expect(brand.getByTestId('brand-name')).toHaveText(String(organization.name));
    const image = brand.locator('img');
    await expect(image).toHaveAttribute(
      'src',
      new RegExp(`^/api/files/organizations/${organization.id}/logo_`),
    );
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    // Signed out, the station's public guide shows the same logo (a guest may fetch it) and
    // takes its accent.
    await page.evaluate(() => window.localStorage.removeItem('pocketbase_auth'));
    await page.goto(`/o/${organization.slug}/tvguide`);
    await expect(page.getByTestId('brand-name')).toHaveText(String(organization.name));
    const publicImage = page.getByTestId('brand').locator('img');
    await expect
      .poll(() => publicImage.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.locator('[data-accent="#7b2cbf"]')).toHaveCount(1);
  },
);

withStation('an owner gets the not-found page for the debug pages', async ({ page }) => {
  await page.goto('/views/BasicChartView');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(
    page.getByText('Page not found: /views/BasicChartView', { exact: true }),
  ).toBeVisible();
});

withStation.describe('onboarding a station with its identity', () => {
  withStation.use({ stationOptions: { organization: false } });

  withStation(
    'the logo and accent colour chosen at onboarding name the workspace and colour the public pages',
    async ({ page, station }) => {
      await page.goto('/onboarding');
      await expect(page.getByRole('heading', { level: 1, name: 'Get started' })).toBeVisible();
      const name = `Identity TV ${station.id}`;
      await page.getByLabel(/^Name/).fill(name);
      await page.locator('input[type=file]').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
          'base64',
        ),
      });
      const accent = page.getByRole('textbox', { name: 'Accent colour' });
      await accent.fill('purple');
      await page.getByRole('button', { name: 'Create organization' }).click();
      await expect(
        page.getByText('The accent colour must be a hex colour like #1a6b3c.'),
      ).toBeVisible();
      await accent.fill('#7b2cbf');
      await page.getByRole('button', { name: 'Create organization' }).click();
      await page.getByLabel(/^Channel name/).fill('Identity One');
      await page.getByRole('button', { name: 'Create channel' }).click();
      await expect(page).toHaveURL('/dashboard');

      const brand = page.getByTestId('brand');
      await expect(brand.getByTestId('brand-name')).toHaveText(name);
      await expect
        .poll(() => brand.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);

      await station.pb.collection('users').authRefresh();
      const organization = await station.pb
        .collection('organizations')
        .getOne(String(station.pb.authStore.record?.organization));
      expect(organization.branding).toEqual({ accentColor: '#7b2cbf' });
      // Its public guide, as a viewer sees it, takes the colour.
      await page.evaluate(() => window.localStorage.removeItem('pocketbase_auth'));
      await page.goto(`/o/${organization.slug}/tvguide`);
      await expect(page.locator('[data-accent="#7b2cbf"]')).toHaveCount(1);
    },
  );
});
