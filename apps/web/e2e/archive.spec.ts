import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';

// The archive as a station uses it: a channel archived from the channels page waits in the
// archive with the date it will be deleted for good; it is restored, or deleted for good after
// a confirmation; the retention is set in the archive settings.

test.describe('the archive', () => {
  test('a channel archived from its list is restored from the archive, another deleted for good', async ({
    page,
    station,
  }) => {
    const organization = String(station.organization?.id);
    const keep = await station.pb.collection('channels').create({
      organization,
      name: 'Old Sports Feed',
      slug: `old-sports-${station.id}`,
      timeZone: 'UTC',
      archived: true,
    });
    const drop = await station.pb.collection('channels').create({
      organization,
      name: 'Test Pattern',
      slug: `test-pattern-${station.id}`,
      timeZone: 'UTC',
      archived: true,
    });

    await page.goto('/archive/organization');
    await expect(page.getByRole('heading', { level: 1, name: 'Archive' })).toBeVisible();
    await expect(page.getByText('deleted for good 90 days after they were archived')).toBeVisible();
    const table = page.getByRole('table', { name: 'Archived channels' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row', { name: /Old Sports Feed/ })).toContainText(
      /on \d\d\/\d\d\/\d{4}/,
    );
    await expectNoSeriousA11yViolations(page, 'archive page');

    await page.getByLabel('Search the archive').fill('sports');
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Restore Old Sports Feed' }).click();
    await expect(page.getByText('Old Sports Feed restored')).toBeVisible();
    await expect(page.getByText('Nothing archived matches the search.')).toBeVisible();
    expect((await station.pb.collection('channels').getOne(keep.id)).archived).toBe(false);

    await page.getByLabel('Search the archive').fill('');
    await page.getByRole('button', { name: 'Delete Test Pattern for good' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Test Pattern for good?' });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByText('Test Pattern deleted for good')).toBeVisible();
    await expect(page.getByText('No archived channels.')).toBeVisible();
    await expect(station.pb.collection('channels').getOne(drop.id)).rejects.toMatchObject({
      status: 404,
    });
  });

  test('the retention is set in the archive settings, within its limits', async ({
    page,
    station,
  }) => {
    expect(station.organization).not.toBeNull();
    await page.goto('/archive/settings');
    const days = page.getByLabel('Keep archived records for (days)');
    await expect(days).toHaveValue('90');
    // Out of range, the input keeps to its limits; empty, the form says what it needs.
    await days.fill('5000');
    await days.blur();
    await expect(days).toHaveValue('3650');
    await days.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Keep archived records between 1 and 3650 days (a whole number).'),
    ).toBeVisible();
    await days.fill('30');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Archive settings saved')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'archive settings');
    await page.getByRole('link', { name: 'archive', exact: true }).click();
    await expect(page.getByText('deleted for good 30 days after they were archived')).toBeVisible();
  });

  test('the owner archives the organization by typing its name, and restores it from the banner', async ({
    page,
    station,
  }) => {
    const name = String(station.organization?.name);
    const slug = String(station.organization?.slug);
    await page.goto('/organization');
    const card = page.getByRole('region', { name: 'Archive the organization' });
    await card.getByRole('button', { name: 'Archive the organization' }).click();
    const dialog = page.getByRole('dialog', { name: `Archive ${name}?` });
    const confirm = dialog.getByRole('button', { name: 'Archive' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Organization name').fill('not the name');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Organization name').fill(name);
    await confirm.click();
    await expect(page.getByText(`${name} archived`)).toBeVisible();

    const banner = page.getByRole('status').filter({ hasText: `${name} is archived` });
    await expect(banner).toContainText('deleted for good on');
    expect((await page.request.get(`/api/v1/stations/${slug}`)).status()).toBe(404);
    await page.goto('/dashboard');
    await expect(banner).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'archived organization banner');

    await banner.getByRole('button', { name: 'Restore the organization' }).click();
    await expect(page.getByText(`${name} restored`)).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});
