import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AuthPages } from './pages/auth-pages';
import { SettingsModal } from './pages/settings-modal';
import { expect, test } from './support/fixtures';
import { PASSWORD } from './support/members';

/** The folder where the e2e server keeps its mails (no SMTP: DATA_DIR/mail/*.eml). */
function mailFolder(): string {
  const dataDir = process.env.AIRGRID_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('AIRGRID_E2E_DATA_DIR is not set: run through playwright.config.ts');
  return path.join(dataDir, 'mail');
}

/** One mail: its headers (lower-case names, unfolded) and its decoded body. */
interface Mail {
  headers: Record<string, string>;
  body: string;
}

/** Reads an RFC 5322 message with a single text part, decoding quoted-printable or base64. */
function parseEml(source: string): Mail {
  const split = source.search(/\r?\n\r?\n/);
  const head = split < 0 ? source : source.slice(0, split);
  const raw = split < 0 ? '' : source.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  // A header continues on lines that start with white space (folding).
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  let body = raw;
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(raw);
  else if (encoding === 'base64') body = Buffer.from(raw, 'base64').toString('utf8');
  return { headers, body };
}

/** RFC 2045 §6.7: `=` at a line end is a soft break, `=XX` one byte of UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const unwrapped = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The newest mail addressed to `to`, or null while none has arrived. */
async function newestMailTo(to: string): Promise<Mail | null> {
  let names: string[];
  try {
    names = await readdir(mailFolder());
  } catch {
    return null;
  }
  // File names start with the ISO time they were written, so they sort oldest first.
  const emls = names
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const name of emls) {
    const mail = parseEml(await readFile(path.join(mailFolder(), name), 'utf8'));
    if (mail.headers.to?.toLowerCase().includes(to.toLowerCase())) return mail;
  }
  return null;
}

/** Waits for the email change mail to `to` and returns the path and query of its link. */
async function emailChangeLink(to: string): Promise<string> {
  let mail: Mail | null = null;
  await expect
    .poll(async () => {
      mail = await newestMailTo(to);
      return mail?.headers.subject ?? null;
    })
    .toBe('Confirm your new email address for Airgrid TV');
  const found = (mail as Mail | null)?.body.match(
    /https?:\/\/\S*\/auth\/confirm-email-change\?\S+/,
  );
  if (!found) throw new Error(`No confirm-email-change link in the mail to ${to}`);
  // The link names the server's APP_URL; open the same page on the server under test.
  const url = new URL(found[0]);
  return `${url.pathname}${url.search}`;
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
      `We sent a confirmation link to ${newEmail}. Your email address changes once you open it.`,
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
