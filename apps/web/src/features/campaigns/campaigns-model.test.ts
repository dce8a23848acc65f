import type { AdRecord, CampaignDeliverySummary } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  type CampaignRow,
  campaignBody,
  campaignFormValues,
  checkCampaignForm,
  currencySymbol,
  daypartLabel,
  daypartsText,
  daysText,
  deliveryOf,
  deliveryPercent,
  deliveryRows,
  deliveryText,
  filterCampaigns,
  flightPeriod,
  flightState,
  flightText,
  goalLabel,
  lastMonth,
  minutesText,
  missedText,
  moneyText,
  NO_FILTERS,
  newCampaignValues,
  periodProblems,
  proofBadge,
  rotationChoices,
  rotationShares,
  spotRuntime,
  spotTime,
  statusActions,
} from './campaigns-model';

function buildCampaign(overrides: Partial<CampaignRow> = {}): CampaignRow {
  return {
    id: 'cmp000000000001',
    created: '',
    updated: '',
    collectionId: 'pbc_2270728936',
    collectionName: 'campaigns',
    organization: 'org000000000001',
    name: 'Bakery spring',
    sponsor: 'spn000000000001',
    status: 'draft',
    flightStart: '2031-04-01 00:00:00.000Z',
    flightEnd: '2031-04-30 00:00:00.000Z',
    channels: [],
    dayparts: [],
    goalPer: 'week',
    goalSpots: 0,
    capPerHour: 0,
    capPerProgramme: 0,
    sponsorSeparationMin: 0,
    categorySeparationMin: 0,
    competitiveCategory: '',
    priority: 5,
    ads: [],
    weights: {},
    rate: 0,
    notes: '',
    delivery: null,
    ...overrides,
  } as CampaignRow;
}

function buildSpot(overrides: Partial<AdRecord> = {}): AdRecord {
  return {
    id: 'spot00000000001',
    organization: 'org000000000001',
    title: 'Bakery spring 30',
    sponsor: 'spn000000000001',
    status: 'active',
    media: 'bakery.mp4',
    durationSec: 29.97,
    ...overrides,
  } as AdRecord;
}

const delivery: CampaignDeliverySummary = {
  placedAt: Date.UTC(2031, 3, 1),
  per: 'day',
  placed: 38,
  goal: 48,
  shortfall: 10,
  periods: [
    { period: '2031-04-01', goal: 24, placed: 24, shortfall: 0 },
    { period: '2031-04-02', goal: 24, placed: 14, shortfall: 10 },
  ],
};

describe('how a campaign reads', () => {
  it('says its days as people do', () => {
    expect(daysText([1, 2, 3, 4, 5])).toBe('Weekdays');
    expect(daysText([7, 6])).toBe('Weekend');
    expect(daysText([1, 2, 3, 4, 5, 6, 7])).toBe('Every day');
    expect(daysText([1, 2, 3, 4])).toBe('Mon–Thu');
    expect(daysText([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(daysText([1, 2, 5, 6, 7])).toBe('Mon, Tue, Fri–Sun');
  });

  it('labels dayparts, past midnight too, and none as any time', () => {
    expect(daypartLabel({ days: [1, 2, 3, 4, 5], from: '18:00', to: '21:00' })).toBe(
      'Weekdays 18:00–21:00',
    );
    expect(daypartLabel({ days: [6, 7], from: '20:00', to: '24:00' })).toBe('Weekend 20:00–24:00');
    expect(daypartLabel({ days: [5], from: '22:00', to: '02:00' })).toBe(
      'Fri 22:00–02:00 (next day)',
    );
    expect(daypartsText([])).toBe('Any time');
    expect(daypartsText(null)).toBe('Any time');
    expect(
      daypartsText([
        { days: [1, 2, 3, 4, 5], from: '06:00', to: '09:00' },
        { days: [6, 7], from: '08:00', to: '12:00' },
      ]),
    ).toBe('Weekdays 06:00–09:00; Weekend 08:00–12:00');
  });

  it('says the goal per period', () => {
    expect(goalLabel(12, 'week')).toBe('12 a week');
    expect(goalLabel(1, 'day')).toBe('1 a day');
    expect(goalLabel(40, 'total')).toBe('40 over the flight');
    expect(goalLabel(0, 'week')).toBe('No goal');
  });

  it('says the flight, and where today is in it', () => {
    const campaign = buildCampaign();
    expect(flightText(campaign)).toBe('04/01/2031\u00a0– 04/30/2031');
    expect(flightText(buildCampaign({ flightEnd: '2031-04-01 00:00:00.000Z' }))).toBe('04/01/2031');
    expect(flightState(campaign, '2031-03-31')).toBe('upcoming');
    expect(flightState(campaign, '2031-04-30')).toBe('flying');
    expect(flightState(campaign, '2031-05-01')).toBe('over');
  });

  it('says the delivery against the goal', () => {
    expect(deliveryText(delivery)).toBe('38 of 48 placed, 10 owed');
    expect(deliveryText({ ...delivery, placed: 48, shortfall: 0 })).toBe('48 of 48 placed');
    expect(deliveryText(null)).toBe('Not placed yet');
    expect(deliveryPercent(delivery)).toBe(79);
    expect(deliveryPercent(null)).toBe(0);
    expect(deliveryPercent({ ...delivery, goal: 0 })).toBe(0);
  });

  it('reads the delivery only once the server has written one', () => {
    expect(deliveryOf(buildCampaign({ delivery: null }))).toBeNull();
    expect(deliveryOf(buildCampaign({ delivery: {} }))).toBeNull();
    expect(deliveryOf(buildCampaign({ delivery }))).toBe(delivery);
  });

  it('charts each period: days, weeks, or the whole flight', () => {
    expect(deliveryRows(delivery)).toEqual([
      { period: '2031-04-01', label: '04/01', goal: 24, placed: 24, owed: 0 },
      { period: '2031-04-02', label: '04/02', goal: 24, placed: 14, owed: 10 },
    ]);
    const weekly = {
      ...delivery,
      per: 'week' as const,
      periods: [{ period: '2031-03-31', goal: 12, placed: 12, shortfall: 0 }],
    };
    expect(deliveryRows(weekly)[0]?.label).toBe('Week of 03/31');
    const total = {
      ...delivery,
      per: 'total' as const,
      periods: [{ period: 'flight', goal: 40, placed: 30, shortfall: 10 }],
    };
    expect(deliveryRows(total)[0]?.label).toBe('Whole flight');
    expect(deliveryRows(null)).toEqual([]);
  });

  it('says a spot’s runtime, each spot’s share, minutes and money', () => {
    expect(spotRuntime(buildSpot())).toBe('0:29.97');
    expect(spotRuntime(buildSpot({ media: '' }))).toBe('No media');
    expect(spotRuntime(buildSpot({ durationSec: 0 }))).toBe('Not read yet');
    expect(rotationShares(['a', 'b'], { a: 2 })).toEqual({ a: 67, b: 33 });
    expect(rotationShares(['a'], null)).toEqual({ a: 100 });
    expect(minutesText(0)).toBe('None');
    expect(minutesText(90)).toBe('1 h 30 min');
    expect(moneyText(1234.5, 'USD')).toBe('$1,234.50');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
  });
});

describe('when a spot starts', () => {
  it('is said to the second on the channel’s clock', () => {
    const start = Date.UTC(2031, 3, 1, 22, 28, 30, 500);
    expect(spotTime(start, 'America/New_York', '12h')).toBe('6:28:30 PM');
    expect(spotTime(start, 'America/New_York', '24h')).toBe('18:28:30');
    expect(spotTime(Date.UTC(2031, 3, 1, 4, 0, 5), 'UTC', '12h')).toBe('4:00:05 AM');
  });
});

describe('status actions', () => {
  it('book a draft, pause or end a booked one, resume or end a paused one', () => {
    expect(statusActions('draft')).toEqual(['book']);
    expect(statusActions('booked')).toEqual(['pause', 'end']);
    expect(statusActions('paused')).toEqual(['resume', 'end']);
    expect(statusActions('ended')).toEqual([]);
  });
});

describe('the list', () => {
  const campaigns = [
    buildCampaign({
      id: 'a',
      name: 'Credit union fall',
      sponsor: 'cu',
      status: 'booked',
      flightStart: '2031-09-01 00:00:00.000Z',
      expand: { sponsor: { id: 'cu', name: 'Riverside Credit Union' } },
    }),
    buildCampaign({
      id: 'b',
      name: 'Bakery spring',
      status: 'draft',
      expand: { sponsor: { id: 'spn000000000001', name: 'Hilltop Bakery' } },
    }),
    buildCampaign({ id: 'c', name: 'Bakery winter', status: 'ended' }),
  ];
  const names = (rows: CampaignRow[]) => rows.map((row) => row.name);

  it('leaves ended campaigns out until asked, soonest flight first', () => {
    expect(names(filterCampaigns(campaigns, NO_FILTERS))).toEqual([
      'Bakery spring',
      'Credit union fall',
    ]);
    expect(names(filterCampaigns(campaigns, { ...NO_FILTERS, status: 'all' }))).toEqual([
      'Bakery spring',
      'Bakery winter',
      'Credit union fall',
    ]);
    expect(names(filterCampaigns(campaigns, { ...NO_FILTERS, status: 'ended' }))).toEqual([
      'Bakery winter',
    ]);
  });

  it('searches names and sponsors, and keeps to a sponsor', () => {
    expect(names(filterCampaigns(campaigns, { ...NO_FILTERS, search: 'riverside' }))).toEqual([
      'Credit union fall',
    ]);
    expect(names(filterCampaigns(campaigns, { ...NO_FILTERS, sponsor: 'cu' }))).toEqual([
      'Credit union fall',
    ]);
  });
});

describe('the form', () => {
  const values = {
    ...newCampaignValues(),
    name: ' Bakery spring ',
    sponsor: 'spn000000000001',
    flightStart: '2031-04-01',
    flightEnd: '2031-04-30',
    channels: ['chn000000000001'],
    dayparts: [
      { days: [5, 1], from: '18:00', to: '21:00' },
      { days: [6, 7], from: '20:00', to: '00:00' },
    ],
    goalSpots: 12,
    capPerHour: 2,
    capPerProgramme: '',
    sponsorSeparationMin: 30,
    competitiveCategory: ' Bakeries ',
    categorySeparationMin: 15,
    priority: 7,
    rotation: [
      { ad: 'spot00000000001', weight: 2 },
      { ad: 'spot00000000002', weight: '' },
    ],
    rate: 25.5,
    notes: ' IO 2031-17 ',
  };

  it('makes the record’s fields: days in order, midnight at the end as 24:00, blanks as 0', () => {
    expect(campaignBody(values)).toEqual({
      name: 'Bakery spring',
      sponsor: 'spn000000000001',
      flightStart: '2031-04-01 00:00:00.000Z',
      flightEnd: '2031-04-30 00:00:00.000Z',
      channels: ['chn000000000001'],
      dayparts: [
        { days: [1, 5], from: '18:00', to: '21:00' },
        { days: [6, 7], from: '20:00', to: '24:00' },
      ],
      goalSpots: 12,
      goalPer: 'week',
      capPerHour: 2,
      capPerProgramme: 0,
      sponsorSeparationMin: 30,
      categorySeparationMin: 15,
      competitiveCategory: 'Bakeries',
      priority: 7,
      ads: ['spot00000000001', 'spot00000000002'],
      weights: { spot00000000001: 2, spot00000000002: 1 },
      rate: 25.5,
      notes: 'IO 2031-17',
    });
  });

  it('reads a record back into the same values', () => {
    const record = buildCampaign({
      ...(campaignBody(values) as Partial<CampaignRow>),
      weights: { spot00000000001: 2 },
    });
    const read = campaignFormValues(record);
    expect(read.dayparts[1]).toEqual({ days: [6, 7], from: '20:00', to: '00:00' });
    expect(read.rotation).toEqual([
      { ad: 'spot00000000001', weight: 2 },
      { ad: 'spot00000000002', weight: 1 },
    ]);
    expect(read).toMatchObject({
      flightStart: '2031-04-01',
      capPerProgramme: '',
      goalSpots: 12,
      rate: 25.5,
    });
    expect(campaignBody(read)).toEqual(campaignBody({ ...values, rotation: read.rotation }));
  });

  it('passes a complete form', () => {
    expect(checkCampaignForm(values)).toEqual({});
  });

  it('says what is missing or wrong, on its field', () => {
    expect(checkCampaignForm(newCampaignValues())).toEqual({
      name: 'Give the campaign a name.',
      sponsor: 'Choose the sponsor whose spots it airs.',
      flightStart: 'Write a date.',
      flightEnd: 'Write a date.',
    });
    const wrong = checkCampaignForm({
      ...values,
      flightEnd: '2031-03-01',
      dayparts: [
        values.dayparts[0] ?? { days: [], from: '', to: '' },
        { days: [], from: '18:00', to: '21:00' },
      ],
      goalSpots: 0,
      capPerHour: 61,
      priority: 11,
      rotation: [{ ad: 'spot00000000001', weight: -1 }],
      rate: -5,
    });
    expect(wrong).toEqual({
      flightEnd: 'The last day must be on or after the first day (04/01/2031). Change one of them.',
      dayparts: 'Daypart 2 needs days and a from and to time, e.g. weekdays 18:00–21:00.',
      goalSpots: 'Write a whole number from 1 to 100000.',
      capPerHour: 'Write a whole number from 0 to 60.',
      priority: 'Write a whole number from 1 to 10.',
      rotation: 'Each weight is a number above 0, up to 100.',
      rate: 'Write an amount of 0 or more.',
    });
  });

  it('offers the sponsor’s spots that are not archived, active first, and any already chosen', () => {
    const spots = [
      buildSpot({ id: 'd', title: 'Draft spot', status: 'draft' }),
      buildSpot({ id: 'a', title: 'Active spot' }),
      buildSpot({ id: 'x', title: 'Archived spot', status: 'archived' }),
      buildSpot({ id: 'o', title: 'Other sponsor', sponsor: 'cu' }),
      buildSpot({ id: 'k', title: 'Kept archived', status: 'archived' }),
    ];
    expect(rotationChoices(spots, 'spn000000000001', ['k']).map((spot) => spot.title)).toEqual([
      'Active spot',
      'Draft spot',
      'Kept archived',
    ]);
  });
});

describe('the affidavit’s period', () => {
  it('is the flight by default, or last month on the station’s calendar', () => {
    expect(
      flightPeriod({
        flightStart: '2031-04-01 00:00:00.000Z',
        flightEnd: '2031-06-30 00:00:00.000Z',
      }),
    ).toEqual({ from: '2031-04-01', to: '2031-06-30' });
    expect(lastMonth('2031-05-17')).toEqual({ from: '2031-04-01', to: '2031-04-30' });
    expect(lastMonth('2031-01-01')).toEqual({ from: '2030-12-01', to: '2030-12-31' });
    expect(lastMonth('2032-03-31')).toEqual({ from: '2032-02-01', to: '2032-02-29' });
  });

  it('is refused as the server refuses it, on its field', () => {
    expect(periodProblems({ from: '2031-04-01', to: '2031-04-30' })).toEqual({});
    expect(periodProblems({ from: '', to: '2031-02-30' })).toEqual({
      from: 'Choose a day.',
      to: 'Choose a day.',
    });
    expect(periodProblems({ from: '2031-04-10', to: '2031-04-09' })).toEqual({
      to: 'The last day must be on or after the first.',
    });
    expect(periodProblems({ from: '2030-01-01', to: '2031-02-05' })).toEqual({
      to: 'A period is at most 400 days: choose a shorter one.',
    });
    expect(periodProblems({ from: '2030-01-01', to: '2031-02-04' })).toEqual({});
  });
});

describe('proof of play', () => {
  const aired = (proof: 'as-run' | 'import' | 'schedule', airedStart: string | null) => ({
    status: 'aired' as const,
    proof,
    airedStart,
  });

  it('says how each past spot is proven, at its second on the channel’s clock', () => {
    const zone = 'America/New_York';
    expect(proofBadge(aired('as-run', '2031-01-06T19:03:12.000Z'), zone, '24h')).toMatchObject({
      label: 'Aired 14:03:12 · as-run',
      color: 'teal',
    });
    expect(proofBadge(aired('import', '2031-01-06T19:03:12.000Z'), zone, '12h').label).toBe(
      'Aired 2:03:12 PM · import',
    );
    expect(proofBadge(aired('schedule', null), zone, '12h').label).toBe('Aired by schedule');
    // Not read yet: what the schedule says.
    expect(proofBadge(undefined, zone, '12h').label).toBe('Aired by schedule');
    expect(
      proofBadge({ status: 'missed', proof: 'import', airedStart: null }, zone, '12h'),
    ).toMatchObject({ label: 'Missed', color: 'red' });
    expect(
      proofBadge(
        { status: 'off-plan', proof: 'import', airedStart: '2031-01-06T19:03:12.000Z' },
        zone,
        '12h',
      ).label,
    ).toBe('Aired off-plan');
  });

  it('says what became of the missed spots: made good, or still owed', () => {
    const delivery = (shortfall: number, missed?: number): CampaignDeliverySummary => ({
      placedAt: 0,
      per: 'week',
      placed: 10 - shortfall,
      goal: 10,
      shortfall,
      ...(missed === undefined ? {} : { missed }),
      periods: [],
    });
    expect(missedText(delivery(0))).toBeNull();
    expect(missedText(delivery(0, 0))).toBeNull();
    expect(missedText(null)).toBeNull();
    expect(missedText(delivery(0, 2))).toBe('2 missed, made good in later breaks');
    expect(missedText(delivery(2, 2))).toBe('2 missed, still owed');
    expect(missedText(delivery(3, 2))).toBe('2 missed, still owed');
    expect(missedText(delivery(1, 2))).toBe('2 missed: 1 made good in later breaks, 1 still owed');
  });
});
