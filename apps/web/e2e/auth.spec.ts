import { AuthPages } from './pages/auth-pages';
import { pauseClock } from './support/clock';
import { expect, test } from './support/test';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('sign-in and onboarding', () => {
  test('a new user signs up, creates an organization and a channel, and lands on the dashboard', async ({
    page,
  }) => {
    const auth = new AuthPages(page);
    const id = unique();
    await auth.signUp({
      name: 'Pat Producer',
      email: `pat-${id}@example.org`,
      password: 'a-good-password',
    });
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Get started' })).toBeVisible();

    await auth.createOrganization(`Station ${id}`);
    await expect(page.getByLabel(/^Channel name/)).toBeVisible();
    await auth.createFirstChannel('Channel One');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('sign-up shows each field’s problem before sending anything', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/collections/users/')) {
        sent.push(request.url());
      }
    });
    const auth = new AuthPages(page);
    await auth.signUp({ name: 'Short', email: `short-${unique()}@example.org`, password: 'short' });
    await expect(page.getByText('The password must be at least 8 characters.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signup$/);
    // The client's rule stopped it: the server never saw the five-character password.
    expect(sent).toEqual([]);
  });

  test('the demo user signs in and goes to the dashboard', async ({ page }) => {
    await new AuthPages(page).signIn('demo@airgrid.tv', 'airgrid-demo');
    await expect(page).toHaveURL(/\/dashboard$/);
    // Signed in, the sign-in and sign-up pages have nothing to offer: the dashboard instead.
    for (const path of ['/auth/login', '/auth/signup']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test('a wrong password says so, without saying which part is wrong', async ({ page }) => {
    await new AuthPages(page).signIn('demo@airgrid.tv', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(
      'That email and password do not match an account.',
    );
  });

  test('onboarding asks a signed-out visitor to sign in first', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/auth\/login\?next=(%2F|\/)onboarding$/);
  });

  test('anyone can join the waitlist', async ({ page }) => {
    await page.goto('/auth/waitlist');
    await page.getByLabel('Email address').fill(`wait-${unique()}@example.org`);
    await page.getByLabel('Name').fill('Sam');
    await page.getByLabel('Station').fill('KXYZ Community TV');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();
  });

  test('forgot password confirms without revealing accounts', async ({ page }) => {
    await page.goto('/auth/forgot-password');
    await page.getByLabel('Email address').fill('nobody@example.org');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account uses nobody@example.org');
  });

  test('a reset page without its token says what to do', async ({ page }) => {
    await page.goto('/auth/reset-password');
    await expect(page.getByRole('alert')).toContainText(
      'This page needs the link from your reset email.',
    );
  });
});

test.describe('log out', () => {
  test('asks first, then signs out and shows the sign-in page after a second', async ({ page }) => {
    await page.clock.install();
    await new AuthPages(page).signIn('demo@airgrid.tv', 'airgrid-demo');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await expect(dialog).toContainText('Are you sure you want to log out?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log out' }).getByRole('button', {
      name: 'Log out',
    });
    await expect(confirm).toBeVisible();
    // The redirect waits a second on the page's clock, which now moves only when told.
    await pauseClock(page);
    await confirm.click();
    await page.clock.runFor(999);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.clock.runFor(1);
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('pocketbase_auth'))).toBeNull();
  });
});
