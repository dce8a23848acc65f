import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, test } from './support/fixtures';
import { testClip } from './support/media';

// /ads (issue 40): a station adds a sponsor (its mistyped email said in place, nothing lost),
// adds a spot for it (a last day before the first refused, saying why), uploads the spot's
// file with the resumable upload and sees its runtime to the hundredth and its loudness against
// −24 LKFS once the server has read it, edits it (choosing a sponsor added in place), makes it
// active, archives it and restores it. The phone layout keeps every action in reach.

/** 89 frames at 29.97 fps: 2.969633 s, a spot cut to the frame. */
const SPOT = testClip({ frames: 89, rate: '30000/1001' });

/** Chooses an option of a Mantine select by its label. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function spotRow(page: Page, title: string) {
  return page.getByRole('table', { name: 'Spots' }).getByRole('row').filter({ hasText: title });
}

test('a station keeps its spots and sponsors: add, upload, read, edit, archive, restore', async ({
  page,
  station,
}) => {
  test.setTimeout(90_000);
  await openAsOwner(page, station, '/ads');
  await expect(page.getByRole('heading', { name: 'Ads', level: 1 })).toBeVisible();
  await expect(page.getByText(/No spots yet\. Add one/)).toBeVisible();

  // A sponsor: a mistyped email is said under it, and what was typed stays.
  await page.getByRole('tab', { name: 'Sponsors' }).click();
  await expect(page).toHaveURL(/\?tab=sponsors$/);
  await page.getByRole('button', { name: 'Add sponsor' }).click();
  const sponsorForm = page.getByRole('dialog', { name: 'Add sponsor' });
  await sponsorForm.getByRole('textbox', { name: 'Name', exact: true }).fill('Hilltop Bakery');
  await sponsorForm.getByLabel('Contact name', { exact: true }).fill('Ada Baker');
  await sponsorForm.getByLabel('Email', { exact: true }).fill('ada@hilltop');
  await sponsorForm.getByLabel('Phone', { exact: true }).fill('555 201 4477');
  await sponsorForm
    .getByLabel('Billing address', { exact: true })
    .fill('12 Main St\nSpringfield, IL 62701');
  await sponsorForm.getByRole('button', { name: 'Add sponsor' }).click();
  await expect(
    sponsorForm.getByText('Write an email address like name@example.org, or leave it empty.'),
  ).toBeVisible();
  await expect(sponsorForm.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    'Hilltop Bakery',
  );
  await sponsorForm.getByLabel('Email', { exact: true }).fill('ada@hilltop.example');
  await sponsorForm.getByRole('button', { name: 'Add sponsor' }).click();
  await expect(page.getByText('Hilltop Bakery added')).toBeVisible();
  const sponsors = page.getByRole('table', { name: 'Sponsors' });
  await expect(sponsors.getByRole('row').filter({ hasText: 'Hilltop Bakery' })).toContainText(
    '+1 (555) 201-4477',
  );

  // A spot for it: a last day before the first is refused before anything is sent.
  await page.getByRole('tab', { name: 'Spots' }).click();
  await page.getByRole('button', { name: 'Add spot' }).click();
  const spotForm = page.getByRole('dialog', { name: 'Add spot' });
  await expect(
    spotForm.getByText('Save the spot first; then upload its media here.'),
  ).toBeVisible();
  await spotForm.getByRole('textbox', { name: 'Title', exact: true }).fill('Bakery spring 30');
  await choose(spotForm, page, 'Sponsor', 'Hilltop Bakery');
  await spotForm.getByLabel('First day', { exact: true }).fill('2031-06-30');
  await spotForm.getByLabel('Last day', { exact: true }).fill('2031-06-01');
  await spotForm.getByRole('button', { name: 'Add spot' }).click();
  await expect(
    spotForm.getByText(
      'The last day must be on or after the first day (06/30/2031). Change one of them.',
    ),
  ).toBeVisible();
  await spotForm.getByLabel('Last day', { exact: true }).fill('2031-07-15');
  await spotForm.getByRole('button', { name: 'Add spot' }).click();
  await expect(page.getByText('Bakery spring 30 added: now upload its media.')).toBeVisible();

  // The modal goes on to the spot's media: the file uploads, and the server reads it.
  const modal = page.getByRole('dialog', { name: 'Edit Bakery spring 30' });
  const media = modal.getByTestId('spot-media');
  await expect(media.getByText(/No media file yet/)).toBeVisible();
  await media
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bakery-spring.mp4', mimeType: 'video/mp4', buffer: SPOT });
  await media.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText(/bakery-spring\.mp4 uploaded/)).toBeVisible();
  await expect(media.getByTestId('spot-media-runtime')).toHaveText('Runtime 0:02.96', {
    timeout: 30_000,
  });
  // The test tone is a little loud for broadcast: the warning says by how much.
  await expect(media.getByTestId('spot-media-loudness')).toContainText(
    /^−2\d\.\d LUFS(, within ±2 of −24|: \d\.\d LU louder than the −24 target)/,
  );
  await expect(media.getByTestId('media-summary')).toHaveText('0:03 · 320×240 H264 · AAC mono');
  await expect(media.getByLabel('Preview of Bakery spring 30', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the spot modal');
  await modal.getByRole('button', { name: 'Cancel' }).click();

  const row = spotRow(page, 'Bakery spring 30');
  await expect(row).toContainText('Hilltop Bakery');
  await expect(row.getByTestId('spot-runtime')).toHaveText('0:02.96');
  await expect(row.getByTestId('spot-loudness').filter({ visible: true })).toContainText(
    'LU too loud',
  );
  await expect(row).toContainText(/06\/30\/2031\s– 07\/15\/2031/);
  await expect(row).toContainText('Draft');

  // Edit: a new sponsor added in place and chosen, the title changed; the days stay.
  await row.getByRole('button', { name: 'Bakery spring 30', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bakery spring 30' });
  await edit.getByRole('textbox', { name: 'Title', exact: true }).fill('Bakery summer 30');
  await edit.getByRole('button', { name: 'New sponsor' }).click();
  await edit.getByLabel('New sponsor’s name', { exact: true }).fill('Riverside Credit Union');
  await edit.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Riverside Credit Union added and chosen')).toBeVisible();
  await expect(edit.getByRole('combobox', { name: 'Sponsor', exact: true })).toHaveValue(
    'Riverside Credit Union',
  );
  await expect(edit.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
    'Bakery summer 30',
  );
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bakery summer 30 saved')).toBeVisible();
  const edited = spotRow(page, 'Bakery summer 30');
  await expect(edited).toContainText('Riverside Credit Union');
  await expect(edited).toContainText(/06\/30\/2031\s– 07\/15\/2031/);

  // Active, then archived: archived spots leave the list until asked for, and come back.
  const actions = edited.getByRole('button', { name: 'Actions for Bakery summer 30' });
  await actions.click();
  await page.getByRole('menuitem', { name: 'Make active' }).click();
  await expect(edited).toContainText('Active');
  await actions.click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByText('Bakery summer 30 archived')).toBeVisible();
  await expect(edited).toBeHidden();
  await choose(page, page, 'Status', 'Archived');
  await expect(spotRow(page, 'Bakery summer 30')).toContainText('Archived');
  await spotRow(page, 'Bakery summer 30')
    .getByRole('button', { name: 'Actions for Bakery summer 30' })
    .click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByText(/Bakery summer 30 restored as a draft/)).toBeVisible();
  await choose(page, page, 'Status', 'Draft and active');
  await expect(spotRow(page, 'Bakery summer 30')).toContainText('Draft');
  const [saved] = await station.pb.collection('ads').getFullList();
  expect(saved).toMatchObject({ status: 'draft', archivedAt: '', durationSec: 2.969633 });

  // The sponsors count their spots; the first now has none.
  await page.getByRole('tab', { name: 'Sponsors' }).click();
  await expect(
    sponsors.getByRole('row').filter({ hasText: 'Riverside Credit Union' }),
  ).toContainText('1 spot');
  await expect(sponsors.getByRole('row').filter({ hasText: 'Hilltop Bakery' })).toContainText(
    '0 spots',
  );
  await expectNoSeriousA11yViolations(page, '/ads?tab=sponsors');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the spots list says runtime and days under each title, and its actions stay in reach', async ({
    page,
    station,
  }) => {
    const organization = station.organization?.id ?? '';
    const sponsor = await station.pb
      .collection('sponsors')
      .create({ organization, name: 'Hilltop Bakery' });
    await station.pb.collection('ads').create({
      organization,
      title: 'Bakery spring 30',
      sponsor: sponsor.id,
      validFrom: '2031-06-01 00:00:00.000Z',
    });
    await openAsOwner(page, station, '/ads');
    const row = spotRow(page, 'Bakery spring 30');
    await expect(row).toContainText('Hilltop Bakery · Underwriting');
    await expect(row).toContainText('No media · From 06/01/2031');
    const actions = row.getByRole('button', { name: 'Actions for Bakery spring 30' });
    await expect(actions).toBeInViewport();
    // Nothing runs off the side of the page.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
