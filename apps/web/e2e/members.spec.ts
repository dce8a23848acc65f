import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, signInBrowser, test } from './support/fixtures';
import { linkInMail } from './support/mail';
import { inviteSomeoneWhoJoins, PASSWORD, signedIn, unique } from './support/members';

// /members as a station's owner uses it: invite a colleague by email, who follows the link
// from the mail, signs up and joins with the role; change their role, remove them; hand
// ownership over. The mails are read from the server's mail folder, as a person reads them.

test.describe('members', () => {
  test('an invite goes out by mail, and the colleague who follows it joins with the role', async ({
    page,
    station,
    browser,
    baseURL,
  }) => {
    // Two browsers, a sign-up and a mail: a minute on a busy machine.
    test.setTimeout(90_000);
    const colleague = {
      name: `Casey Colleague ${unique()}`,
      email: `casey-${unique()}@example.org`,
    };
    await page.goto('/members');
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('row')).toHaveCount(2);
    await expect(members.getByText('(you)')).toBeVisible();

    // A wrong address is refused before anything is sent.
    const invite = page.getByRole('region', { name: 'Invite a member' });
    await invite.getByLabel('Email address').fill('not-an-address');
    await invite.getByLabel('Email address').blur();
    await expect(invite.getByText('email is invalid')).toBeVisible();

    await invite.getByLabel('Email address').fill(colleague.email);
    await invite.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Producer' }).click();
    // Choosing the chosen role again keeps it: a required choice cannot be emptied.
    await invite.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Producer' }).click();
    await expect(invite.getByRole('combobox', { name: 'Role' })).toHaveValue('Producer');
    await invite.getByRole('button', { name: 'Send invite' }).click();
    await expect(page.getByText(`Invite sent to ${colleague.email}`)).toBeVisible();
    const pending = page.getByRole('table', { name: 'Pending invites' });
    const row = pending.getByRole('row').filter({ hasText: colleague.email });
    await expect(row).toContainText('Producer');
    await expect(row).toContainText('Expires in 7 days');
    await expectNoSeriousA11yViolations(page, 'members page');

    // The colleague opens the link from the mail, signed out: sign in, or sign up, first.
    const link = await linkInMail(
      colleague.email,
      `You're invited to join ${String(station.organization?.name)} on Airgrid TV`,
      '/onboarding',
    );
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await theirs.goto(link);
    await expect(theirs).toHaveURL(/\/auth\/login\?next=/);
    await theirs.getByRole('link', { name: 'Create an account' }).click();
    await theirs.getByLabel('Full Name').fill(colleague.name);
    await theirs.getByLabel('Email address').fill(colleague.email);
    await theirs.getByLabel(/^Password/).fill(PASSWORD);
    await theirs.getByLabel('Confirm password').fill(PASSWORD);
    await theirs.getByRole('button', { name: 'Create account' }).click();
    await expect(theirs.getByRole('tab', { name: 'I have an invite' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await theirs.getByRole('button', { name: 'Join the organization' }).click();
    await expect(theirs).toHaveURL(/\/dashboard/);
    // Onboarding again (the mail's link, opened twice): the station has its channels, so there
    // is nothing to set up, and no "First channel" step.
    await theirs.goto(link);
    await expect(theirs).toHaveURL(/\/dashboard/);
    await expect(theirs.getByText('First channel')).toHaveCount(0);
    await context.close();

    // The owner sees them join, changes their role, then removes them.
    await page.reload();
    const theirRow = members.getByRole('row').filter({ hasText: colleague.name });
    await expect(theirRow).toBeVisible();
    await expect(page.getByText('No invites waiting for an answer.')).toBeVisible();
    const role = page.getByRole('combobox', { name: `Role of ${colleague.name}` });
    await expect(role).toHaveValue('Producer');
    await role.click();
    await page.getByRole('option', { name: 'Editor' }).click();
    await expect(page.getByText(`${colleague.name} is now editor`)).toBeVisible();
    const colleagueClient = await signedIn(String(baseURL), colleague.email);
    expect(colleagueClient.authStore.record?.role).toBe('editor');

    await page.getByRole('button', { name: `Actions for ${colleague.name}` }).click();
    await page.getByRole('menuitem', { name: 'Remove from organization' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText(`${colleague.name} removed`)).toBeVisible();
    await expect(theirRow).toHaveCount(0);
  });

  test('the owner hands ownership over and stays on as an admin', async ({
    page,
    station,
    baseURL,
  }) => {
    const member = await inviteSomeoneWhoJoins(String(baseURL), station, station.password);
    await page.goto('/members');
    const members = page.getByRole('table', { name: 'Members' });
    const mine = members.getByRole('row').filter({ hasText: '(you)' });
    const theirs = members.getByRole('row').filter({ hasText: member.name });
    await expect(theirs).toBeVisible();
    // The only owner cannot leave: nothing to offer on their own row.
    await expect(mine.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);

    await page.getByRole('button', { name: `Actions for ${member.name}` }).click();
    await page.getByRole('menuitem', { name: 'Transfer ownership' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Transfer ownership' }).click();
    await expect(page.getByText(`${member.name} is now the owner`)).toBeVisible();

    await expect(theirs.getByText('Owner', { exact: true })).toBeVisible();
    await expect(mine.getByText('Admin', { exact: true })).toBeVisible();
    // An admin cannot touch the owner, but may leave now that someone else owns the station.
    await expect(theirs.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
    await mine.getByRole('button', { name: /^Actions for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Leave organization' })).toBeVisible();
    await page.keyboard.press('Escape');
    // The member's page says who they are and offers nothing an admin may not do to an owner.
    await theirs.getByRole('link', { name: member.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shows they produce' })).toContainText(
      'produces no shows yet',
    );
    await expect(page.getByRole('button', { name: 'Remove from organization' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'member page');
  });

  test('a viewer sees the members, and nothing to manage', async ({ page, station, baseURL }) => {
    const member = await inviteSomeoneWhoJoins(String(baseURL), station, station.password);
    await signInBrowser(page, await signedIn(String(baseURL), member.email));
    await page.goto('/members');
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('row').filter({ hasText: station.name })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Role of/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Invite a member' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Pending invites' })).toHaveCount(0);
  });
});

test('a member page shows their reservations, certifications and submissions', async ({
  page,
  station,
  baseURL,
}) => {
  const organization = String(station.organization?.id);
  const me = station.user.id;
  const kind = await station.pb
    .collection('certificationKinds')
    .create({ organization, name: 'Studio camera' });
  const day = 24 * 3600_000;
  const at = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
  await station.pb.collection('certifications').create({
    organization,
    member: me,
    kind: kind.id,
    granted: at(Date.now() - 30 * day),
    expires: at(Date.now() + 5.5 * day),
  });
  const camera = await station.pb
    .collection('equipment')
    .create({ organization, name: 'Sony FX6', status: 'available' });
  await station.pb.collection('reservations').create({
    organization,
    equipment: camera.id,
    member: me,
    starts: at(Date.now() + 2 * day),
    ends: at(Date.now() + 2.2 * day),
    status: 'confirmed',
  });
  // Signed in, the owner submits as themselves through the public form's API.
  await station.pb.send('/api/v1/submissions', {
    method: 'POST',
    body: {
      station: organization,
      title: 'Garden Hour',
      mediaUrl: 'https://video.example.org/garden-hour',
      licenceAccepted: true,
      policyAccepted: true,
    },
  });
  expect(baseURL).toBeTruthy();

  await page.goto(`/members/${me}`);
  const reservations = page.getByRole('region', { name: 'Equipment reservations' });
  await expect(reservations.getByText('Upcoming')).toBeVisible();
  await expect(reservations.getByText('Sony FX6')).toBeVisible();
  await expect(reservations.getByText('Confirmed')).toBeVisible();
  const certifications = page.getByRole('region', { name: 'Certifications' });
  await expect(certifications.getByText('Studio camera')).toBeVisible();
  await expect(certifications.getByText(/^Expires in [56] days$/)).toBeVisible();
  const submissions = page.getByRole('region', { name: 'Submissions' });
  await expect(submissions.getByText('Garden Hour')).toBeVisible();
  await expect(submissions.getByText('Waiting for review')).toBeVisible();
});
