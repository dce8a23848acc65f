import { AuthPages } from './pages/auth-pages';
import { expectNoSeriousA11yViolations } from './support/axe';
import { seedStation, signInAsDemo, signInBrowser } from './support/fixtures';
import { expect, test } from './support/test';

// axe-core (through @axe-core/playwright) on the auth pages, onboarding and the shell, in the
// theme each path uses: no serious or critical violations.

test.describe('accessibility', () => {
  for (const path of [
    '/auth/login',
    '/auth/signup',
    '/auth/waitlist',
    '/auth/forgot-password',
    '/auth/reset-password?token=abc',
    '/auth/verify-email',
  ]) {
    test(`${path} has no serious violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, path);
    });
  }

  test('onboarding has no serious violations at either step', async ({ page, baseURL }) => {
    if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
    // Signed up through the API: the sign-up form itself is auth.spec.ts's.
    const newcomer = await seedStation(baseURL, { name: 'Ada Access', organization: false });
    await signInBrowser(page, newcomer.pb);
    await page.goto('/onboarding');
    const auth = new AuthPages(page);
    await expect(page.getByLabel(/^Name/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'onboarding: organization');
    await auth.createOrganization(`Access ${newcomer.id}`);
    await expect(page.getByLabel(/^Channel name/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'onboarding: first channel');
  });

  test('the shell and its modals have no serious violations', async ({ page }) => {
    // Five axe passes, each over the whole app shell: 15-35 s on a busy two-core machine.
    test.slow();
    await signInAsDemo(page);
    await expect(
      page.getByRole('complementary', { name: 'Collections' }).getByRole('link').first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard');

    for (const name of ['Help', 'Feedback', 'Notifications', 'Settings']) {
      await page.getByRole('button', { name, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${name} modal`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('the signed-out public layout and the 404 page have no serious violations', async ({
    page,
  }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Page not found: /no/such/page')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '404');
  });
});
