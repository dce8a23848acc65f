import type { CampaignAiring } from '@airgrid/schema/contracts';
import { describe, expect, it } from 'vitest';
import { pdfPages, pdfText as textOfPdf } from '../../../test/pdf-text.js';
import {
  AFFIDAVIT_COLUMNS,
  affidavitCsv,
  buildAffidavit,
  buildInvoice,
  type CampaignFacts,
  goalOver,
  invoiceNumber,
  moneyText,
  pdfText,
  periodInstants,
  periodOf,
  type RemittanceFacts,
  type StationFacts,
} from './affidavit.js';
import { affidavitPdf, invoicePdf, totalsLines } from './affidavit-pdf.js';

const station: StationFacts = {
  name: 'Lakeside TV',
  legalName: 'Lakeside Community Media, Inc.',
  ein: '12-3456789',
  address: ['1 Main St', 'Springfield, IL 62701'],
  timeZone: 'America/New_York',
  currency: 'USD',
};
const sponsor = {
  name: 'Hilltop Bakery',
  contactName: 'Ann Baker',
  billingAddress: '12 Mill Rd\nSpringfield, IL 62702',
};
const campaign: CampaignFacts = {
  id: 'abc123def456ghi',
  name: 'Bakery spring',
  flightStart: '2031-04-01',
  flightEnd: '2031-04-30',
  goalPer: 'day',
  goalSpots: 2,
  rate: 25.1,
};

let sequence = 0;
function airing(overrides: Partial<CampaignAiring>): CampaignAiring {
  sequence += 1;
  return {
    placement: `placement${String(sequence).padStart(6, '0')}`,
    channel: 'channelone00000',
    channelName: 'Channel One',
    ad: 'bread0000000000',
    adTitle: 'Bread 30',
    durationSec: 29.97,
    plannedStart: '2031-04-01T22:30:00.000Z',
    airedStart: null,
    programme: 'Evening News',
    status: 'aired',
    proof: 'schedule',
    ...overrides,
  };
}

const zones = new Map([
  ['channelone00000', 'America/New_York'],
  ['channeltwo00000', 'America/Los_Angeles'],
]);

describe('the period', () => {
  it('is the flight unless days are given', () => {
    expect(periodOf(campaign, null, null)).toEqual({ from: '2031-04-01', to: '2031-04-30' });
    expect(periodOf(campaign, '2031-04-10', null)).toEqual({
      from: '2031-04-10',
      to: '2031-04-30',
    });
    expect(periodOf(campaign, null, '2031-04-02')).toEqual({
      from: '2031-04-01',
      to: '2031-04-02',
    });
  });

  it('covers whole days on the station’s clock, a DST change included', () => {
    // 8 March 2031: New York springs forward, a 23-hour day.
    const window = periodInstants({ from: '2031-03-09', to: '2031-03-09' }, 'America/New_York');
    expect(new Date(window.from).toISOString()).toBe('2031-03-09T05:00:00.000Z');
    expect(window.to - window.from).toBe(23 * 3_600_000);
  });
});

describe('the goal over a period', () => {
  it('counts a daily goal for each day of the period inside the flight', () => {
    expect(goalOver(campaign, { from: '2031-04-01', to: '2031-04-30' })).toBe(60);
    expect(goalOver(campaign, { from: '2031-03-25', to: '2031-04-03' })).toBe(6);
    expect(goalOver(campaign, { from: '2031-05-01', to: '2031-05-31' })).toBe(0);
  });

  it('gives each week its goal, shared over its days in the flight', () => {
    // 1 April 2031 is a Tuesday: the first week has 6 days of the flight and its whole goal.
    const weekly = { ...campaign, goalPer: 'week' as const, goalSpots: 12 };
    expect(goalOver(weekly, { from: '2031-04-01', to: '2031-04-06' })).toBe(12);
    expect(goalOver(weekly, { from: '2031-04-01', to: '2031-04-03' })).toBe(6);
    // The flight: weeks of 1–6, 7–13, 14–20, 21–27 and 28–30 April.
    expect(goalOver(weekly, { from: '2031-04-01', to: '2031-04-30' })).toBe(60);
  });

  it('shares a goal over the flight by its days', () => {
    const total = { ...campaign, goalPer: 'total' as const, goalSpots: 90 };
    expect(goalOver(total, { from: '2031-04-01', to: '2031-04-30' })).toBe(90);
    expect(goalOver(total, { from: '2031-04-01', to: '2031-04-10' })).toBe(30);
  });
});

describe('the affidavit', () => {
  const airings = [
    // Listed out of order: the affidavit puts them in time order.
    airing({ plannedStart: '2031-04-02T22:30:00.000Z', status: 'upcoming', proof: null }),
    airing({
      plannedStart: '2031-04-01T22:30:00.000Z',
      airedStart: '2031-04-01T22:30:03.000Z',
      proof: 'as-run',
    }),
    airing({
      channel: 'channeltwo00000',
      channelName: 'Channel Two',
      plannedStart: '2031-04-01T18:00:00.000Z',
      programme: 'Morning Show',
    }),
    airing({ plannedStart: '2031-04-01T23:00:00.000Z', status: 'missed', proof: 'as-run' }),
    airing({
      placement: null,
      plannedStart: null,
      airedStart: '2031-04-01T23:45:10.000Z',
      status: 'off-plan',
      proof: 'import',
    }),
  ];
  const affidavit = buildAffidavit({
    station,
    sponsor,
    campaign,
    period: { from: '2031-04-01', to: '2031-04-02' },
    airings,
    zones,
  });

  it('lists each spot aired at its time on its channel’s clock, with its proof in words', () => {
    expect(
      affidavit.rows.map((row) => [row.date, row.time, row.zoneName, row.channel, row.proof]),
    ).toEqual([
      ['2031-04-01', '11:00:00', 'PDT', 'Channel Two', 'By schedule (unconfirmed)'],
      ['2031-04-01', '18:30:03', 'EDT', 'Channel One', 'As-run log (Airgrid playout)'],
      ['2031-04-01', '19:45:10', 'EDT', 'Channel One', 'Imported as-run log'],
    ]);
    expect(affidavit.rows[1]).toMatchObject({
      programme: 'Evening News',
      spot: 'Bread 30',
      duration: '0:29.97',
      startIso: '2031-04-01T18:30:03-04:00',
      status: 'aired',
    });
    expect(affidavit.rows[2]?.status).toBe('off-plan');
    expect(affidavit.missed.map((row) => row.time)).toEqual(['19:00:00']);
  });

  it('counts the spots against the goal and the booking', () => {
    expect(affidavit.totals).toEqual({
      aired: 2,
      offPlan: 1,
      unconfirmed: 1,
      missed: 1,
      upcoming: 1,
      booked: 4,
      goal: 4,
      billed: 3,
    });
    expect(totalsLines(affidavit)).toEqual([
      'Aired: 3 spots (1 off-plan), of which 1 by schedule (unconfirmed).',
      'Against the goal: 3 of 4 spots over the period.',
      'Against the booking: 2 of 4 spots placed in the period aired; 1 missed, 1 still to air.',
    ]);
  });

  it('writes one CSV line per spot aired or missed, in time order, formulas defused', () => {
    const lines = affidavitCsv(affidavit).trimEnd().split('\r\n');
    expect(lines[0]).toBe(AFFIDAVIT_COLUMNS.join(','));
    expect(lines.slice(1)).toEqual([
      '2031-04-01,11:00:00,America/Los_Angeles,2031-04-01T11:00:00-07:00,Channel Two,Morning Show,Bread 30,29.97,aired,By schedule (unconfirmed)',
      '2031-04-01,18:30:03,America/New_York,2031-04-01T18:30:03-04:00,Channel One,Evening News,Bread 30,29.97,aired,As-run log (Airgrid playout)',
      '2031-04-01,19:00:00,America/New_York,2031-04-01T19:00:00-04:00,Channel One,Evening News,Bread 30,29.97,missed,As-run log (Airgrid playout)',
      '2031-04-01,19:45:10,America/New_York,2031-04-01T19:45:10-04:00,Channel One,Evening News,Bread 30,29.97,off-plan,Imported as-run log',
    ]);
    const hostile = buildAffidavit({
      station,
      sponsor,
      campaign,
      period: { from: '2031-04-01', to: '2031-04-01' },
      airings: [airing({ adTitle: '=HYPERLINK("x")', programme: 'News, late' })],
      zones,
    });
    expect(affidavitCsv(hostile)).toContain(',"News, late","\'=HYPERLINK(""x"")",');
  });

  it('is a PDF whose text lists the airings, the totals, the station and a signature line', async () => {
    const text = await textOfPdf(await affidavitPdf(affidavit));
    for (const expected of [
      'Affidavit of performance',
      'Lakeside Community Media, Inc.',
      'EIN 12-3456789',
      'Hilltop Bakery',
      '18:30:03 EDT',
      '11:00:00 PDT',
      'Morning Show',
      'Imported as-run log (off-plan)',
      'Missed spots: placed, not aired, not billed (1)',
      'Against the goal: 3 of 4 spots over the period.',
      'I certify that the spots listed above as aired were broadcast by Lakeside Community Media, Inc.',
      'Signature',
      'Title',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected);
  });

  it('repeats the table’s header and the running header on every page, numbered', async () => {
    const many = Array.from({ length: 150 }, (_, index) =>
      airing({ plannedStart: new Date(Date.UTC(2031, 3, 1, 12) + index * 600_000).toISOString() }),
    );
    const long = buildAffidavit({
      station,
      sponsor,
      campaign,
      period: { from: '2031-04-01', to: '2031-04-03' },
      airings: many,
      zones,
    });
    const pages = await pdfPages(await affidavitPdf(long));
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toContain('Programme');
      if (index > 0)
        expect(page).toContain('Hilltop Bakery · Bakery spring · 2031-04-01 – 2031-04-03');
    });
    // Every spot is listed once: 150 times, by the minute it aired.
    const listed = pages.join('\n').match(/\d{2}:\d{2}:00 EDT/g) ?? [];
    expect(listed).toHaveLength(150);
  });
});

describe('the invoice', () => {
  const affidavit = buildAffidavit({
    station,
    sponsor,
    campaign: { ...campaign, rate: 0.1 },
    period: { from: '2031-04-01', to: '2031-04-30' },
    airings: [
      airing({ proof: 'as-run', airedStart: '2031-04-01T22:30:00.000Z' }),
      airing({ plannedStart: '2031-04-02T22:30:00.000Z' }),
      airing({ plannedStart: '2031-04-03T22:30:00.000Z', status: 'missed', proof: 'as-run' }),
      airing({
        placement: null,
        plannedStart: null,
        airedStart: '2031-04-04T22:30:00.000Z',
        status: 'off-plan',
        proof: 'import',
      }),
    ],
    zones,
  });
  const remittance: RemittanceFacts = {
    bankName: 'First Lakeside Bank',
    accountName: 'Lakeside Community Media',
    routingNumber: '021000021',
    notes: 'Net 30.',
  };

  it('has a number made of the campaign and the period, the same every time', () => {
    expect(invoiceNumber('abc123def456ghi', { from: '2031-04-01', to: '2031-04-30' })).toBe(
      'ABC123DEF456GHI-20310401-20310430',
    );
    expect(buildInvoice(affidavit, remittance, '2031-05-02').number).toBe(
      buildInvoice(affidavit, null, '2031-06-01').number,
    );
  });

  it('bills the spots aired at the rate, counted in cents, and not the missed ones', () => {
    const invoice = buildInvoice(affidavit, remittance, '2031-05-02');
    expect(invoice.lines).toEqual([
      { description: 'Spots aired: Bakery spring', quantity: 2, unitPrice: 0.1, amount: 0.2 },
      {
        description: 'Spots aired outside the schedule: Bakery spring',
        quantity: 1,
        unitPrice: 0.1,
        amount: 0.1,
      },
    ]);
    // 3 × 0.1 in floating point is 0.30000000000000004: cents keep it exact.
    expect(invoice.total).toBe(0.3);
    expect(invoice.missed).toBe(1);
    expect(invoice.payableTo).toBe('Lakeside Community Media');
  });

  it('is payable to the station’s legal name without remittance details', () => {
    const blank = { bankName: '', accountName: '', routingNumber: '', notes: '' };
    const invoice = buildInvoice(affidavit, blank, '2031-05-02');
    expect(invoice.remittance).toBeNull();
    expect(invoice.payableTo).toBe('Lakeside Community Media, Inc.');
  });

  it('writes money in the station’s currency', () => {
    expect(moneyText(1234.5, 'USD')).toBe('$1,234.50');
    expect(moneyText(80, 'EUR')).toBe('€80.00');
    expect(moneyText(1200, 'JPY')).toBe('¥1,200');
    // The rupee's sign is not in the PDF's font: its code is written instead.
    expect(moneyText(1200, 'INR')).toBe('INR\u00a01,200.00');
    const yen = buildInvoice(
      {
        ...affidavit,
        station: { ...station, currency: 'JPY' },
        campaign: { ...campaign, rate: 1500.4 },
      },
      null,
      '2031-05-02',
    );
    expect(yen.total).toBe(4500);
  });

  it('is a PDF with the bill-to address, the lines, the total and the remittance details', async () => {
    const text = await textOfPdf(
      await invoicePdf(
        buildInvoice(
          { ...affidavit, campaign: { ...campaign, rate: 25.1 } },
          remittance,
          '2031-05-02',
        ),
      ),
    );
    for (const expected of [
      'INVOICE',
      'Invoice no. ABC123DEF456GHI-20310401-20310430',
      'Date 2031-05-02',
      'Period 2031-04-01 – 2031-04-30',
      'Lakeside Community Media, Inc.',
      'EIN 12-3456789',
      'Attn: Ann Baker',
      '12 Mill Rd',
      '$25.10',
      '$50.20',
      'Total due: $75.30',
      '1 missed spot is not billed.',
      'Payable to: Lakeside Community Media',
      'Bank: First Lakeside Bank',
      'Routing number: 021000021',
      'Net 30.',
    ])
      expect(text).toContain(expected);
  });
});

it('writes what the PDF fonts cannot as "?" rather than as wrong glyphs', () => {
  expect(pdfText('Café “Ñ” – €5')).toBe('Café “Ñ” – €5');
  expect(pdfText('Жук → 日本')).toBe('??? ? ??');
});
