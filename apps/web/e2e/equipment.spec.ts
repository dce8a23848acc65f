import type { Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, signInBrowser, test } from './support/fixtures';
import { PASSWORD, unique } from './support/members';
import { superuserClient } from './support/superuser';

// /equipment (issue 20; decision 0033): staff list a certification kind and a kit of a camera
// that needs it and a tripod; a producer who does not hold it is refused the kit with the
// server's words, naming the certification, and keeps what they typed; once granted, their
// request for the kit goes through as one booking; staff confirm, see it on the calendar, check
// out by the label's typed code (the camera scanner's fallback) and its address, see it overdue,
// and check in, the items' status following.

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

/** Monday's date of the week holding `day` (YYYY-MM-DD). */
function mondayOf(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** A member asks for the whole kit, tomorrow 9 to 5. */
async function requestKit(page: Page, day: string) {
  await page.getByRole('button', { name: 'Reserve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reserve equipment' });
  await dialog.getByRole('combobox', { name: 'Kit' }).click();
  await page.getByRole('option', { name: 'FX6 camera kit' }).click();
  await expect(
    dialog.getByText('Reserves every item of the kit that can be reserved.'),
  ).toBeVisible();
  await dialog.getByLabel('Starts').fill(`${day}T09:00`);
  await dialog.getByLabel('Ends').fill(`${day}T17:00`);
  await dialog.getByRole('button', { name: 'Request' }).click();
  return dialog;
}

async function addItem(
  page: Page,
  fields: { name: string; serial: string; certification?: string },
) {
  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add item' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(fields.name);
  await dialog.getByRole('textbox', { name: 'Category' }).fill('Camera');
  await dialog.getByRole('textbox', { name: 'Serial number' }).fill(fields.serial);
  await dialog.getByRole('textbox', { name: 'Location' }).fill('Cage, shelf 2');
  await dialog.getByLabel('Kit', { exact: true }).fill('FX6 camera kit');
  if (fields.certification) {
    await dialog.getByRole('combobox', { name: 'Certification required' }).click();
    await page.getByRole('option', { name: fields.certification }).click();
  }
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog).toBeHidden();
}

test('a camera kit needing a certification: refused, granted, requested, confirmed, scanned out, overdue and back', async ({
  page,
  station,
  baseURL,
}) => {
  // Three people take turns in one browser, with axe over the modals, through a kit's whole
  // life: a long walk.
  test.setTimeout(240_000);
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

  // …and a kit of two items, the camera needing it.
  await page.getByRole('tab', { name: 'Inventory' }).click();
  await addItem(page, { name: 'Sony FX6', serial: 'FX6-0042', certification: 'Studio camera' });
  await addItem(page, { name: 'Sachtler tripod', serial: 'TRI-7' });
  const inventory = page.getByRole('table', { name: 'Inventory' });
  const camera = inventory.getByRole('row', { name: /Sony FX6/ });
  await expect(camera).toContainText('Kit: FX6 camera kit');
  await expect(camera).toContainText('FX6-0042');
  await expect(camera).toContainText('Available');
  await expect(camera).toContainText('Studio camera');
  await expect(inventory.getByRole('row', { name: /Sachtler tripod/ })).toContainText(
    'Kit: FX6 camera kit',
  );
  await expectNoSeriousA11yViolations(page, 'the inventory');
  const items = await station.pb.collection('equipment').getFullList({ sort: 'name' });
  const cameraId = items.find((item) => item.name === 'Sony FX6')?.id ?? '';
  const tripodId = items.find((item) => item.name === 'Sachtler tripod')?.id ?? '';

  // The producer, not certified, is refused the kit with the server's reason, naming the
  // certification; nothing of the kit is reserved, and what they typed stays.
  await openAs(page, producer.pb, producer.name, '/equipment?tab=reservations');
  await expect(page.getByRole('tab', { name: 'Certifications' })).toHaveCount(0);
  const refused = await requestKit(page, day);
  await expect(refused.getByRole('alert')).toContainText(
    `Reserving “Sony FX6” needs the “Studio camera” certification, valid for the whole reservation, which ${producer.name} does not hold.`,
  );
  await expect(refused.getByLabel('Starts')).toHaveValue(`${day}T09:00`);
  await expect(refused.getByRole('combobox', { name: 'Kit' })).toHaveValue('FX6 camera kit');
  await expectNoSeriousA11yViolations(page, 'the refused request');
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(refused).toBeHidden();
  expect(await producer.pb.collection('reservations').getFullList()).toHaveLength(0);

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

  // The producer's request for the kit now goes through, both items in one booking.
  await openAs(page, producer.pb, producer.name, '/equipment?tab=reservations');
  const requested = await requestKit(page, day);
  await expect(requested).toBeHidden();
  await expect(page.getByText('Request sent: staff confirm it')).toBeVisible();
  const mine = page.getByRole('table', { name: 'Reservations' });
  await expect(mine.getByText('2 items reserved together')).toBeVisible();
  const myCamera = mine.getByRole('row', { name: /Sony FX6/ });
  await expect(myCamera).toContainText('Requested');
  await expect(myCamera).toContainText('9:00 AM – 5:00 PM');
  await expect(mine.getByRole('row', { name: /Sachtler tripod/ })).toContainText('Requested');
  await expect(myCamera.getByRole('button', { name: /Confirm/ })).toHaveCount(0);
  const booked = await producer.pb.collection('reservations').getFullList();
  expect(new Set(booked.map((one) => one.booking)).size).toBe(1);
  expect(booked[0]?.booking).not.toBe('');

  // Staff: a second reservation over the same hours is refused under Starts, naming the first.
  await openAs(page, station.pb, station.name, '/equipment?tab=reservations');
  await page.getByRole('button', { name: 'Reserve', exact: true }).click();
  const clash = page.getByRole('dialog', { name: 'Reserve equipment' });
  await clash.getByRole('combobox', { name: 'Items' }).click();
  await page.getByRole('option', { name: 'Sony FX6' }).click();
  // A multi-select stays open for the next item: a click elsewhere closes it.
  await clash.getByRole('heading', { name: 'Reserve equipment' }).click();
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

  // Staff confirm both.
  const list = page.getByRole('table', { name: 'Reservations' });
  const cameraRow = list.getByRole('row', { name: /Sony FX6/ });
  const tripodRow = list.getByRole('row', { name: /Sachtler tripod/ });
  await cameraRow.getByRole('button', { name: 'Confirm the reservation of Sony FX6' }).click();
  await expect(cameraRow).toContainText('Confirmed');
  await tripodRow
    .getByRole('button', { name: 'Confirm the reservation of Sachtler tripod' })
    .click();
  await expect(tripodRow).toContainText('Confirmed');
  await toastsGone(page);

  // The calendar shows the week with both bars; a bar opens its reservation's actions.
  await page.getByText('Calendar', { exact: true }).click();
  const chart = page.getByRole('region', { name: 'Reservations calendar' });
  const todayNY = new Date().toLocaleString('sv-SE', { timeZone: 'America/New_York' }).slice(0, 10);
  if (mondayOf(day) !== mondayOf(todayNY))
    await page.getByRole('button', { name: 'Next week' }).click();
  const bar = chart.getByRole('button', { name: new RegExp(`${producer.name} · Confirmed`) });
  await expect(bar).toHaveCount(2);
  await bar.first().click();
  const details = page.getByRole('dialog', { name: /Reservation of/ });
  await expect(details.getByRole('button', { name: /Check out/ })).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await page.getByText('List', { exact: true }).click();

  // The day comes: staff move the booking to start now (through the API), so the scanner
  // offers its check-out. Later, the tripod is moved past its end.
  const ago = (minutes: number) =>
    new Date(Date.now() - minutes * 60_000).toISOString().replace('T', ' ');
  for (const one of booked)
    await station.pb.collection('reservations').update(one.id, { starts: ago(1), ends: ago(-240) });
  await page.reload();

  // Check out by scanning: the typed code of the camera's label (the camera's fallback).
  await page.getByRole('button', { name: 'Scan label' }).click();
  const scan = page.getByRole('dialog', { name: 'Scan a label' });
  await scan.getByRole('textbox', { name: 'Label code' }).fill('no-such-code');
  await scan.getByRole('button', { name: 'Find' }).click();
  await expect(scan.getByRole('alert')).toContainText('No item has the code “no-such-code”.');
  await scan
    .getByRole('textbox', { name: 'Label code' })
    .fill(`${baseURL}/equipment?item=${cameraId}`);
  await scan.getByRole('button', { name: 'Find' }).click();
  await expect(scan).toContainText(`Sony FX6 goes out to ${producer.name}.`);
  await scan.getByRole('textbox', { name: 'Condition note' }).fill('Battery full, lens cap on.');
  await expectNoSeriousA11yViolations(page, 'the scan modal');
  await scan.getByRole('button', { name: 'Check out' }).click();
  await expect(page.getByText('Sony FX6 checked out')).toBeVisible();
  await scan.getByRole('button', { name: 'Close' }).click();
  await expect(cameraRow).toContainText('Checked out');

  // A phone opening the tripod's label address lands on its hand-over.
  await page.goto(`/equipment?item=${tripodId}`);
  const label = page.getByRole('dialog', { name: 'Scan a label' });
  await expect(label).toContainText(`Sachtler tripod goes out to ${producer.name}.`);
  await label.getByRole('button', { name: 'Check out' }).click();
  await expect(page.getByText('Sachtler tripod checked out')).toBeVisible();
  await label.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/item=/);

  // Past its end (staff move it through the API), the tripod is overdue.
  const [tripodOut] = await station.pb.collection('reservations').getFullList({
    filter: station.pb.filter('equipment = {:item}', { item: tripodId }),
  });
  await station.pb
    .collection('reservations')
    .update(String(tripodOut?.id), { starts: ago(120), ends: ago(60) });
  await page.goto('/equipment?tab=reservations');
  await page.getByText('Overdue (1)', { exact: true }).click();
  const overdue = page.getByRole('table', { name: 'Reservations' });
  await expect(overdue.getByRole('row', { name: /Sachtler tripod/ })).toContainText('Overdue');
  await expect(overdue.getByRole('row', { name: /Sony FX6/ })).toHaveCount(0);

  // Back in: the tripod by scanning its serial, the camera from its row; each with a note.
  await page.getByRole('button', { name: 'Scan label' }).click();
  await scan.getByRole('textbox', { name: 'Label code' }).fill('tri-7');
  await scan.getByRole('button', { name: 'Find' }).click();
  await expect(scan).toContainText(`Sachtler tripod comes back from ${producer.name}.`);
  await scan.getByRole('textbox', { name: 'Return note' }).fill('One leg sticks.');
  await scan.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByText('Sachtler tripod checked in')).toBeVisible();
  await scan.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Nothing is overdue.')).toBeVisible();

  await page.getByText('Upcoming and current', { exact: true }).click();
  await cameraRow.getByRole('button', { name: 'Check in Sony FX6' }).click();
  const back = page.getByRole('dialog', { name: 'Check in Sony FX6' });
  await back.getByRole('textbox', { name: 'Return note' }).fill('Scratch on the handle.');
  await back.getByRole('button', { name: 'Check in' }).click();
  await expect(back).toBeHidden();
  await expect(cameraRow).toHaveCount(0);
  // The segmented control's radios are hidden under their labels: the label takes the click.
  await page.getByText('Last 30 days', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  await expect(cameraRow).toContainText('Returned');
  // The condition written at each hand-over is read on the row.
  await expect(cameraRow).toContainText(/Out .*: Battery full, lens cap on\./);
  await expect(cameraRow).toContainText(/Back .*: Scratch on the handle\./);
  await toastsGone(page);
  await expectNoSeriousA11yViolations(page, 'the reservations');

  await page.getByRole('tab', { name: 'Inventory' }).click();
  await expect(inventory.getByRole('row', { name: /Sony FX6/ })).toContainText('Available');
  await expect(inventory.getByRole('row', { name: /Sachtler tripod/ })).toContainText('Available');
  // The tripod's history: who had it, and how it came back.
  await inventory.getByRole('button', { name: 'Actions for Sachtler tripod' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History of Sachtler tripod' });
  const entries = history.getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(producer.name);
  await expect(entries.first()).toContainText(/Back .*: One leg sticks\./);
  await expect(entries.first()).toContainText('Returned');
  await expectNoSeriousA11yViolations(page, 'an item’s history');
  await history.getByRole('button', { name: 'Close' }).click();

  // The notes and the times are kept on the reservations.
  const saved = await station.pb.collection('reservations').getFullList({
    filter: station.pb.filter('member = {:member}', { member: producer.id }),
    sort: 'equipment',
  });
  expect(saved.find((one) => one.equipment === cameraId)).toMatchObject({
    status: 'returned',
    checkoutNote: 'Battery full, lens cap on.',
    returnNote: 'Scratch on the handle.',
  });
  expect(saved.find((one) => one.equipment === tripodId)).toMatchObject({
    status: 'returned',
    returnNote: 'One leg sticks.',
  });
  expect(saved.every((one) => one.checkedOutAt !== '' && one.checkedInAt !== '')).toBe(true);
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
