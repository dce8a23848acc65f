import { AuthPages } from './pages/auth-pages';
import { SettingsModal } from './pages/settings-modal';
import { expect, test } from './support/fixtures';
import { linkInMail } from './support/mail';
import { PASSWORD } from './support/members';

/** Waits for the email change mail to `to` and returns the path and query of its link. */
function emailChangeLink(to: string): Promise<string> {
  return linkInMail(
    to,
    'Confirm your new email address for Airgrid TV',
    '/auth/confirm-email-change',
  );
}

test.describe('changing the email address', () => {
  test('the link from the mail asks for the password, changes the address and signs out', async ({
    page,
    station,
  }) => {
    const oldEmail = station.email;
    const newEmail = `new-${station.id}@example.org`;
    await page.goto('/dashboard');

    const settings = new SettingsModal(page);
    await settings.open();
    await settings.field('Email Address').fill(newEmail);
    await settings.card('Profile').getByRole('button', { name: 'Save' }).click();
    await expect(settings.card('Profile').getByRole('status')).toHaveText(
      `We sent an email to ${newEmail}. Open it to confirm the change: until then your email address stays as it is.`,
    );

    const link = await emailChangeLink(newEmail);
    await page.goto(link);
    await expect(page).toHaveTitle('Confirm your new email · Airgrid TV');
    await expect(page.getByTestId('layout-onboarding')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirm your new email' }),
    ).toBeVisible();
    await expect(
      page.getByText(
        `Enter your password to change the email address of your account to ${newEmail}. Once it is changed, you are signed out on every device and sign in with the new address.`,
      ),
    ).toBeVisible();

    const passwordField = page.getByLabel('Current password');
    const confirm = page.getByRole('button', { name: 'Change my email address' });

    await confirm.click();
    await expect(page.getByText('Enter your current password.')).toBeVisible();

    await passwordField.fill('not-my-password');
    await confirm.click();
    await expect(
      page.getByText('That is not your password. Enter the password you sign in with today.'),
    ).toBeVisible();
    await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Email address changed')).toHaveCount(0);
    // Nothing changed: the old address still signs in, the new one does not.
    const oldSignIn = await page.request.post('/api/collections/users/auth-with-password', {
      data: { identity: oldEmail, password: PASSWORD },
    });
    expect(oldSignIn.status()).toBe(200);
    expect((await oldSignIn.json()).record.email).toBe(oldEmail);

    await passwordField.fill(PASSWORD);
    await confirm.click();
    await expect(page.getByRole('status')).toContainText(
      `Your email address is now ${newEmail}. You are signed out on every device: sign in again with the new address.`,
    );
    expect(await page.evaluate(() => window.localStorage.getItem('pocketbase_auth'))).toBeNull();
    await expect(passwordField).toHaveCount(0);

    // The link works once.
    await page.goto(link);
    await passwordField.fill(PASSWORD);
    await confirm.click();
    await expect(page.getByRole('alert')).toContainText(
      'This link is invalid or has expired. To get a new link, sign in with your current address and change your email in Settings again.',
    );

    const auth = new AuthPages(page);
    await auth.signIn(oldEmail, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(
      'That email and password do not match an account.',
    );
    await expect(page).toHaveURL(/\/auth\/login/);

    await auth.signIn(newEmail, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await settings.open();
    await expect(settings.field('Email Address')).toHaveValue(newEmail);
  });

  test('a forged link says it does not work and how to get a new one', async ({ page }) => {
    await page.goto('/auth/confirm-email-change?token=not-a-real-token');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change my email address' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This link does not work');
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    await expect(alert).toContainText(
      'This link is not an email change link. To get a new link, sign in with your current address and change your email in Settings again.',
    );
  });

  test('the page without its token says what to do', async ({ page }) => {
    await page.goto('/auth/confirm-email-change');
    await expect(page.getByRole('alert')).toContainText(
      'This page needs the link from the email we sent to your new address.',
    );
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });
});
