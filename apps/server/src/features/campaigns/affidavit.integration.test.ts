import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import {
  createChannel,
  createMember,
  createShow,
  failure,
  signUpOwner,
  superuser,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// A campaign's affidavit and invoice on both databases (issue 40, item 7): the airings of a
// period (one proven by the as-run log, one missed, one aired by schedule, one still to come)
// as PDF and CSV, totals against the contract; the invoice in the station's currency with its
// remittance details; members read affidavits, owners and admins invoices, nobody another
// station's; bad periods are refused on their field. Placements and as-run entries are written
// as a superuser, as the server's placement and playout would.

/** 10 April 2031, noon UTC: the first days of the flight are past, its end to come. */
const NOW = Date.UTC(2031, 3, 10, 12);

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let root: PocketBase;
let organization = '';
let campaign = '';

const at = (iso: string) => iso.replace('T', ' ');

function get(path: string, pb?: PocketBase) {
  return server.fetch(path, {
    headers: pb ? { Authorization: pb.authStore.token } : {},
  });
}

async function pdfOf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => NOW } });
  owner = await signUpOwner(server, {
    timeZone: 'America/New_York',
    legalName: 'Lakeside Community Media, Inc.',
    ein: '12-3456789',
    addressLine1: '1 Main St',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
  });
  organization = owner.organization.id;
  root = await superuser(server);
  const { pb } = owner;
  const channel = (
    await createChannel(pb, organization, { name: 'Channel One', timeZone: 'America/New_York' })
  ).id;
  const show = (await createShow(pb, organization, { title: 'Evening News' })).id;
  const sponsor = await pb.collection('sponsors').create({
    organization,
    name: 'Hilltop Bakery',
    contactName: 'Ann Baker',
    billingAddress: '12 Mill Rd\nSpringfield, IL 62702',
  });
  const ad = await pb
    .collection('ads')
    .create({ organization, title: 'Bread 30', sponsor: sponsor.id });
  campaign = (
    await pb.collection('campaigns').create({
      organization,
      name: 'Bakery spring',
      sponsor: sponsor.id,
      // A draft: the server's placement leaves it and the placements below alone.
      status: 'draft',
      flightStart: '2031-04-01',
      flightEnd: '2031-04-30',
      channels: [channel],
      goalPer: 'day',
      goalSpots: 2,
      rate: 25,
      ads: [ad.id],
    })
  ).id;
  // 18:30 New York time on 1, 2 and 3 April, and on 20 April (to come).
  const placements = [];
  for (const start of [
    '2031-04-01T22:30:00.000Z',
    '2031-04-02T22:30:00.000Z',
    '2031-04-03T22:30:00.000Z',
    '2031-04-20T22:30:00.000Z',
  ]) {
    placements.push(
      await root.collection('placements').create({
        organization,
        campaign,
        ad: ad.id,
        channel,
        breakId: `${channel}:${Date.parse(start)}:end`,
        breakKind: 'end',
        show,
        start: at(start),
        durationSec: 30,
      }),
    );
  }
  // The as-run log proves the first (two seconds late) and covers the second's time without
  // it: missed. The third has no log: aired by schedule.
  await root.collection('asRun').create({
    organization,
    channel,
    kind: 'spot',
    ad: ad.id,
    placement: placements[0]?.id,
    title: 'Bread 30',
    package: 'pkg000000000001',
    start: at('2031-04-01T22:30:02.000Z'),
    end: at('2031-04-01T22:30:32.000Z'),
  });
  await root.collection('asRun').create({
    organization,
    channel,
    kind: 'programme',
    show,
    title: 'Evening News',
    package: 'pkg000000000002',
    start: at('2031-04-02T22:00:00.000Z'),
    end: at('2031-04-02T23:00:00.000Z'),
  });
  await root.collection('remittances').create({
    organization,
    bankName: 'First Lakeside Bank',
    accountName: 'Lakeside Community Media',
    routingNumber: '021000021',
    notes: 'Net 30.',
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('the affidavit', () => {
  it('lists the flight’s airings as PDF, the missed apart, with totals and the certification', async () => {
    const text = await pdfOf(await get(`/api/v1/campaigns/${campaign}/affidavit`, owner.pb));
    for (const expected of [
      'Affidavit of performance',
      'Lakeside Community Media, Inc.',
      'EIN 12-3456789',
      '1 Main St',
      'Springfield, IL 62701',
      'Hilltop Bakery',
      'Bakery spring · 2031-04-01 – 2031-04-30',
      // Proven by the as-run log, to the second, on the channel's clock.
      '2031-04-01',
      '18:30:02 EDT',
      'As-run log (Airgrid playout)',
      // No log: by schedule.
      '2031-04-03',
      '18:30:00 EDT',
      'By schedule (unconfirmed)',
      'Evening News',
      'Bread 30',
      '0:30.00',
      'Missed spots: placed, not aired, not billed (1)',
      'Aired: 2 spots, of which 1 by schedule (unconfirmed).',
      'Against the goal: 2 of 60 spots over the period.',
      'Against the booking: 2 of 4 spots placed in the period aired; 1 missed, 1 still to air.',
      'I certify that the spots listed above as aired were broadcast by Lakeside Community Media, Inc.',
      'Signature',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected);
  });

  it('is CSV for a period: one line per spot, aired or missed', async () => {
    const response = await get(
      `/api/v1/campaigns/${campaign}/affidavit?from=2031-04-01&to=2031-04-02&format=csv`,
      owner.pb,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="affidavit-${campaign}-2031-04-01-2031-04-02.csv"`,
    );
    expect((await response.text()).split('\r\n')).toEqual([
      'date,time,timeZone,start,channel,programme,spot,durationSec,status,proof',
      '2031-04-01,18:30:02,America/New_York,2031-04-01T18:30:02-04:00,Channel One,Evening News,Bread 30,30,aired,As-run log (Airgrid playout)',
      '2031-04-02,18:30:00,America/New_York,2031-04-02T18:30:00-04:00,Channel One,Evening News,Bread 30,30,missed,As-run log (Airgrid playout)',
      '',
    ]);
  });

  it('is read by every member of the station, and by nobody else', async () => {
    const viewer = await createMember(server, organization, 'viewer', root);
    expect(
      await get(`/api/v1/campaigns/${campaign}/affidavit?format=csv`, viewer.pb),
    ).toMatchObject({ status: 200 });
    const other = await signUpOwner(server);
    const foreign = await get(`/api/v1/campaigns/${campaign}/affidavit`, other.pb);
    expect(foreign.status).toBe(404);
    expect(await get(`/api/v1/campaigns/${campaign}/invoice`, other.pb)).toMatchObject({
      status: 404,
    });
    const guest = await get(`/api/v1/campaigns/${campaign}/affidavit`);
    expect(guest.status).toBe(401);
    expect((await get('/api/v1/campaigns/nosuchcampaign1/affidavit', owner.pb)).status).toBe(404);
  });

  it('refuses a period it cannot read, on its field', async () => {
    const refused = async (query: string) => {
      const response = await get(`/api/v1/campaigns/${campaign}/affidavit?${query}`, owner.pb);
      expect(response.status, query).toBe(400);
      return ((await response.json()) as { data: Record<string, { message: string }> }).data;
    };
    expect(await refused('from=2031-02-30')).toMatchObject({
      from: { message: 'Must be a calendar date, YYYY-MM-DD.' },
    });
    expect(await refused('from=2031-04-10&to=2031-04-09')).toMatchObject({
      to: { message: 'Must be on or after the first day.' },
    });
    expect(await refused('from=2030-01-01&to=2031-04-30')).toMatchObject({
      to: { message: 'A period is at most 400 days: choose a shorter one.' },
    });
    expect(await refused('format=xml')).toMatchObject({
      format: { message: 'Must be "pdf" or "csv".' },
    });
    // One day given, the other the flight's.
    expect(await refused('from=2031-05-02')).toMatchObject({
      from: { message: 'Must be on or before the flight’s last day (2031-04-30).' },
    });
    expect(await refused('to=2031-03-31')).toMatchObject({
      to: { message: 'Must be on or after the first day (2031-04-01).' },
    });
  });
});

describe('the invoice', () => {
  it('bills the spots aired at the rate and shows where to pay, for the owner', async () => {
    const response = await get(`/api/v1/campaigns/${campaign}/invoice`, owner.pb);
    const number = `${campaign.toUpperCase()}-20310401-20310430`;
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${number}.pdf"`,
    );
    const text = await pdfOf(response);
    for (const expected of [
      'INVOICE',
      `Invoice no. ${number}`,
      // Today on the station's clock.
      'Date 2031-04-10',
      'Bill to'.toUpperCase(),
      'Attn: Ann Baker',
      '12 Mill Rd',
      'Spots aired: Bakery spring',
      '$25.00',
      'Total due: $50.00',
      '1 missed spot is not billed.',
      'Payable to: Lakeside Community Media',
      'Bank: First Lakeside Bank',
      'Routing number: 021000021',
      'Net 30.',
    ])
      expect(text).toContain(expected);
  });

  it('reads in the station’s currency once it has chosen one', async () => {
    await owner.pb.collection('organizations').update(organization, { currency: 'EUR' });
    try {
      const text = await pdfOf(
        await get(`/api/v1/campaigns/${campaign}/invoice?from=2031-04-01&to=2031-04-05`, owner.pb),
      );
      expect(text).toContain('Total due: €50.00');
      expect(text).toContain('Amounts in EUR.');
    } finally {
      await owner.pb.collection('organizations').update(organization, { currency: 'USD' });
    }
  });

  it('is for owners and admins only: it carries the bank details', async () => {
    const admin = await createMember(server, organization, 'admin', root);
    await pdfOf(await get(`/api/v1/campaigns/${campaign}/invoice`, admin.pb));
    const editor = await createMember(server, organization, 'editor', root);
    const refused = await get(`/api/v1/campaigns/${campaign}/invoice`, editor.pb);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Only the station’s owners and admins download invoices: they carry its bank details.',
    );
    // The editor still reads the affidavit.
    await pdfOf(await get(`/api/v1/campaigns/${campaign}/affidavit`, editor.pb));
    expect((await get(`/api/v1/campaigns/${campaign}/invoice`)).status).toBe(401);
    const bad = await get(`/api/v1/campaigns/${campaign}/invoice?to=2031-13-01`, owner.pb);
    expect(bad.status).toBe(400);
  });
});

describe('the station’s currency', () => {
  it('is US dollars for a new station, one of those offered, and back to dollars when cleared', async () => {
    const station = await signUpOwner(server);
    expect(station.organization.currency).toBe('USD');
    const id = station.organization.id;
    const wrong = await failure(
      station.pb.collection('organizations').update(id, { currency: 'XYZ' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data.currency).toMatchObject({ code: 'validation_invalid_value' });
    expect(
      (await station.pb.collection('organizations').update(id, { currency: 'CAD' })).currency,
    ).toBe('CAD');
    expect(
      (await station.pb.collection('organizations').update(id, { currency: '' })).currency,
    ).toBe('USD');
  });
});
