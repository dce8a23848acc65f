import type { Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, signInBrowser, test } from './support/fixtures';
import { PASSWORD, unique } from './support/members';
import { superuserClient } from './support/superuser';

// /organization (issue 17): owners and admins edit the station's details card by card, with the
// seed's rules and messages on blur; members read them; a slug change says first that the old
// addresses keep working, and they do.

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

/** A new user made a member of the organization with the role, signed in in the browser. */
async function memberOf(page: Page, baseURL: string, organization: string, role: string) {
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  const email = `org-${role}-${unique()}@example.org`;
  const user = await pb
    .collection('users')
    .create({ name: `Mel ${role}`, email, password: PASSWORD, passwordConfirm: PASSWORD });
  await (await superuserClient(baseURL))
    .collection('users')
    .update(user.id, { organization, role });
  await pb.collection('users').authWithPassword(email, PASSWORD);
  await signInBrowser(page, pb);
  return { name: `Mel ${role}` };
}

test('the owner fills in the contact details, with rule messages on blur, and saves', async ({
  page,
  station,
}) => {
  // Four cards filled, saved and read back, then axe over the whole page: a long walk.
  test.slow();
  await openAsOwner(page, station, '/organization');
  await expect(
    page.getByRole('heading', { level: 1, name: station.organization?.name }),
  ).toBeVisible();
  const contact = card(page, 'Contact');

  const phone = contact.getByLabel('Phone number');
  await phone.fill('555-123-4567');
  await phone.blur();
  await expect(contact.getByText('phone_number is invalid')).toBeVisible();
  await phone.fill('2125550100');
  await phone.blur();
  await expect(phone).toHaveValue('+1 (212) 555-0100');
  await expect(contact.getByText('phone_number is invalid')).toHaveCount(0);

  const zip = contact.getByLabel('ZIP code');
  await zip.fill('1485');
  await zip.blur();
  await expect(contact.getByText('zipcode is invalid')).toBeVisible();
  await zip.fill('14850');
  await zip.blur();
  await expect(contact.getByText('zipcode is invalid')).toHaveCount(0);

  const website = contact.getByLabel('Website');
  await website.fill('tv.lakeside.example.org');
  await website.blur();
  await expect(contact.getByText('url is incorrectly formatted')).toBeVisible();
  await website.fill('lakesidetv.org');
  await website.blur();
  await expect(website).toHaveValue('https://lakesidetv.org');

  await contact.getByLabel('Address line 1').fill('12 Harbor Street');
  await contact.getByLabel('City').fill('Ithaca');
  await contact.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'NY — New York' }).click();
  await contact.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByText('Contact details saved')).toBeVisible();

  const legal = card(page, 'Legal');
  const ein = legal.getByLabel('EIN');
  await ein.fill('123456789');
  await ein.blur();
  await expect(legal.getByText('ein is invalid')).toBeVisible();
  // Save is refused while a rule fails; the message stays.
  await legal.getByLabel('Legal name').fill('Lakeside Community Media, Inc.');
  await legal.getByRole('button', { name: 'Save legal details' }).click();
  await expect(legal.getByText('ein is invalid')).toBeVisible();
  await ein.fill('12-3456789');
  await ein.blur();
  // The station bills in US dollars until it chooses another currency.
  const currency = legal.getByRole('combobox', { name: 'Currency' });
  await expect(currency).toHaveValue('USD — US Dollar');
  await currency.click();
  await page.getByRole('option', { name: 'CAD — Canadian Dollar', exact: true }).click();
  await legal.getByRole('button', { name: 'Save legal details' }).click();
  await expect(page.getByText('Legal details saved')).toBeVisible();

  const remittance = card(page, 'Remittance');
  await remittance.getByLabel('Bank name').fill('First Lakeside Bank');
  const routing = remittance.getByLabel('Routing number');
  await routing.fill('000000000');
  await routing.blur();
  await expect(remittance.getByText('routing_number is invalid')).toBeVisible();
  await routing.fill('021000021');
  await remittance.getByLabel('Payment notes').fill('Net 30. Quote the invoice number.');
  await remittance.getByRole('button', { name: 'Save remittance' }).click();
  await expect(page.getByText('Remittance details saved')).toBeVisible();

  await page.reload();
  await expect(card(page, 'Contact').getByLabel('Phone number')).toHaveValue('+1 (212) 555-0100');
  await expect(card(page, 'Contact').getByRole('combobox', { name: 'State' })).toHaveValue(
    'NY — New York',
  );
  await expect(card(page, 'Legal').getByLabel('EIN')).toHaveValue('12-3456789');
  await expect(card(page, 'Legal').getByRole('combobox', { name: 'Currency' })).toHaveValue(
    'CAD — Canadian Dollar',
  );
  await expect(card(page, 'Remittance').getByLabel('Routing number')).toHaveValue('021000021');
  await expect(card(page, 'Remittance').getByLabel('Payment notes')).toHaveValue(
    'Net 30. Quote the invoice number.',
  );
  await expectNoSeriousA11yViolations(page, '/organization as owner');
});

test('a slug change says first that old links keep working, and they redirect', async ({
  page,
  station,
}) => {
  const oldSlug = String(station.organization?.slug);
  const newSlug = `renamed-${unique()}`;
  await openAsOwner(page, station, '/organization');
  const identity = card(page, 'Identity');
  const slug = identity.getByRole('textbox', { name: 'Slug' });
  await slug.fill('Not A Slug');
  await slug.blur();
  await expect(identity.getByText(/A slug uses lower-case letters/)).toBeVisible();
  await slug.fill(newSlug);
  await slug.blur();
  const notice = identity.getByRole('alert').filter({ hasText: 'Changing the slug' });
  await expect(notice).toContainText('redirect permanently');
  await expect(notice).toContainText(oldSlug);
  await identity.getByRole('button', { name: 'Save identity' }).click();
  await expect(page.getByText('Organization saved')).toBeVisible();
  await expect(page.getByText(`/o/${newSlug} ·`)).toBeVisible();

  await page.goto(`/o/${oldSlug}/tvguide`);
  await expect(page).toHaveURL(new RegExp(`/o/${newSlug}/tvguide$`));
});

for (const role of ['viewer', 'editor'] as const) {
  test(`a ${role} reads the details but cannot change them, and never sees remittance`, async ({
    page,
    baseURL,
    station,
  }) => {
    const organization = String(station.organization?.id);
    await station.pb.collection('organizations').update(organization, { city: 'Ithaca' });
    const member = await memberOf(page, String(baseURL), organization, role);
    await page.goto('/organization');
    await expect(
      page.getByRole('button', { name: `Account menu for ${member.name}` }),
    ).toBeVisible();
    await expect(
      page.getByText("Only owners and admins can change the organization's details."),
    ).toBeVisible();
    await expect(card(page, 'Contact').getByLabel('City')).toHaveValue('Ithaca');
    await expect(card(page, 'Contact').getByLabel('City')).not.toBeEditable();
    await expect(card(page, 'Identity').getByRole('textbox', { name: /^Name/ })).not.toBeEditable();
    await expect(card(page, 'Legal').getByLabel('EIN')).not.toBeEditable();
    await expect(card(page, 'Identity').getByLabel('Logo')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await expect(card(page, 'Remittance')).toHaveCount(0);
    if (role === 'viewer') await expectNoSeriousA11yViolations(page, '/organization as viewer');
  });
}

test("the landing channel is what the station's bare watch page opens", async ({
  page,
  station,
}) => {
  const organization = String(station.organization?.id);
  await station.pb.collection('channels').create({
    organization,
    name: 'Channel Two',
    slug: 'channel-two',
    number: 2,
    timeZone: 'America/New_York',
    public: true,
  });
  await openAsOwner(page, station, '/organization');
  const publicPage = card(page, 'Public page');
  await publicPage.getByRole('combobox', { name: 'Landing channel' }).click();
  await page.getByRole('option', { name: '2 · Channel Two' }).click();
  await publicPage.getByRole('button', { name: 'Save public page' }).click();
  await expect(page.getByText('Public page settings saved')).toBeVisible();

  await page.goto(`/o/${station.organization?.slug}/watch`);
  await expect(page.getByRole('heading', { level: 1, name: 'Channel Two' })).toBeVisible();
});
