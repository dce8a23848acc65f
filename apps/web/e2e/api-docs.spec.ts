import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, test } from './support/fixtures';

// Issue 38, item 2: a station's developer finds an endpoint in /api-docs (signed out: the
// reference is public), reads who may call it and copies its examples, then, signed in, tries
// it against their own station with their session and with an API key.

test('the reference is public and searchable, and an endpoint shows its fields and examples', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search endpoints' });
  await expect(page.getByRole('heading', { level: 2, name: 'Schedule' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Records: shows' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the API reference');

  // Words match anywhere (the daily log's summary says "spot placed … the schedule"): the
  // path narrows it to one.
  await search.fill('schedule place');
  await expect(page.getByRole('link', { name: /\/api\/v1\/schedule\/place/ })).toBeVisible();
  await search.fill('schedule/place');
  await expect(page.getByText('1 endpoint', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Records: shows' })).toBeHidden();
  await search.fill('no such endpoint anywhere');
  await expect(page.getByText('No endpoint matches "no such endpoint anywhere".')).toBeVisible();
  await search.fill('schedule/place');
  await page.getByRole('link', { name: /\/api\/v1\/schedule\/place/ }).click();

  await expect(page).toHaveURL(/\/api-docs\/postSchedulePlace$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create a timeslot obeying the overlap mode.' }),
  ).toBeVisible();
  const body = page.getByRole('region', { name: 'Request body' });
  await expect(body.getByRole('row', { name: /mode .*push.*no-overlap.* Yes/ })).toBeVisible();
  const examples = page.getByRole('region', { name: 'Examples' });
  await expect(examples.getByRole('tabpanel', { name: 'curl' })).toContainText("curl -X POST '");
  await expect(examples.getByRole('tabpanel', { name: 'curl' })).toContainText(
    '/api/v1/schedule/place',
  );
  await examples.getByRole('tab', { name: 'JavaScript SDK' }).click();
  await expect(examples.getByRole('tabpanel', { name: 'JavaScript SDK' })).toContainText(
    "await pb.send('/api/v1/schedule/place', {",
  );
  await expect(
    page.getByText('Sign in to try this endpoint against your own station.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'an endpoint of the API reference');

  // Replies recorded from the demo station (recorded-examples.json) under each status.
  await page.goto('/api-docs/getGuide');
  const replies = page.getByRole('region', { name: 'Replies' });
  await expect(replies.getByText('Example reply (200)', { exact: true })).toBeVisible();
  await expect(replies.getByLabel('Example reply (200)')).toContainText(
    '"name": "Riverside Community TV"',
  );
  await expect(replies).toContainText('GET /api/v1/guide?organization=riverside');

  // A records route says who may call it, from the collection's rules.
  await page.goto('/api-docs/update_shows');
  const who = page.getByRole('region', { name: 'Who may call it' });
  await expect(who.getByRole('row', { name: 'Guest No' })).toBeVisible();
  await expect(
    who.getByRole('row', { name: /^Producer When the record is their station’s/ }),
  ).toContainText('producer is themselves');
  await page.goto('/api-docs/nothingCalledThis');
  await expect(
    page.getByRole('heading', { level: 1, name: 'No endpoint is called "nothingCalledThis".' }),
  ).toBeVisible();
});

test('without scripts, the list of endpoints is already there (the server renders it)', async ({
  browser,
  request,
}) => {
  await expect
    .poll(async () =>
      (await (await request.get('/api-docs')).text()).includes('id="airgrid-state"'),
    )
    .toBe(true);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Records: shows' })).toBeVisible();
  await expect(page.getByRole('link', { name: /\/api\/v1\/guide/ })).toHaveAttribute(
    'href',
    '/api-docs/getGuide',
  );
  await context.close();
});

test('a signed-in member tries an endpoint with their session and with an API key', async ({
  page,
  station,
}) => {
  test.setTimeout(60_000);
  const organization = String(station.organization?.id);
  await station.pb
    .collection('shows')
    .create({ organization, title: 'Harbour Stories', status: 'ready' });
  const made = await station.pb.send<{ key: string }>('/api/v1/api-keys', {
    method: 'POST',
    body: { name: 'Docs', role: 'viewer' },
  });

  await openAsOwner(page, station, '/api-docs/list_shows');
  const tryIt = page.getByRole('region', { name: 'Try it' });
  await tryIt.getByRole('textbox', { name: 'filter' }).fill('title ~ "harbour"');
  await tryIt.getByRole('button', { name: 'Send' }).click();
  await expect(tryIt.getByText(/^200 OK · \d+ ms$/)).toBeVisible();
  await expect(tryIt.getByLabel('Replies')).toContainText('"title": "Harbour Stories"');

  // With the key: a viewer's key reads the shows too.
  await tryIt.getByText('An API key').click();
  await tryIt.getByLabel('API key', { exact: true }).fill(made.key);
  await tryIt.getByRole('button', { name: 'Send' }).click();
  await expect(tryIt.getByLabel('Replies')).toContainText('"totalItems": 1');

  // A refused request shows the server's answer, not an error of the page.
  await page.goto('/api-docs/postSchedulePlace');
  const place = page.getByRole('region', { name: 'Try it' });
  await place.getByRole('textbox', { name: 'Body (JSON)' }).fill('{ not json');
  await place.getByRole('button', { name: 'Send' }).click();
  await expect(place.getByRole('alert')).toHaveText('The body is not valid JSON.');
  await place.getByRole('textbox', { name: 'Body (JSON)' }).fill('{}');
  await place.getByRole('button', { name: 'Send' }).click();
  await expect(place.getByText(/^400 Bad Request · \d+ ms$/)).toBeVisible();
  await expect(place.getByLabel('Replies')).toContainText('"status": 400');
});
