import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, test } from './support/fixtures';

// Signing in with a provider ("Continue with Station ID"), end to end: the app's button opens
// the sign-in window, a real OpenID Connect provider on loopback (playwright.config.ts) asks
// who the person is, the SDK hears the redirect on its realtime stream and signs in.

const PROVIDER = 'Station ID';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Clicks the button that opens the provider's window and signs in there as `person`; with no
 * person, the provider still knows who is signed in to it and sends the window straight back.
 */
async function throughProvider(
  page: Page,
  button: string,
  person?: { email: string; name?: string; verified?: boolean },
) {
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await opened;
  if (!person) {
    if (!popup.isClosed()) await popup.waitForEvent('close').catch(() => {});
    return;
  }
  await popup.getByLabel('Email', { exact: true }).fill(person.email);
  await popup.getByLabel('Name').fill(person.name ?? '');
  if (person.verified === false) await popup.getByLabel('Email verified').uncheck();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

test.describe('signing in with a provider', () => {
  test('a new person continues with the provider from sign-in and goes on to onboarding', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: `Continue with ${PROVIDER}` })).toBeVisible();
    await throughProvider(page, `Continue with ${PROVIDER}`, {
      email: `sso-${unique()}@example.org`,
      name: 'Sam Single',
    });
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Get started' })).toBeVisible();
  });

  test('sign-up offers the provider too', async ({ page }) => {
    await page.goto('/auth/signup');
    await expect(page.getByRole('button', { name: `Continue with ${PROVIDER}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sign-up with a provider');
  });

  test('an email the provider did not verify cannot reach an existing account', async ({
    page,
    station,
  }) => {
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/auth/login');
    await throughProvider(page, `Continue with ${PROVIDER}`, {
      email: station.email,
      verified: false,
    });
    await expect(page.getByRole('alert')).toContainText(
      `${PROVIDER} has not verified that this address is yours`,
    );
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('a member links the provider in Settings, signs in with it, then unlinks it', async ({
    page,
    station,
  }) => {
    await openAsOwner(page, station, '/settings/account');
    const card = page.getByRole('region', { name: 'Sign-in methods' });
    await expect(card.getByText('Not linked')).toBeVisible();
    // The provider knows the member by another address: linking does not care.
    const elsewhere = `elsewhere-${unique()}@example.org`;
    await throughProvider(page, `Link ${PROVIDER}`, { email: elsewhere });
    await expect(card.getByText('Linked', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'settings with a linked provider');

    // Signed out of Airgrid, the provider alone signs the member in to their station (the
    // provider remembers them: no form this time).
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/auth/login');
    await throughProvider(page, `Continue with ${PROVIDER}`);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/settings/account');
    await page.getByRole('button', { name: `Unlink ${PROVIDER}` }).click();
    await expect(card.getByText('Not linked')).toBeVisible();
  });
});
