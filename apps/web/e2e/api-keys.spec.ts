import PocketBase from 'pocketbase';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, test } from './support/fixtures';

// Issue 19, item 4, as a station's developer does it: an owner makes an API key on
// /integrations, copies it from the one screen that shows it, drives the schedule from a
// script with the official SDK, and revokes the key, which stops the script.

test('an owner makes an API key, a script uses it with the SDK, and revoking ends it', async ({
  page,
  baseURL,
  station,
}) => {
  test.setTimeout(60_000);
  if (!baseURL || !station.organization) throw new Error('the station fixture has an organization');
  await openAsOwner(page, station, '/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  const card = page.getByRole('region', { name: 'API keys' });

  // A blank name is named under the field; nothing is sent.
  await card.getByRole('button', { name: 'Create key' }).click();
  await expect(card.getByText('The Name field is required.')).toBeVisible();

  await card.getByRole('textbox', { name: 'Name' }).fill('Playout sync');
  await card.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await expect(page.getByText('Editor: creates and changes channels')).toBeVisible();
  await card.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new key: Playout sync' });
  await expect(shown).toBeVisible();
  await expect(shown.getByText('It will not be shown again.')).toBeVisible();
  const key = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(key).toMatch(/^agk_[\w-]{43}$/);
  await expect(shown.getByText(`pb.authStore.save('${key}');`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the new API key');
  await shown.getByRole('button', { name: 'I copied it' }).click();
  await expect(shown).toBeHidden();

  const row = page.getByRole('row', { name: /Playout sync/ });
  await expect(row).toContainText('Editor');
  await expect(row).toContainText(key.slice(0, 10));
  await expect(row).not.toContainText(key);
  await expect(row).toContainText('Never'); // not used yet

  // The script: the official SDK holding the key, writing to the schedule.
  const script = new PocketBase(baseURL);
  script.autoCancellation(false);
  script.authStore.save(key);
  const show = await script.collection('shows').create({
    organization: station.organization.id,
    title: 'Made by a script',
  });
  expect(show.title).toBe('Made by a script');

  // After a reload the list says when it was last used.
  await page.reload();
  await expect(page.getByRole('row', { name: /Playout sync/ })).not.toContainText('Never');

  await page.getByRole('button', { name: 'Revoke the API key Playout sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke the API key “Playout sync”?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API key “Playout sync” revoked.')).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await expect(
    script.collection('shows').create({ organization: station.organization.id, title: 'Again' }),
  ).rejects.toMatchObject({ status: 400 }); // a guest now: the create rule refuses it
});
