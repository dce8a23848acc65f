import type { Page } from '@playwright/test';
import PocketBase, { type RecordModel } from 'pocketbase';
import { PASSWORD, unique } from './members';
import { test as base, expect } from './test';

// A fresh station for a test, seeded through the API as a station script would, with the
// browser signed in as its owner: a spec that is not about signing up does not sign up through
// the UI (auth.spec.ts and journey.spec.ts do that). Use the extended `test` below:
//
//   import { expect, test } from './support/fixtures';
//   test('…', async ({ page, station }) => { await page.goto('/dashboard'); … });
//
// and `test.use({ stationOptions: { … } })` for a different station.

/** The zone the browser runs in (playwright.config.ts), which onboarding gives new records. */
export const BROWSER_TIME_ZONE = 'America/New_York';

export interface StationOptions {
  /** The owner's full name. */
  name?: string;
  /** The organization's name; false for a user who has not been through onboarding yet. */
  organization?: string | false;
  /** The first channel's name; false for none (onboarding's second step). */
  channel?: string | false;
  /** The organization's and the channel's zone; the browser's by default, as onboarding does. */
  timeZone?: string;
}

export interface Station {
  /** The unique part of this station's names and email. */
  id: string;
  name: string;
  email: string;
  password: string;
  user: RecordModel;
  organization: RecordModel | null;
  channel: RecordModel | null;
  /** An SDK client signed in as the owner, for what the test sets up or checks behind the UI. */
  pb: PocketBase;
}

/** "Channel One" → "channel-one", as onboarding fills in the slug. */
function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Signs a new user up through the API and, as onboarding would, creates their organization and
 * first channel (public, number 1, in the browser's zone unless told). Returns the station.
 */
export async function seedStation(baseURL: string, options: StationOptions = {}): Promise<Station> {
  const id = unique();
  const name = options.name ?? 'Pat Producer';
  const timeZone = options.timeZone ?? BROWSER_TIME_ZONE;
  const email = `station-${id}@example.org`;
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb
    .collection('users')
    .create({ name, email, password: PASSWORD, passwordConfirm: PASSWORD });
  await pb.collection('users').authWithPassword(email, PASSWORD);

  let organization: RecordModel | null = null;
  let channel: RecordModel | null = null;
  if (options.organization !== false) {
    const organizationName = options.organization ?? `Station ${id}`;
    const created = await pb.collection('organizations').create({
      name: organizationName,
      slug: slug(organizationName),
      timeZone,
    });
    organization = created;
    // The token and record now carry the organization and the owner role.
    await pb.collection('users').authRefresh();
    if (options.channel !== false) {
      const channelName = options.channel ?? 'Channel One';
      channel = await pb.collection('channels').create({
        organization: created.id,
        name: channelName,
        slug: slug(channelName),
        number: 1,
        timeZone,
        public: true,
      });
    }
  }
  const user = pb.authStore.record;
  if (!user) throw new Error('The SDK kept no user after signing in.');
  return { id, name, email, password: PASSWORD, user, organization, channel, pb };
}

/**
 * Signs the browser in as the client's user: the web app's SDK keeps its sign-in in
 * localStorage under `pocketbase_auth` (its LocalAuthStore), so the token and record are put
 * there, on the app's origin, before the test opens a page of the app.
 */
export async function signInBrowser(page: Page, pb: PocketBase): Promise<void> {
  const auth = JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record });
  // Any same-origin document gives access to the origin's localStorage; this one is small.
  await page.goto('/api/health');
  await page.evaluate((value) => window.localStorage.setItem('pocketbase_auth', value), auth);
}

/**
 * Opens a page of the app as the station's owner and waits until the shell shows them signed
 * in (the account menu names them).
 */
export async function openAsOwner(
  page: Page,
  station: Station,
  path = '/dashboard',
): Promise<void> {
  await page.goto(path);
  await expect(
    page.getByRole('button', { name: `Account menu for ${station.name}` }),
  ).toBeVisible();
}

/** The demo station's owner, seeded by `serve --demo`. */
export const DEMO = { email: 'demo@airgrid.tv', password: 'airgrid-demo' };

/**
 * Signs the browser in as the demo station's owner through the API (the sign-in form has its
 * own tests in auth.spec.ts) and opens the dashboard.
 */
export async function signInAsDemo(page: Page): Promise<void> {
  const baseURL = base.info().project.use.baseURL;
  if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(DEMO.email, DEMO.password);
  await signInBrowser(page, pb);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
}

export const test = base.extend<{ stationOptions: StationOptions; station: Station }>({
  stationOptions: [{}, { option: true }],
  station: async ({ page, baseURL, stationOptions }, use) => {
    if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
    const station = await seedStation(baseURL, stationOptions);
    await signInBrowser(page, station.pb);
    await use(station);
  },
});

export { expect };
