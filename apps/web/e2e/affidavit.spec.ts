import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, type Station, test } from './support/fixtures';
import { superuserClient } from './support/superuser';

// A campaign's affidavit and invoice (issue 40, item 7): from the campaign's page a station
// downloads the affidavit of a period as PDF (its text lists the airings, at their times on
// the channel's clock, with their proof) and as CSV, and the invoice with its remittance
// details; a period that cannot be read is said under its field before anything is asked.
// Past placements, written as a superuser as the server's placement would, count as aired by
// schedule.

/** A sponsor's campaign in January 2020 with three placements, all past, and the station's details. */
async function seedCampaign(baseURL: string, station: Station) {
  const organization = station.organization?.id ?? '';
  const channel = station.channel?.id ?? '';
  await station.pb.collection('organizations').update(organization, {
    legalName: 'Lakeside Community Media, Inc.',
    ein: '12-3456789',
  });
  await station.pb.collection('remittances').create({
    organization,
    bankName: 'First Lakeside Bank',
    accountName: 'Lakeside Community Media',
    routingNumber: '021000021',
  });
  const sponsor = await station.pb.collection('sponsors').create({
    organization,
    name: 'Hilltop Bakery',
    billingAddress: '12 Mill Rd\nSpringfield, IL 62702',
  });
  const ad = await station.pb
    .collection('ads')
    .create({ organization, title: 'Bakery spring 30', sponsor: sponsor.id });
  const show = await station.pb
    .collection('shows')
    .create({ organization, title: 'Evening News', durationSec: 1800 });
  const campaign = await station.pb.collection('campaigns').create({
    organization,
    name: 'Bakery winter',
    sponsor: sponsor.id,
    // A draft: the server's placement leaves it and the placements below alone.
    status: 'draft',
    flightStart: '2020-01-06',
    flightEnd: '2020-01-12',
    channels: [channel],
    goalSpots: 1,
    goalPer: 'day',
    rate: 25,
    ads: [ad.id],
  });
  const root = await superuserClient(baseURL);
  // 18:30 New York time on 6 and 7 January, and 20:15 on the 7th.
  for (const start of [
    Date.UTC(2020, 0, 6, 23, 30),
    Date.UTC(2020, 0, 7, 23, 30),
    Date.UTC(2020, 0, 8, 1, 15),
  ]) {
    await root.collection('placements').create({
      organization,
      campaign: campaign.id,
      ad: ad.id,
      channel,
      breakId: `${channel}:${start}:end`,
      breakKind: 'end',
      show: show.id,
      start: new Date(start).toISOString().replace('T', ' '),
      durationSec: 30,
    });
  }
  return campaign;
}

/** Clicks a button and answers the file the browser saves. */
async function downloaded(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return { name: (download as Download).suggestedFilename(), bytes: await readSaved(download) };
}

async function readSaved(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

async function textOf(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(document, { mergePages: true })).text;
}

test('a station downloads a campaign’s affidavit, as PDF and CSV, and its invoice', async ({
  page,
  station,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const campaign = await seedCampaign(baseURL ?? '', station);
  await openAsOwner(page, station, `/campaigns/${campaign.id}`);
  const card = page.getByRole('region', { name: 'Affidavit & invoice' });
  // The flight by default.
  await expect(card.getByLabel('From')).toHaveValue('2020-01-06');
  await expect(card.getByLabel('To')).toHaveValue('2020-01-12');

  const affidavit = await downloaded(page, 'Affidavit (PDF)');
  expect(affidavit.name).toBe(`affidavit-${campaign.id}-2020-01-06-2020-01-12.pdf`);
  const text = await textOf(affidavit.bytes);
  for (const expected of [
    'Affidavit of performance',
    'Lakeside Community Media, Inc.',
    'EIN 12-3456789',
    'Hilltop Bakery',
    // Each airing, at its time on the channel's clock, with its proof.
    '2020-01-06',
    '18:30:00 EST',
    '2020-01-07',
    '20:15:00 EST',
    'Channel One',
    'Evening News',
    'Bakery spring 30',
    'By schedule (unconfirmed)',
    'Aired: 3 spots, of which 3 by schedule (unconfirmed).',
    'Against the goal: 3 of 7 spots over the period.',
    'Signature',
  ])
    expect(text).toContain(expected);

  // The CSV of 7 January alone: two spots.
  await card.getByLabel('From').fill('2020-01-07');
  await card.getByLabel('To').fill('2020-01-07');
  const csv = await downloaded(page, 'Affidavit (CSV)');
  expect(csv.name).toBe(`affidavit-${campaign.id}-2020-01-07-2020-01-07.csv`);
  const lines = csv.bytes.toString('utf8').trimEnd().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain('2020-01-07,18:30:00,America/New_York');
  expect(lines[2]).toContain('2020-01-07,20:15:00,America/New_York');

  // The whole flight again, invoiced at the rate, with where to pay.
  await card.getByRole('button', { name: 'Whole flight' }).click();
  const invoice = await downloaded(page, 'Invoice (PDF)');
  expect(invoice.name).toBe(`invoice-${campaign.id.toUpperCase()}-20200106-20200112.pdf`);
  const bill = await textOf(invoice.bytes);
  expect(bill).toContain('Total due: $75.00');
  expect(bill).toContain('Routing number: 021000021');

  // A period that ends before it starts is said under its field; nothing is asked.
  await card.getByLabel('To').fill('2020-01-01');
  await card.getByRole('button', { name: 'Affidavit (PDF)' }).click();
  await expect(card.getByText('The last day must be on or after the first.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the affidavit card');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the affidavit card fits and its buttons are in reach', async ({
    page,
    station,
    baseURL,
  }) => {
    const campaign = await seedCampaign(baseURL ?? '', station);
    await openAsOwner(page, station, `/campaigns/${campaign.id}`);
    const card = page.getByRole('region', { name: 'Affidavit & invoice' });
    await card.scrollIntoViewIfNeeded();
    for (const name of ['Affidavit (PDF)', 'Affidavit (CSV)', 'Invoice (PDF)'])
      await expect(card.getByRole('button', { name })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const affidavit = await downloaded(page, 'Affidavit (PDF)');
    expect(await textOf(affidavit.bytes)).toContain('18:30:00 EST');
  });
});
