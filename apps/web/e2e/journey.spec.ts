import sharp from 'sharp';
import { AuthPages } from './pages/auth-pages';
import { SettingsModal } from './pages/settings-modal';
import { inviteSomeoneWhoJoins, PASSWORD, unique } from './support/members';
import { expect, test } from './support/test';

// Issue 5's "done when", as one person does it: sign up, create an organization, arrive in the
// shell, change and save the profile and photo, get a notification in real time, dismiss it,
// log out, and sign back in.

test('a new station signs up, sets up its profile, gets a notification, and signs back in', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const id = unique();
  const owner = { name: `Jo Journey ${id}`, email: `journey-${id}@example.org` };
  const auth = new AuthPages(page);

  // Sign up, create the organization and the first channel, land in the shell.
  await auth.signUp({ ...owner, password: PASSWORD });
  await expect(page).toHaveURL(/\/onboarding$/);
  await auth.createOrganization(`Journey TV ${id}`);
  // The shell subscribes to notifications as it appears (signed in only).
  const subscribed = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/realtime' &&
      response.request().method() === 'POST',
  );
  await auth.createFirstChannel('Journey One');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('layout-default')).toBeVisible();
  expect((await subscribed).status()).toBe(204);
  await expect(
    page.getByRole('complementary', { name: 'Collections' }).getByText('Journey One'),
  ).toBeVisible();

  // Profile and photo, saved through the API.
  const settings = new SettingsModal(page);
  await settings.open();
  await settings.field('Full Name').fill(`Jo J. Journey ${id}`);
  await settings.field('Bio').fill('Runs the evening schedule.');
  await settings.card('Profile').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  const photo = await sharp({
    create: { width: 120, height: 120, channels: 3, background: { r: 200, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
  await settings
    .photoInput()
    .setInputFiles({ name: 'jo.png', mimeType: 'image/png', buffer: photo });
  await settings.card('Photo').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Photo saved')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings.headerAvatar()).toHaveAttribute('src', /\/api\/files\/.+jo\w*\.png/);

  // Someone joins the organization: the owner is told at once.
  const member = await inviteSomeoneWhoJoins(baseURL ?? '', owner);
  await expect(page.getByText('New notification')).toBeVisible();
  await expect(page.getByTestId('notifications-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Notifications' }).click();
  const modal = page.getByRole('dialog', { name: /^Notifications/ });
  const item = modal.getByRole('listitem').filter({ hasText: member.name });
  await expect(item).toBeVisible();

  // Dismiss it: it slides out, then is gone for good.
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await expect(item).toBeHidden({ timeout: 5000 });
  await expect(modal.getByRole('heading', { name: 'No notifications' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notifications-count')).toBeHidden();

  // Log out, and back in: the profile and photo are still there, the notification is not.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await auth.signIn(owner.email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('button', { name: `Account menu for Jo J. Journey ${id}` }),
  ).toBeVisible();
  await expect(settings.headerAvatar()).toBeVisible();
  await expect(page.getByTestId('notifications-count')).toBeHidden();
});
