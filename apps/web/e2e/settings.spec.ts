import sharp from 'sharp';
import { AppPage } from './pages/app-page';
import { SettingsModal } from './pages/settings-modal';
import { expect, openAsOwner, test } from './support/fixtures';
import { unique } from './support/members';

/** A solid PNG of the given size, as a file for the file input. */
async function png(name: string, width: number, height: number) {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 160, b: 90 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

test.describe('the Settings modal', () => {
  test.beforeEach(async ({ page, station }) => {
    await openAsOwner(page, station);
  });

  test('shows the seed texts, pre-filled with the user, and saves the profile', async ({
    page,
    station,
  }) => {
    const { email } = station;
    const settings = new SettingsModal(page);
    await settings.open();

    await expect(settings.dialog.getByRole('heading', { name: 'Settings' })).toBeVisible();
    for (const label of ['Full Name', 'Phone Number', 'Email Address', 'Username', 'Bio']) {
      await expect(settings.field(label)).toBeVisible();
    }
    await expect(settings.field('Full Name')).toHaveValue('Pat Producer');
    await expect(settings.field('Email Address')).toHaveValue(email);
    await expect(settings.field('Email Address')).toHaveAttribute('type', 'email');
    await expect(settings.field('Bio')).toHaveAttribute('rows', '4');
    await expect(settings.field('Phone Number')).toHaveAttribute('placeholder', 'Phone Number');
    await expect(
      settings.card('Photo').getByText('SVG, PNG, JPG or GIF (max, 800 X 800px)', { exact: true }),
    ).toBeVisible();
    const profile = settings.card('Profile');
    await expect(profile.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(profile.getByRole('button', { name: 'Save' })).toBeVisible();

    await settings.field('Full Name').fill('Pat Q. Producer');
    await settings.field('Phone Number').fill('2125550100');
    await settings.field('Username').fill('pat.producer');
    await settings.field('Bio').fill('Producer of the Tuesday night show.\nLikes long takes.');
    // Leaving the phone field shows it the seed's way (§9).
    await settings.field('Username').focus();
    await expect(settings.field('Phone Number')).toHaveValue('+1 (212) 555-0100');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();

    await page.reload();
    await settings.open();
    await expect(settings.field('Full Name')).toHaveValue('Pat Q. Producer');
    await expect(settings.field('Phone Number')).toHaveValue('+1 (212) 555-0100');
    await expect(settings.field('Username')).toHaveValue('pat.producer');
    await expect(settings.field('Bio')).toHaveValue(
      'Producer of the Tuesday night show.\nLikes long takes.',
    );
    await expect(
      page.getByRole('button', { name: 'Account menu for Pat Q. Producer' }),
    ).toBeVisible();
  });

  test('checks a field when it is left, not while typing', async ({ page }) => {
    const settings = new SettingsModal(page);
    await settings.open();
    const phone = settings.field('Phone Number');

    await phone.pressSequentially('555-123-4567');
    await expect(phone).toHaveValue('555-123-4567');
    await expect(settings.dialog.getByText('phone_number is invalid')).toHaveCount(0);

    await phone.blur();
    await expect(settings.dialog.getByText('phone_number is invalid')).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');

    // Fixing it keeps the message until the field is left again.
    await phone.fill('212-555-0100');
    await expect(settings.dialog.getByText('phone_number is invalid')).toBeVisible();
    await phone.blur();
    await expect(settings.dialog.getByText('phone_number is invalid')).toHaveCount(0);

    // Save checks every field, and the server's own refusals land under theirs.
    await settings.field('Username').fill('no spaces allowed');
    await settings.card('Profile').getByRole('button', { name: 'Save' }).click();
    await expect(
      settings.dialog.getByText(
        'A username uses letters, digits, underscores, dots and hyphens, and starts with a letter, digit or underscore.',
      ),
    ).toBeVisible();
  });

  test('a new email address is confirmed by a link, not saved directly', async ({
    page,
    station,
  }) => {
    const { email } = station;
    const settings = new SettingsModal(page);
    await settings.open();
    const newEmail = `moved-${unique()}@example.org`;

    await settings.field('Email Address').fill(newEmail);
    await settings.card('Profile').getByRole('button', { name: 'Save' }).click();

    await expect(settings.dialog.getByRole('status')).toHaveText(
      `We sent an email to ${newEmail}. Open it to confirm the change: until then your email address stays as it is.`,
    );
    await expect(settings.field('Email Address')).toHaveValue(email);
  });

  test('uploads a photo within the limits, refuses others before upload, and deletes it', async ({
    page,
  }) => {
    const settings = new SettingsModal(page);
    await settings.open();
    const photo = settings.card('Photo');
    const save = photo.getByRole('button', { name: 'Save' });
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/collections/users/records/'))
        uploads.push(request.headers()['content-type'] ?? '');
    });
    await expect(settings.headerAvatar()).toHaveCount(0);

    // Too large: refused in the browser with the server's words, nothing sent.
    await settings.photoInput().setInputFiles(await png('huge.png', 900, 900));
    await expect(
      photo.getByText('The image must be at most 800 × 800 px (this one is 900 × 900).'),
    ).toBeVisible();
    await expect(save).toBeDisabled();

    // Not an image.
    await settings.photoInput().setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(
      photo.getByText(
        '"notes.txt" is of type text/plain: only SVG, PNG, JPG or GIF files are allowed.',
      ),
    ).toBeVisible();
    await expect(save).toBeDisabled();
    expect(uploads).toEqual([]);

    // Within the limits: uploaded as multipart, shown in the header.
    await settings.photoInput().setInputFiles(await png('me.png', 200, 200));
    await expect(photo.getByText('Your new photo will be used when you save.')).toBeVisible();
    await save.click();
    await expect(page.getByText('Photo saved')).toBeVisible();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toContain('multipart/form-data');
    await expect(settings.headerAvatar()).toHaveAttribute(
      'src',
      /\/api\/files\/_pb_users_auth_\/\w+\/me\w*\.png\?thumb=100x100$/,
    );
    await expect
      .poll(() => settings.headerAvatar().evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(100);
    await expect(photo.getByRole('img', { name: 'Your photo' })).toBeVisible();

    // Delete waits for Save, then removes it everywhere.
    await photo.getByRole('button', { name: 'Delete' }).click();
    await expect(photo.getByText('Your photo will be removed when you save.')).toBeVisible();
    await save.click();
    await expect(page.getByText('Photo removed')).toBeVisible();
    await expect(settings.headerAvatar()).toHaveCount(0);
    await page.reload();
    await expect(settings.headerAvatar()).toHaveCount(0);
  });

  test('the colour mode applies at once, is kept, and warns about system', async ({ page }) => {
    const app = new AppPage(page);
    const settings = new SettingsModal(page);
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await settings.open();
    const appearance = settings.card('Appearance');

    await appearance.getByText('Light', { exact: true }).click();
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(appearance.getByRole('alert')).toHaveCount(0);

    await page.emulateMedia({ colorScheme: 'dark' });
    await appearance.getByText('System', { exact: true }).click();
    await expect(appearance.getByRole('alert')).toContainText(
      "System follows your device's light or dark setting",
    );
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'light');

    // Kept in the account once the save answers: a reload before that would cancel it.
    const keptInAccount = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        (response.request().postData() ?? '').includes('"theme":"light"'),
    );
    await appearance.getByText('Light', { exact: true }).click();
    expect((await keptInAccount).status()).toBe(200);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(app.layout('default')).toBeVisible();
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'light');

    // Watch pages stay dark, and do not change what was saved.
    await app.goto('/watch');
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await app.goto('/dashboard');
    await expect(app.root()).toHaveAttribute('data-mantine-color-scheme', 'light');

    // The account keeps it too, for the next device.
    const settingsJson = await page.evaluate(() => {
      const auth = JSON.parse(window.localStorage.getItem('pocketbase_auth') ?? '{}');
      return auth.record?.settings;
    });
    expect(settingsJson).toMatchObject({ theme: 'light' });
  });
});
