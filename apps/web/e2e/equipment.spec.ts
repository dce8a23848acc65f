import type { Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, signInBrowser, test } from './support/fixtures';
import { PASSWORD, unique } from './support/members';
import { superuserClient } from './support/superuser';

// /equipment (issue 20; decision 0033): staff list a certification kind and a camera that
// needs it; a producer who does not hold it is refused with the server's words, naming the
// certification, and keeps what they typed; once granted, their request goes through, and staff
// confirm, check out and check in, the item's status following.

/** A new user made a producer of the organization, with an SDK client signed in as them. */
async function producerOf(baseURL: string, organization: string) {
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  const id = unique();
  const name = `Alex Producer ${id}`;
  const email = `equip-producer-${id}@example.org`;
  const user = await pb
    .collection('users')
    .create({ name, email, password: PASSWORD, passwordConfirm: PASSWORD });
  await (await superuserClient(baseURL))
    .collection('users')
    .update(user.id, { organization, role: 'producer' });
  await pb.collection('users').authWithPassword(email, PASSWORD);
  return { id: user.id, name, pb };
}

/** Tomorrow's date on New York's calendar (the station's zone), as YYYY-MM-DD. */
function tomorrowInNewYork(): string {
  return new Date(Date.now() + 24 * 3600 * 1000)
    .toLocaleString('sv-SE', { timeZone: 'America/New_York' })
    .slice(0, 10);
}

async function openAs(page: Page, pb: PocketBase, name: string, path: string) {
  await signInBrowser(page, pb);
  await page.goto(path);
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
}

async function toastsGone(page: Page) {
  await expect(page.locator('.mantine-Notifications-root').getByRole('alert')).toHaveCount(0, {
    timeout: 15_000,
  });
}

async function requestCamera(page: Page, day: string) {
  await page.getByRole('button', { name: 'Reserve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reserve equipment' });
  await dialog.getByRole('combobox', { name: 'Item' }).click();
  await page.getByRole('option', { name: 'Sony FX6' }).click();
  await dialog.getByLabel('Starts').fill(`${day}T09:00`);
  await dialog.getByLabel('Ends').fill(`${day}T17:00`);
  await dialog.getByRole('button', { name: 'Request' }).click();
  return dialog;
}

test('a camera needing a certification: refused, granted, requested, confirmed, out and back', async ({
  page,
  station,
  baseURL,
}) => {
  // Three people take turns in one browser, with axe over the modals: a long walk.
  test.slow();
  if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
  const organization = String(station.organization?.id);
  const producer = await producerOf(baseURL, organization);
  const day = tomorrowInNewYork();

  // Staff name a certification kind…
  await openAsOwner(page, station, '/equipment?tab=certifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Equipment' })).toBeVisible();
  await page.getByRole('button', { name: 'Add kind' }).click();
  const kindDialog = page.getByRole('dialog', { name: 'Add kind' });
  await kindDialog.getByRole('textbox', { name: 'Name' }).fill('Studio camera');
  await kindDialog.getByRole('textbox', { name: 'Description' }).fill('The FX6 workshop.');
  await kindDialog.getByRole('button', { name: 'Add kind' }).click();
  await expect(kindDialog).toBeHidden();
  const kinds = page.getByRole('table', { name: 'Certification kinds' });
  await expect(kinds.getByRole('row', { name: /Studio camera/ })).toBeVisible();

  // …and a camera that needs it.
  await page.getByRole('tab', { name: 'Inventory' }).click();
  await page.getByRole('button', { name: 'Add item' }).click();
  const itemDialog = page.getByRole('dialog', { name: 'Add item' });
  await itemDialog.getByRole('textbox', { name: 'Name' }).fill('Sony FX6');
  await itemDialog.getByRole('textbox', { name: 'Category' }).fill('Camera');
  await itemDialog.getByRole('textbox', { name: 'Serial number' }).fill('FX6-0042');
  await itemDialog.getByRole('textbox', { name: 'Location' }).fill('Cage, shelf 2');
  await itemDialog.getByRole('combobox', { name: 'Certification required' }).click();
  await page.getByRole('option', { name: 'Studio camera' }).click();
  await itemDialog.getByRole('button', { name: 'Add item' }).click();
  await expect(itemDialog).toBeHidden();
  const inventory = page.getByRole('table', { name: 'Inventory' });
  const camera = inventory.getByRole('row', { name: /Sony FX6/ });
  await expect(camera).toContainText('Camera');
  await expect(camera).toContainText('FX6-0042');
  await expect(camera).toContainText('Available');
  await expect(camera).toContainText('Studio camera');
  await expectNoSeriousA11yViolations(page, 'the inventory');

  // The producer, not certified, is refused with the server's reason; what they typed stays.
  await openAs(page, producer.pb, producer.name, '/equipment?tab=reservations');
  await expect(page.getByRole('tab', { name: 'Certifications' })).toHaveCount(0);
  const refused = await requestCamera(page, day);
  await expect(refused.getByRole('alert')).toContainText(
    `Reserving “Sony FX6” needs the “Studio camera” certification, valid for the whole reservation, which ${producer.name} does not hold.`,
  );
  await expect(refused.getByLabel('Starts')).toHaveValue(`${day}T09:00`);
  await expect(refused.getByRole('combobox', { name: 'Item' })).toHaveValue('Sony FX6');
  await expectNoSeriousA11yViolations(page, 'the refused request');
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(refused).toBeHidden();

  // Staff grant it.
  await openAs(page, station.pb, station.name, '/equipment?tab=certifications');
  await page.getByRole('button', { name: 'Grant', exact: true }).click();
  const grantDialog = page.getByRole('dialog', { name: 'Grant a certification' });
  await grantDialog.getByRole('combobox', { name: 'Member' }).click();
  await page.getByRole('option', { name: producer.name }).click();
  await expect(grantDialog.getByRole('combobox', { name: 'Certification' })).toHaveValue(
    'Studio camera',
  );
  await grantDialog.getByRole('button', { name: 'Grant' }).click();
  await expect(grantDialog).toBeHidden();
  const grants = page.getByRole('table', { name: 'Granted certifications' });
  await expect(grants.getByRole('row', { name: new RegExp(producer.name) })).toContainText('Never');
  await toastsGone(page);
  await expectNoSeriousA11yViolations(page, 'the certifications');

  // The producer's request now goes through, waiting for staff.
  await openAs(page, producer.pb, producer.name, '/equipment?tab=reservations');
  const requested = await requestCamera(page, day);
  await expect(requested).toBeHidden();
  await expect(page.getByText('Request sent: staff confirm it')).toBeVisible();
  const mine = page.getByRole('table', { name: 'Reservations' }).getByRole('row', {
    name: /Sony FX6/,
  });
  await expect(mine).toContainText('Requested');
  await expect(mine).toContainText('9:00 AM – 5:00 PM');
  await expect(
    mine.getByRole('button', { name: 'Cancel the reservation of Sony FX6?' }),
  ).toBeVisible();
  await expect(mine.getByRole('button', { name: /Confirm/ })).toHaveCount(0);

  // Staff confirm, check out with a condition note, and check in with a return note. First,
  // a second reservation over the same hours is refused under Starts, naming the first.
  await openAs(page, station.pb, station.name, '/equipment?tab=reservations');
  await page.getByRole('button', { name: 'Reserve', exact: true }).click();
  const clash = page.getByRole('dialog', { name: 'Reserve equipment' });
  await clash.getByRole('combobox', { name: 'Item' }).click();
  await page.getByRole('option', { name: 'Sony FX6' }).click();
  await clash.getByRole('combobox', { name: 'Member' }).click();
  await page.getByRole('option', { name: producer.name }).click();
  await clash.getByLabel('Starts').fill(`${day}T12:00`);
  await clash.getByLabel('Ends').fill(`${day}T13:00`);
  await clash.getByRole('button', { name: 'Reserve' }).click();
  await expect(
    clash.getByText(
      `Overlaps ${producer.name}’s reservation of “Sony FX6” from ${day} 09:00 to ${day} 17:00 (America/New_York)`,
    ),
  ).toBeVisible();
  await expect(clash.getByLabel('Starts')).toHaveAttribute('aria-invalid', 'true');
  await clash.getByRole('button', { name: 'Cancel' }).click();
  await expect(clash).toBeHidden();
  const row = page.getByRole('table', { name: 'Reservations' }).getByRole('row', {
    name: new RegExp(producer.name),
  });
  await row.getByRole('button', { name: 'Confirm the reservation of Sony FX6' }).click();
  await expect(row).toContainText('Confirmed');
  await toastsGone(page);

  await row.getByRole('button', { name: 'Check out Sony FX6' }).click();
  const out = page.getByRole('dialog', { name: 'Check out Sony FX6' });
  await out.getByRole('textbox', { name: 'Condition note' }).fill('Battery full, lens cap on.');
  await expectNoSeriousA11yViolations(page, 'the check-out modal');
  await out.getByRole('button', { name: 'Check out' }).click();
  await expect(out).toBeHidden();
  await expect(row).toContainText('Checked out');

  await page.getByRole('tab', { name: 'Inventory' }).click();
  await expect(inventory.getByRole('row', { name: /Sony FX6/ })).toContainText('Out');

  await page.getByRole('tab', { name: 'Reservations' }).click();
  await row.getByRole('button', { name: 'Check in Sony FX6' }).click();
  const back = page.getByRole('dialog', { name: 'Check in Sony FX6' });
  await back.getByRole('textbox', { name: 'Return note' }).fill('Scratch on the handle.');
  await back.getByRole('button', { name: 'Check in' }).click();
  await expect(back).toBeHidden();
  await expect(row).toHaveCount(0);
  // The segmented control's radios are hidden under their labels: the label takes the click.
  await page.getByText('Past', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Past' })).toBeChecked();
  await expect(row).toContainText('Returned');
  await toastsGone(page);
  await expectNoSeriousA11yViolations(page, 'the reservations');

  await page.getByRole('tab', { name: 'Inventory' }).click();
  await expect(inventory.getByRole('row', { name: /Sony FX6/ })).toContainText('Available');

  // The notes and the times are kept on the reservation.
  const [saved] = await station.pb.collection('reservations').getFullList({
    filter: station.pb.filter('member = {:member}', { member: producer.id }),
  });
  expect(saved).toMatchObject({
    status: 'returned',
    checkoutNote: 'Battery full, lens cap on.',
    returnNote: 'Scratch on the handle.',
  });
  expect(saved?.checkedOutAt).not.toBe('');
  expect(saved?.checkedInAt).not.toBe('');
});

test('a viewer reads the inventory, and cannot reserve', async ({ page, station, baseURL }) => {
  if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
  const organization = String(station.organization?.id);
  await station.pb
    .collection('equipment')
    .create({ organization, name: 'Zoom H6', category: 'Audio', status: 'maintenance' });
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  const email = `equip-viewer-${unique()}@example.org`;
  const user = await pb
    .collection('users')
    .create({ name: 'Vi Viewer', email, password: PASSWORD, passwordConfirm: PASSWORD });
  await (await superuserClient(baseURL))
    .collection('users')
    .update(user.id, { organization, role: 'viewer' });
  await pb.collection('users').authWithPassword(email, PASSWORD);

  await openAs(page, pb, 'Vi Viewer', '/equipment');
  const inventory = page.getByRole('table', { name: 'Inventory' });
  await expect(inventory.getByRole('row', { name: /Zoom H6/ })).toContainText('In maintenance');
  await expect(page.getByRole('button', { name: 'Add item' })).toHaveCount(0);
  await expect(inventory.getByRole('button', { name: /Actions for/ })).toHaveCount(0);

  // Filter and search.
  await page.getByRole('textbox', { name: 'Search by name' }).fill('sony');
  await expect(page.getByText('No items match.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search by name' }).fill('zoom');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Available' }).click();
  await expect(page.getByText('No items match.')).toBeVisible();

  await page.getByRole('tab', { name: 'Reservations' }).click();
  await expect(page.getByRole('button', { name: 'Reserve', exact: true })).toHaveCount(0);
});
