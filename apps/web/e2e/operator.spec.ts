import { statSync } from 'node:fs';
import type { FileChooser, Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, expect, openAsOwner, test } from './support/fixtures';
import { startFreshServer } from './support/fresh-server';
import { newestMailTo } from './support/mail';
import { E2E_SUPERUSER, superuserClient } from './support/superuser';

// Issue 38, items 4 and 6: whoever runs the server signs in as a superuser at /operator, reads
// its health, changes the mail sender and sends a test email, reads the request log and its
// chart, retries a failed job, and moves a backup to a fresh server and restores it there.
// Members never see the console.

const TABS = ['health', 'mail', 'logs', 'backups', 'jobs', 'superusers'];

/** Signs in at `origin`'s /operator/login (the shared server's when empty). */
async function signInOperator(page: Page, email: string, password: string, origin = '') {
  await page.goto(`${origin}/operator/login`);
  const form = page.getByRole('main');
  await form.getByLabel('Email address').fill(email);
  await form.locator('input[type="password"]').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
}

test('a guest is sent to the operator sign-in', async ({ page }) => {
  await page.goto('/operator');
  await expect(page).toHaveURL('/operator/login?next=%2Foperator');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeVisible();
});

test('a station’s owner gets the not-found page', async ({ page, station }) => {
  // The station fixture signs the browser in as the station's owner.
  await openAsOwner(page, station);
  for (const tab of TABS) {
    await page.goto(`/operator?tab=${tab}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
  }
  await page.goto('/operator/login');
  await expect(page.getByText('You are signed in with a station account.')).toBeVisible();
});

test('an operator signs in, reads the health, changes the sender, tests the mail and retries a job', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
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
    // The chart counts the same lines per minute over the last hour (per hour over a day or a
    // week); in words for screen readers, with a table.
    const chart = page.getByRole('region', { name: 'Requests over time' });
    await expect(chart.getByText(/^Last hour: [\d,]+ requests, 0 refused \(4xx\)/)).toBeVisible();
    await expect(chart.locator('path.recharts-rectangle').first()).toBeVisible();
    const minutes = chart.getByRole('table', { name: /^Requests per minute \(UTC\), last hour/ });
    await expect(minutes.getByRole('row').nth(1)).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d/);
    await filter.fill('data.status >= 400');
    await expect(chart.getByText(/^Last hour: [\d,]+ requests, [1-9][\d,]* refused/)).toBeVisible();
    await chart.getByText('Last 24 hours').click();
    await expect(
      chart.getByText(/^Last 24 hours: [\d,]+ requests, [1-9][\d,]* refused/),
    ).toBeVisible();
    await expect(
      chart.getByRole('table', { name: /^Requests per hour \(UTC\), last 24 hours/ }),
    ).toBeAttached();
    await chart.getByText('Last 7 days').click();
    await expect(chart.getByText(/^Last 7 days: /)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the request log and its chart');

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
    await expect(row).toContainText('Failed');
    await row.getByRole('button', { name: /^Retry/ }).click();
    await expect(page.getByText('The job is queued again.')).toBeVisible();
    expect((await root.collection('jobs').getOne(job.id)).attempts).toBeLessThanOrEqual(1);
    // It leaves the failed ones; the runner takes it again (the show is gone: nothing to read).
    await expect(row).toBeHidden();
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Any state' }).click();
    await expect(row.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
    await expect(row).toContainText(/Queued|Running|Done/);
    await expect(row).toContainText('Done', { timeout: 30_000 });

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

test('a backup downloaded here is uploaded to a fresh server and restored there', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(
    Boolean(process.env.AIRGRID_E2E_DATABASE_URL),
    'A backup is restored on the same kind of database: the fresh server is SQLite (PostgreSQL: backups.integration.test.ts).',
  );
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('baseURL is set by playwright.config.ts');

  // Downloaded from the shared server (never restored there: the other specs share it).
  const root = await superuserClient(baseURL);
  const key = `e2e_move_${Date.now()}.zip`;
  await root.backups.create(key);
  const file = testInfo.outputPath(key);
  try {
    await signInOperator(page, E2E_SUPERUSER.email, E2E_SUPERUSER.password);
    await page.getByRole('tab', { name: 'Backups' }).click();
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('row')
      .filter({ hasText: key })
      .getByRole('button', { name: 'Download' })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(key);
    await download.saveAs(file);
  } finally {
    await root.backups.delete(key).catch(() => {});
  }

  // A fresh server whose upload limit the backup just fits, so a larger file can be refused.
  const mib = 1024 * 1024;
  const limit = Math.ceil(statSync(file).size / mib) + 1;
  const fresh = await startFreshServer({ BACKUP_MAX_UPLOAD_MB: String(limit) });
  try {
    // Fresh: no demo station, so its owner cannot sign in.
    const demo = new PocketBase(fresh.url);
    await expect(
      demo.collection('users').authWithPassword(DEMO.email, DEMO.password),
    ).rejects.toMatchObject({ status: 400 });
    const operator = { email: 'fresh-operator@airgrid.test', password: 'fresh-operator-password' };
    fresh.upsertSuperuser(operator.email, operator.password);
    await signInOperator(page, operator.email, operator.password, fresh.url);
    await page.getByRole('tab', { name: 'Backups' }).click();
    await expect(page.getByText('No backups yet.')).toBeVisible();
    await expect(page.getByText(`at most ${limit}.0 MB.`)).toBeVisible();

    const choose = async (files: Parameters<FileChooser['setFiles']>[0]) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload a backup' }).click();
      await (await chooser).setFiles(files);
    };
    const problem = page.getByRole('alert').filter({ hasText: /not a backup|larger|not added/ });
    // Refused before sending: another type, and a file over BACKUP_MAX_UPLOAD_MB.
    await choose({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(problem).toHaveText(
      'notes.txt is not a backup: Airgrid backups are .zip files, as Download saves them.',
    );
    await choose({
      name: 'huge.zip',
      mimeType: 'application/zip',
      buffer: Buffer.alloc(limit * mib + 1),
    });
    await expect(problem).toContainText(
      `huge.zip (${limit}.0 MB) is larger than this server takes (${limit}.0 MB, set by BACKUP_MAX_UPLOAD_MB).`,
    );
    // Refused by the server, in its words: a .zip that is no backup.
    await choose({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('hello') });
    await expect(problem).toHaveText(
      'notes.zip was not added: The file is not an Airgrid backup: it is not a ZIP file.',
    );

    await choose(file);
    await expect(
      page.getByText(`${key} uploaded. Restore it to replace the database.`),
    ).toBeVisible();
    await expect(problem).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: key });
    await row.getByRole('button', { name: 'Restore' }).click();
    const confirm = page.getByRole('dialog', { name: `Restore ${key}?` });
    await expect(confirm).toContainText('This replaces the whole database with the backup’s');
    await confirm.getByRole('button', { name: 'Replace the database' }).click();
    // The restored database has the backup's superusers: this one, made since, is gone.
    await expect(
      page.getByText(
        'The database is restored. Your account is not in the backup: sign in with one of its superusers.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/operator\/login\?next=/);

    // The fresh server now holds the shared server's data: the demo station, its owner and the
    // shared server's superuser.
    // (Its media stays behind: a backup holds the database, so the logo is missing there.)
    await page.goto(`${fresh.url}/o/riverside`);
    await expect(page.getByRole('heading', { level: 1, name: 'TV guide' })).toBeVisible();
    await expect(page.getByText(/^Riverside Community TV · /)).toBeVisible();
    await expect(page.getByRole('rowheader', { name: /^RCTV 1 Community/ })).toBeVisible();
    await demo.collection('users').authWithPassword(DEMO.email, DEMO.password);
    expect(demo.authStore.record?.email).toBe(DEMO.email);
    await signInOperator(page, E2E_SUPERUSER.email, E2E_SUPERUSER.password, fresh.url);
  } finally {
    await fresh.stop();
  }
});
