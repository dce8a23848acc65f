import { localToInstant, todayIn, toRecordDate } from '@airgrid/domain';
import { expectNoSeriousA11yViolations } from './support/axe';
import { BROWSER_TIME_ZONE, expect, test } from './support/fixtures';
import { signedIn } from './support/members';

// /settings/:section as a member uses it: the password (which signs out the other sessions)
// and the localization (whose 24-hour clock the guide and the timeline follow); /profile.

test.describe('settings pages', () => {
  test('changing the password needs the current one and signs out the other sessions', async ({
    page,
    station,
    baseURL,
  }) => {
    const elsewhere = await signedIn(String(baseURL), station.email, station.password);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Account' })
      .click();
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expectNoSeriousA11yViolations(page, 'account settings');

    const newPassword = 'a-better-password-2026';
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    // The server's refusal lands under the field it is about; nothing changed.
    await expect(page.getByText('Missing or invalid old password.')).toBeVisible();
    await elsewhere.collection('users').authRefresh();

    await page.getByLabel('Current password').fill(station.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed')).toBeVisible();
    // The other session is over; this one goes on.
    await expect(elsewhere.collection('users').authRefresh()).rejects.toMatchObject({
      status: 401,
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await signedIn(String(baseURL), station.email, newPassword);
  });

  test('the 24-hour clock changes the guide and the timeline', async ({ page, station }) => {
    const organization = String(station.organization?.id);
    const show = await station.pb
      .collection('shows')
      .create({ organization, title: 'Afternoon Report' });
    const today = todayIn(BROWSER_TIME_ZONE, Date.now());
    await station.pb.collection('timeslots').create({
      organization,
      channel: station.channel?.id,
      show: show.id,
      start: toRecordDate(localToInstant(`${today}T14:00`, BROWSER_TIME_ZONE)),
      durationSec: 3600,
    });

    await page.goto('/settings/localization');
    await expect(page.getByRole('radio', { name: '12-hour (1:30 PM)' })).toBeChecked();
    await page.getByText('24-hour (13:30)').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Localization saved')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'localization settings');

    await page.goto(`/tvguide?date=${today}`);
    await expect(
      page.getByRole('gridcell', { name: /Afternoon Report/ }).first(),
    ).toHaveAccessibleName(/14:00/);
    await page.goto(`/timeslots?date=${today}`);
    await expect(
      page.getByRole('button', { name: /Afternoon Report/ }).first(),
    ).toHaveAccessibleName(/14:00/);
  });

  test('notification preferences: email, browser notifications and kinds are saved', async ({
    page,
    station,
  }) => {
    await page.context().grantPermissions(['notifications']);
    await page.goto('/settings/notifications');
    const card = page.getByRole('region', { name: 'Notifications' });
    await expect(card.getByRole('switch', { name: 'Email me notifications' })).toBeChecked();
    await expect(
      card.getByRole('switch', { name: 'Show browser notifications' }),
    ).not.toBeChecked();
    await card.getByRole('switch', { name: 'Email me notifications' }).uncheck();
    await card.getByRole('switch', { name: 'Show browser notifications' }).check();
    await expect(card.getByRole('switch', { name: 'Show browser notifications' })).toBeChecked();
    await card.getByRole('checkbox', { name: 'Warnings' }).uncheck();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'notification settings');

    const saved = await station.pb.collection('users').getOne(station.user.id);
    expect(saved.settings.notifications).toMatchObject({
      email: false,
      native: true,
      types: { warning: false, success: true },
    });
  });

  test('/profile shows the member as colleagues see them', async ({ page, station }) => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: station.name })).toBeVisible();
    await expect(page.getByText('(you)')).toBeVisible();
    await page.getByRole('link', { name: 'Edit your profile' }).click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  });
});
