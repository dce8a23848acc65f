import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import PocketBase from 'pocketbase';
import { AuthPages } from './pages/auth-pages';

// The bell, the notifications modal and a notification arriving by realtime, end to end: the
// browser is signed in as an organization owner while the test, through the SDK as a station
// script would, invites someone who joins; the server then notifies the owner.

const PASSWORD = 'a-good-password';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Account {
  name: string;
  email: string;
}

/** Signs a fresh user up in the browser, through onboarding, to the dashboard. */
async function signUpOwner(page: Page): Promise<Account & { organization: string }> {
  const id = unique();
  const account = { name: `Olive Owner ${id}`, email: `owner-${id}@example.org` };
  const auth = new AuthPages(page);
  await auth.signUp({ ...account, password: PASSWORD });
  await expect(page).toHaveURL(/\/onboarding$/);
  const organization = `Station ${id}`;
  await auth.createOrganization(organization);
  await expect(page.getByLabel(/^Channel name/)).toBeVisible();
  // The bell subscribes as soon as the workspace shows; a notification sent before that would
  // only appear after a reload, so the test waits for the subscription.
  const subscribed = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/realtime' &&
      response.request().method() === 'POST',
  );
  await auth.createFirstChannel('Channel One');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await subscribed).status()).toBe(204);
  return { ...account, organization };
}

/** An SDK client signed in as the given user. */
async function signedIn(baseURL: string, email: string): Promise<PocketBase> {
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(email, PASSWORD);
  return pb;
}

let superuserClient: PocketBase | undefined;

/**
 * A superuser client, the only kind that sees an invite's token (it is a hidden field: the
 * invitee gets it by email). The superuser is made with the server's own CLI on the test
 * database, as an operator would.
 */
async function asSuperuser(baseURL: string): Promise<PocketBase> {
  if (superuserClient) return superuserClient;
  const email = `root-${unique()}@example.org`;
  const password = 'superuser-password';
  execFileSync(
    process.execPath,
    [
      fileURLToPath(new URL('../../server/bin/airgrid.js', import.meta.url)),
      'superuser',
      'upsert',
      email,
      password,
    ],
    { env: { ...process.env, DATA_DIR: process.env.AIRGRID_E2E_DATA_DIR }, stdio: 'pipe' },
  );
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb.collection('_superusers').authWithPassword(email, password);
  superuserClient = pb;
  return pb;
}

/**
 * The owner invites a new user as a viewer, who signs up and accepts; the server then sends
 * the owner the notification "{name} joined {organization}". Returns the new member.
 */
async function inviteSomeoneWhoJoins(baseURL: string, owner: Account) {
  const ownerClient = await signedIn(baseURL, owner.email);
  const organization = String(ownerClient.authStore.record?.organization);
  const id = unique();
  const member = { name: `Mo Member ${id}`, email: `member-${id}@example.org` };
  const invite = await ownerClient
    .collection('invites')
    .create({ organization, email: member.email, role: 'viewer' });
  const { token } = await (await asSuperuser(baseURL)).collection('invites').getOne(invite.id);
  expect(token).toEqual(expect.any(String));

  const memberClient = new PocketBase(baseURL);
  memberClient.autoCancellation(false);
  const record = await memberClient
    .collection('users')
    .create({ ...member, password: PASSWORD, passwordConfirm: PASSWORD });
  await memberClient.collection('users').authWithPassword(member.email, PASSWORD);
  const accepted = await fetch(new URL('/api/v1/invites/accept', baseURL), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      Authorization: memberClient.authStore.token,
    },
    body: JSON.stringify({ token }),
  });
  expect(accepted.status).toBe(200);
  return { ...member, id: record.id };
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
  test('a new user is all caught up', async ({ page }) => {
    await signUpOwner(page);
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
  }) => {
    // Three accounts are made and a second realtime round trip waited for: slower than most.
    test.slow();
    if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
    const owner = await signUpOwner(page);
    const { button, count, modal } = bell(page);

    const member = await inviteSomeoneWhoJoins(baseURL, owner);
    const title = `${member.name} joined ${owner.organization}`;

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
    const clickedAt = Date.now();
    await item.getByRole('button', { name: 'Dismiss' }).click();
    expect(await item.isVisible()).toBe(true);
    await expect(item).toHaveAttribute('data-dismissing', 'true');
    await expect(count).toHaveText('1');
    await expect(item).toBeHidden({ timeout: 3000 });
    // clickedAt is taken before the click, so this is a lower bound of the slide's length.
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1000);
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
    const next = await inviteSomeoneWhoJoins(baseURL, owner);
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
