import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, test } from './support/fixtures';

// Issue 19, item 5, as a station's developer does it: an owner adds a webhook for their own
// receiver on /integrations, copies its signing secret, sends a test event, sees a schedule
// change arrive signed, reads it in the delivery log, turns the webhook off and deletes it.
// The e2e server runs with WEBHOOKS_ALLOW_PRIVATE=true (playwright.config.ts), so the receiver
// may be http on loopback.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that keeps what it gets and answers 200. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/airgrid`, received };
}

/** Whether `Airgrid-Signature: t=…,v1=…` is the HMAC-SHA256 of `t.body` with the secret. */
function signedWith(secret: string, header: string | string[] | undefined, body: string) {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((part) => part.split('=')),
  );
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('an owner adds a webhook, tests it, receives a signed schedule change, turns it off and deletes it', async ({
  page,
  station,
}) => {
  test.setTimeout(90_000);
  if (!station.organization || !station.channel)
    throw new Error('the station fixture has an organization and a channel');
  const receiver = await startReceiver();
  try {
    await openAsOwner(page, station, '/integrations');
    const card = page.getByRole('region', { name: 'Webhooks' });
    await expect(card.getByText('No webhooks yet.')).toBeVisible();

    // Nothing chosen: the form says so under the fields, and nothing is sent.
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await expect(card.getByText('Enter the receiver’s address.')).toBeVisible();
    await expect(card.getByText('Choose at least one event.')).toBeVisible();

    // The server's own check, under the URL field: plain http away from loopback.
    await card.getByRole('textbox', { name: 'Receiver URL' }).fill('http://example.org/hook');
    await card.getByRole('checkbox', { name: 'Timeslot created' }).check();
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await expect(
      card.getByText('Must start with https:// (plain http is not accepted).'),
    ).toBeVisible();

    await card.getByRole('textbox', { name: 'Receiver URL' }).fill(receiver.url);
    await card.getByRole('textbox', { name: 'Description (optional)' }).fill('Station website');
    await card.getByRole('button', { name: 'Add webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'Webhook added: copy its signing secret' });
    await expect(shown).toBeVisible();
    const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    await expect(shown.getByText('Airgrid-Signature: t=…,v1=…')).toBeVisible();
    await expect(shown.getByRole('button', { name: 'Copy the signing secret' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the new webhook’s secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    const item = card.getByRole('listitem', { name: receiver.url });
    await expect(item).toContainText('Station website');
    await expect(item).toContainText('Timeslot created');
    await expect(
      item.getByRole('switch', { name: `Send events to ${receiver.url}` }),
    ).toBeChecked();

    // Show secret gives the same secret again.
    await item.getByRole('button', { name: `Show the signing secret of ${receiver.url}` }).click();
    const again = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(again.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(secret);
    await again.getByRole('button', { name: 'Done' }).click();
    await expect(again).toBeHidden();

    // A test event: its outcome right there.
    await item.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
    await expect(item.getByRole('status')).toContainText(/Delivered: HTTP 200 in \d+ ms/);
    const ping = receiver.received.find((r) => r.headers['airgrid-event'] === 'ping');
    expect(ping && signedWith(secret, ping.headers['airgrid-signature'], ping.body)).toBe(true);

    // A schedule change through the SDK arrives signed.
    const { pb, organization, channel } = station;
    const show = await pb.collection('shows').create({
      organization: organization.id,
      title: 'Harbour Lights',
      durationSec: 1800,
    });
    const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000;
    const timeslot = await pb.collection('timeslots').create({
      organization: organization.id,
      channel: channel.id,
      show: show.id,
      start: new Date(start).toISOString().replace('T', ' '),
      durationSec: 1800,
      status: 'scheduled',
    });
    await expect
      .poll(
        () => receiver.received.some((r) => r.headers['airgrid-event'] === 'timeslot.created'),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    const created = receiver.received.find(
      (r) => r.headers['airgrid-event'] === 'timeslot.created',
    );
    if (!created) throw new Error('no timeslot.created delivery');
    expect(signedWith(secret, created.headers['airgrid-signature'], created.body)).toBe(true);
    expect(signedWith('whsec_wrong', created.headers['airgrid-signature'], created.body)).toBe(
      false,
    );
    const event = JSON.parse(created.body);
    expect(event).toMatchObject({
      type: 'timeslot.created',
      organization: organization.id,
      data: { record: { id: timeslot.id } },
    });
    expect(created.headers['airgrid-delivery']).toBe(event.id);

    // Both appear in the delivery log. The toasts of the steps before go first: a toast fading
    // under the modal's overlay reads to axe as low-contrast text.
    await expect(page.locator('.mantine-Notifications-root').getByRole('alert')).toHaveCount(0, {
      timeout: 15_000,
    });
    await item.getByRole('button', { name: `Recent deliveries to ${receiver.url}` }).click();
    const log = page.getByRole('dialog', { name: `Recent deliveries to ${receiver.url}` });
    const rows = log.getByRole('table', { name: 'Recent deliveries' }).getByRole('row');
    await expect(rows.filter({ hasText: 'Timeslot created' })).toContainText('Delivered');
    await expect(rows.filter({ hasText: 'Timeslot created' })).toContainText('200');
    await expect(rows.filter({ hasText: 'Test event' })).toContainText('Delivered');
    await expectNoSeriousA11yViolations(page, 'the delivery log');
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();

    // Turned off: the switch says so, and the server agrees.
    await item.getByRole('switch', { name: `Send events to ${receiver.url}` }).click();
    await expect(page.getByText('Webhook turned off.')).toBeVisible();
    await expect(
      item.getByRole('switch', { name: `Send events to ${receiver.url}` }),
    ).not.toBeChecked();
    await expect(item).toContainText('Disabled');
    const [saved] = await pb.collection('webhooks').getFullList();
    expect(saved?.enabled).toBe(false);
    await expectNoSeriousA11yViolations(page, 'the webhooks card');

    await item.getByRole('button', { name: `Delete the webhook ${receiver.url}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Webhook deleted.')).toBeVisible();
    await expect(card.getByText('No webhooks yet.')).toBeVisible();
    expect(await pb.collection('webhooks').getFullList()).toHaveLength(0);
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
