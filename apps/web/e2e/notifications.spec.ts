import type { Locator, Page } from '@playwright/test';
import { pauseClock } from './support/clock';
import { expect, openAsOwner, type Station, test } from './support/fixtures';
import { inviteSomeoneWhoJoins } from './support/members';

// The bell, the notifications modal and a notification arriving by realtime, end to end: the
// browser is signed in as an organization owner while the test, through the SDK as a station
// script would, invites someone who joins; the server then notifies the owner.

/** Opens the dashboard as the station's owner, once the bell has subscribed. */
async function openDashboard(page: Page, station: Station): Promise<void> {
  // The bell subscribes as soon as the workspace shows; a notification sent before that would
  // only appear after a reload, so the test waits for the subscription.
  const subscribed = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/realtime' &&
      response.request().method() === 'POST',
  );
  await openAsOwner(page, station);
  expect((await subscribed).status()).toBe(204);
}

async function closeToast(toast: Locator): Promise<void> {
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
}

function bell(page: Page) {
  return {
    button: page.getByRole('button', { name: 'Notifications' }),
    count: page.getByTestId('notifications-count'),
    modal: page.getByRole('dialog', { name: /^Notifications/ }),
  };
}

test.describe('notifications', () => {
  test('a new user is all caught up', async ({ page, station }) => {
    await openDashboard(page, station);
    const { button, count, modal } = bell(page);
    await expect(button).toBeVisible();
    await expect(count).toBeHidden();
    await button.click();
    await expect(modal.getByRole('heading', { name: 'No notifications' })).toBeVisible();
    await expect(modal.getByText("You're all caught up!", { exact: true })).toBeVisible();
    await expect(modal.getByRole('listitem')).toHaveCount(0);
  });

  test('the bell is only there when signed in', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
  });

  test('a notification arrives live, is dismissed for good, and opens its path', async ({
    page,
    baseURL,
    station,
  }) => {
    // Three accounts are made and a second realtime round trip waited for: slower than most.
    test.slow();
    if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
    await page.clock.install();
    await openDashboard(page, station);
    const { button, count, modal } = bell(page);

    const member = await inviteSomeoneWhoJoins(baseURL, station);
    const title = `${member.name} joined ${station.organization?.name}`;

    // The toast names the notification; the bell counts it.
    const toast = page.getByRole('alert').filter({ hasText: 'New notification' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(title);
    await expect(count).toHaveText('1');
    // The toast stack (top right) covers the header's buttons until it goes: close it.
    await closeToast(toast);

    await button.click();
    await expect(modal.getByRole('heading', { name: /^Notifications\s*1$/ })).toBeVisible();
    const item = modal.getByRole('listitem').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item).toContainText(`${member.name} accepted your invite and joined as viewer.`);
    await expect(item).toContainText('just now');

    // Dismissing slides it out for about a second before it leaves and is marked read.
    const patched = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        new URL(response.url()).pathname.startsWith('/api/collections/notifications/records/'),
    );
    // The slide is timed on the page's clock, which now moves only when told.
    await pauseClock(page);
    await item.getByRole('button', { name: 'Dismiss' }).click();
    await expect(item).toHaveAttribute('data-dismissing', 'true');
    await page.clock.runFor(999);
    await expect(item).toBeVisible();
    await expect(count).toHaveText('1');
    await page.clock.runFor(1);
    await expect(item).toBeHidden();
    await page.clock.resume();
    expect((await patched).status()).toBe(200);
    await expect(count).toBeHidden();
    await expect(modal.getByRole('heading', { name: 'No notifications' })).toBeVisible();

    // Read on the server: a reload does not bring it back.
    const reloaded = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/collections/notifications/records' &&
        response.request().method() === 'GET',
    );
    await page.reload();
    expect((await reloaded).status()).toBe(200);
    await expect(count).toBeHidden();
    await button.click();
    await expect(modal.getByRole('heading', { name: 'No notifications' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    // A notification with a path opens it and closes the modal.
    const next = await inviteSomeoneWhoJoins(baseURL, station);
    await expect(count).toHaveText('1');
    await closeToast(page.getByRole('alert').filter({ hasText: next.name }));
    await button.click();
    await modal
      .getByRole('listitem')
      .filter({ hasText: next.name })
      .getByRole('button', { name: new RegExp(`^${next.name} joined`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/members/${next.id}$`));
    await expect(modal).toBeHidden();
    await expect(count).toHaveText('1');
  });
});
