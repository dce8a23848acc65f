import { type FakeCablecastServer, startCablecastServer } from '../../server/test/cablecast-server';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, test } from './support/fixtures';

// Issue 19, item 1, as a station connects its Cablecast server: the address as they type it,
// Test connection with what it found, Save with the credentials kept out of sight, a wrong
// password named as such, and Disconnect. The Cablecast server is the tests' fake, on loopback.

let cablecast: FakeCablecastServer;

test.beforeAll(async () => {
  cablecast = await startCablecastServer({
    user: 'importer',
    password: 'secret-pass',
    requireAuthForReads: true,
  });
});

test.afterAll(async () => {
  await cablecast?.close();
});

test('an owner connects Cablecast, tests it, saves it and disconnects it', async ({
  page,
  station,
}) => {
  test.setTimeout(60_000);
  await openAsOwner(page, station, '/integrations');
  const card = page.getByRole('region', { name: 'Cablecast' });
  await expect(card).toBeVisible();
  const address = card.getByRole('textbox', { name: 'Server address' });

  // A mistake in the address is named under it, and nothing is saved: the seed's cablecast
  // rule catches this one before anything is sent.
  await address.fill('ftp://cablecast.example.org');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(
    card.getByText('Server address is incorrectly formatted', { exact: false }),
  ).toBeVisible();

  // Typed as people copy it from their browser: the API path, any case, trailing slashes.
  await address.fill(`${cablecast.url}/CablecastAPI/v1/`);
  await card.getByRole('textbox', { name: 'User name (optional)' }).fill('importer');
  await card.getByLabel('Password (optional)').fill('secret-pass');
  await card.getByRole('button', { name: 'Test connection' }).click();
  const found = card.getByRole('status').filter({ hasText: 'Connected' });
  await expect(found).toContainText(
    `${cablecast.data.channels.length} channels and ${cablecast.data.shows.length} shows found, signed in.`,
  );
  await expect(found).toContainText('Community 15');
  await expectNoSeriousA11yViolations(page, 'the Cablecast card after a test');

  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cablecast connection saved.')).toBeVisible();
  await expect(address).toHaveValue(cablecast.url);
  await expect(card.getByText('A user name and password are stored (encrypted).')).toBeVisible();
  await expect(card.getByLabel('Password (optional)')).toHaveCount(0);

  // The saved connection, tested again after a reload, with the stored credentials.
  await page.reload();
  await page
    .getByRole('region', { name: 'Cablecast' })
    .getByRole('button', { name: 'Test connection' })
    .click();
  await expect(
    page
      .getByRole('region', { name: 'Cablecast' })
      .getByRole('status')
      .filter({ hasText: 'Connected' }),
  ).toContainText('signed in');

  // Another address: the saved credentials stay with theirs, so the fields come back to fill.
  const moved = page.getByRole('region', { name: 'Cablecast' });
  await moved.getByRole('textbox', { name: 'Server address' }).fill('https://other.example.net');
  await expect(
    moved.getByText('used only with the address they were saved for', { exact: false }),
  ).toBeVisible();
  await expect(moved.getByLabel('Password (optional)')).toHaveValue('');
  await moved.getByRole('textbox', { name: 'Server address' }).fill(cablecast.url);
  await expect(moved.getByText('A user name and password are stored (encrypted).')).toBeVisible();

  // A wrong password is told as such.
  const again = page.getByRole('region', { name: 'Cablecast' });
  await again.getByRole('button', { name: 'Replace or remove them' }).click();
  await again.getByRole('textbox', { name: 'User name (optional)' }).fill('importer');
  await again.getByLabel('Password (optional)').fill('wrong');
  await again.getByRole('button', { name: 'Test connection' }).click();
  const refused = again.getByRole('alert').filter({ hasText: 'Could not connect' });
  await expect(refused).toContainText('The server refused the user name or password (401).');

  await again.getByRole('button', { name: 'Disconnect' }).click();
  await page
    .getByRole('dialog', { name: 'Disconnect Cablecast?' })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(page.getByText('Cablecast disconnected.')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Cablecast' })
      .getByRole('textbox', { name: 'Server address' }),
  ).toHaveValue('');
});
