import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, test } from './support/fixtures';
import { newestMailTo } from './support/mail';
import { E2E_SUPERUSER, superuserClient } from './support/superuser';

// Issue 38, item 4: whoever runs the server signs in as a superuser at /operator, reads its
// health, changes the mail sender and sends a test email, and retries a failed job. Members
// never see the console.

test('a guest is sent to the operator sign-in', async ({ page }) => {
  await page.goto('/operator');
  await expect(page).toHaveURL('/operator/login?next=%2Foperator');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeVisible();
});

test('a station’s owner gets the not-found page', async ({ page, station }) => {
  // The station fixture signs the browser in as the station's owner.
  await openAsOwner(page, station);
  await page.goto('/operator');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await page.goto('/operator/login');
  await expect(page.getByText('You are signed in with a station account.')).toBeVisible();
});

test('an operator signs in, reads the health, changes the sender, tests the mail and retries a job', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  if (!baseURL) throw new Error('baseURL is set by playwright.config.ts');
  const root = await superuserClient(baseURL);
  const before = await root.settings.getAll();
  const job = await root.collection('jobs').create({
    organization: (await root.collection('organizations').getFirstListItem('')).id,
    kind: 'media-probe',
    target: 'shows/abcdefghijklmno',
    state: 'failed',
    attempts: 3,
    error: 'ffprobe could not read the file',
  });

  try {
    await page.goto('/operator/login');
    const form = page.getByRole('main');
    await form.getByLabel('Email address').fill(E2E_SUPERUSER.email);
    await form.locator('input[type="password"]').fill('not the password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByRole('alert')).toHaveText('The email or password is wrong.');
    await form.locator('input[type="password"]').fill(E2E_SUPERUSER.password);
    await form.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
    await expect(page.getByText('The server answers')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the operator console');

    await page.getByRole('tab', { name: 'Mail' }).click();
    await expect(page).toHaveURL('/operator?tab=mail');
    await expect(
      page.getByText('No SMTP server: mails are kept in the DATA_DIR/mail folder'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Sender address' }).fill('not an address');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Give an email address, such as tv@example.org.')).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Sender address' })
      .fill('operator-test@riverside.example');
    await page.getByRole('textbox', { name: 'Sender name' }).fill('Riverside Operator Test');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Mail settings saved.')).toBeVisible();

    const to = `ops-${Date.now()}@example.org`;
    await page.getByRole('textbox', { name: 'To' }).fill(to);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(`A test email went to ${to}.`)).toBeVisible();
    await expect
      .poll(async () => (await newestMailTo(to))?.headers.from)
      .toBe('Riverside Operator Test <operator-test@riverside.example>');
    await expectNoSeriousA11yViolations(page, 'the operator console’s mail settings');

    // The request log: a filter in the records language, and a wrong one says why.
    await page.getByRole('tab', { name: 'Logs' }).click();
    const filter = page.getByRole('textbox', { name: 'Filter' });
    await filter.fill('data.status >= 400');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: /GET \/api\/collections\/users\/auth-with-password|POST / })
        .first(),
    ).toBeVisible();
    await filter.fill('data.status >=');
    await expect(
      page
        .getByText(/filter/i)
        .filter({ hasNot: filter })
        .last(),
    ).toBeVisible();
    await filter.fill('message ~ "/api/health"');
    await expect(
      page.getByRole('row').filter({ hasText: 'GET /api/health' }).first(),
    ).toBeVisible();

    // Backups: one made, its restore named before anything happens (not run here: the other
    // specs share this database), then deleted.
    await page.getByRole('tab', { name: 'Backups' }).click();
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expect(page.getByText('Backup made.')).toBeVisible();
    const backup = page
      .getByRole('row')
      .filter({ hasText: /airgrid_backup_.*\.zip/ })
      .first();
    await backup.getByRole('button', { name: 'Restore' }).click();
    const confirm = page.getByRole('dialog', { name: /^Restore airgrid_backup_/ });
    await expect(confirm).toContainText('This replaces the whole database with the backup’s');
    await expect(confirm).toContainText('Uploaded media files are not touched.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await backup.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Backup deleted.')).toBeVisible();

    await page.getByRole('tab', { name: 'Jobs' }).click();
    const row = page.getByRole('row').filter({ hasText: 'shows/abcdefghijklmno' });
    await expect(row).toContainText('ffprobe could not read the file');
    await row.getByRole('button', { name: /^Retry/ }).click();
    await expect(page.getByText('The job is queued again.')).toBeVisible();
    expect((await root.collection('jobs').getOne(job.id)).attempts).toBeLessThanOrEqual(1);

    await page.getByRole('tab', { name: 'Superusers' }).click();
    await expect(page.getByRole('cell', { name: E2E_SUPERUSER.email })).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/operator\/login/);
    await expect(page.getByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeVisible();
  } finally {
    await root.settings.update({
      meta: { senderName: before.meta.senderName, senderAddress: before.meta.senderAddress },
    });
    await root
      .collection('jobs')
      .delete(job.id)
      .catch(() => {});
  }
});
