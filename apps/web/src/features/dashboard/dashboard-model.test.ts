import { localToInstant } from '@airgrid/domain';
import type { GuideResponse } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  type Airing,
  airingsFromGuide,
  conflictsWithin,
  type DraftAiringRecord,
  dashboardWindow,
  dayLabel,
  draftAiringsAhead,
  draftsWindow,
  findConflicts,
  formatSpan,
  gapSummary,
  gapsByChannel,
  onAirByChannel,
  owingCampaigns,
  readinessLines,
  stationDay,
  timeLeft,
  timeslotsAt,
  unscheduledSpans,
  upcomingAirings,
} from './dashboard-model';

const NY = 'America/New_York';
const HOUR = 3_600_000;
const MIN = 60_000;
const at = (local: string, zone = NY) => localToInstant(local, zone);
const iso = (ms: number) => new Date(ms).toISOString();

let nextId = 0;
function airing(
  channel: string,
  startLocal: string,
  minutes: number,
  extra: Partial<Airing> = {},
): Airing {
  const start = at(startLocal);
  nextId += 1;
  return {
    id: `a${nextId}`,
    channel,
    start,
    end: start + minutes * MIN,
    title: `Show ${nextId}`,
    ...extra,
  };
}

const ONE = { id: 'one', name: 'Channel One', number: 1 };
const TWO = { id: 'two', name: 'Channel Two', number: 2 };

describe('stationDay', () => {
  it('is local midnight to local midnight', () => {
    const day = stationDay(at('2026-03-10T15:00'), NY);
    expect(day.date).toBe('2026-03-10');
    expect(iso(day.start)).toBe('2026-03-10T04:00:00.000Z');
    expect(iso(day.end)).toBe('2026-03-11T04:00:00.000Z');
  });

  it('is 23 hours on the spring-forward day and 25 on the fall-back day', () => {
    const spring = stationDay(at('2026-03-08T12:00'), NY);
    expect(spring.end - spring.start).toBe(23 * HOUR);
    const fall = stationDay(at('2026-11-01T12:00'), NY);
    expect(fall.end - fall.start).toBe(25 * HOUR);
  });

  it('takes the date on the zone’s calendar, not UTC’s', () => {
    // 11:30 PM in New York is already the next day in UTC.
    expect(stationDay(at('2026-03-10T23:30'), NY).date).toBe('2026-03-10');
    expect(stationDay(Date.UTC(2026, 2, 10, 2, 0), 'UTC').date).toBe('2026-03-10');
    expect(stationDay(Date.UTC(2026, 2, 10, 2, 0), NY).date).toBe('2026-03-09');
  });

  it('runs through tomorrow for the window, so the next 24 hours are always in it', () => {
    const day = stationDay(at('2026-03-10T23:59'), NY);
    const window = dashboardWindow(day, NY);
    expect(window.start).toBe(day.start);
    expect(iso(window.end)).toBe('2026-03-12T04:00:00.000Z');
    expect(window.end).toBeGreaterThanOrEqual(at('2026-03-10T23:59') + 24 * HOUR);
  });

  it('spans 47 hours when today is the spring-forward day', () => {
    const day = stationDay(at('2026-03-08T01:00'), NY);
    const window = dashboardWindow(day, NY);
    expect(window.end - window.start).toBe(47 * HOUR);
  });
});

describe('airingsFromGuide', () => {
  it('reads the guide’s record dates and titles, leaving out unreadable ones', () => {
    const show = {
      id: 's',
      title: 'Morning News',
      subtitle: '',
      description: '',
      category: '',
      rating: '',
      durationSec: 1800,
      thumbnail: '',
      season: 0,
      episode: 0,
      descriptions: '',
    };
    const guide: GuideResponse = {
      organization: { id: 'o', slug: 'o', name: 'O', timeZone: NY, logo: '', accentColor: '' },
      from: '',
      to: '',
      channels: [],
      timeslots: [
        {
          id: 't1',
          channel: 'one',
          start: '2026-03-10 13:00:00.000Z',
          end: '2026-03-10 13:30:00.000Z',
          durationSec: 1800,
          show,
        },
        { id: 't2', channel: 'one', start: '', end: '', durationSec: 1800, show },
      ],
    };
    expect(airingsFromGuide(guide)).toEqual([
      {
        id: 't1',
        channel: 'one',
        start: Date.UTC(2026, 2, 10, 13),
        end: Date.UTC(2026, 2, 10, 13, 30),
        title: 'Morning News',
      },
    ]);
  });
});

describe('onAirByChannel', () => {
  it('finds the airing on now and the next one per channel, in the channels’ order', () => {
    const news = airing('one', '2026-03-10T09:00', 60, { title: 'News' });
    const talk = airing('one', '2026-03-10T10:00', 30, { title: 'Talk' });
    const later = airing('one', '2026-03-10T12:00', 30);
    const rows = onAirByChannel([TWO, ONE], [later, talk, news], at('2026-03-10T09:15'));
    expect(rows.map((row) => row.channel.id)).toEqual(['two', 'one']);
    expect(rows[0]).toMatchObject({ now: null, next: null, progress: 0, remaining: 0 });
    expect(rows[1]?.now?.title).toBe('News');
    expect(rows[1]?.next?.title).toBe('Talk');
    expect(rows[1]?.progress).toBe(25);
    expect(rows[1]?.remaining).toBe(45 * MIN);
  });

  it('counts the start as on air and the end as over', () => {
    const news = airing('one', '2026-03-10T09:00', 60);
    const talk = airing('one', '2026-03-10T10:00', 30);
    expect(onAirByChannel([ONE], [news, talk], at('2026-03-10T09:00'))[0]?.now).toBe(news);
    const atTen = onAirByChannel([ONE], [news, talk], at('2026-03-10T10:00'))[0];
    expect(atTen?.now).toBe(talk);
    expect(atTen?.progress).toBe(0);
  });

  it('shows the next airing when nothing is on, within 24 hours only', () => {
    const evening = airing('one', '2026-03-10T20:00', 60);
    const dayAfter = airing('one', '2026-03-12T08:00', 60);
    const row = onAirByChannel([ONE], [evening, dayAfter], at('2026-03-10T09:00'))[0];
    expect(row?.now).toBeNull();
    expect(row?.next).toBe(evening);
    const late = onAirByChannel([ONE], [dayAfter], at('2026-03-10T09:00'))[0];
    expect(late?.next).toBeNull();
  });

  it('ignores cancelled airings', () => {
    const cancelled = airing('one', '2026-03-10T09:00', 60, { status: 'cancelled' });
    const nextCancelled = airing('one', '2026-03-10T11:00', 60, { status: 'cancelled' });
    const real = airing('one', '2026-03-10T12:00', 60);
    const row = onAirByChannel([ONE], [cancelled, nextCancelled, real], at('2026-03-10T09:30'))[0];
    expect(row?.now).toBeNull();
    expect(row?.next).toBe(real);
  });

  it('keeps an airing that began yesterday on air after midnight', () => {
    const movie = airing('one', '2026-03-09T23:00', 150);
    const row = onAirByChannel([ONE], [movie], at('2026-03-10T00:30'))[0];
    expect(row?.now).toBe(movie);
    expect(row?.progress).toBeCloseTo(60);
  });

  it('measures progress in real time across the spring-forward hour', () => {
    // 1:30 AM to 3:30 AM on 8 March is one real hour: 2 AM does not happen.
    const show = airing('one', '2026-03-08T01:30', 60);
    expect(show.end).toBe(at('2026-03-08T03:30'));
    const row = onAirByChannel([ONE], [show], at('2026-03-08T03:00'))[0];
    expect(row?.progress).toBe(50);
    expect(row?.remaining).toBe(30 * MIN);
  });

  it('takes the next airing after the current one ends, not one overlapping it', () => {
    const long = airing('one', '2026-03-10T09:00', 120);
    const overlapping = airing('one', '2026-03-10T10:00', 30);
    const after = airing('one', '2026-03-10T11:00', 30);
    const row = onAirByChannel([ONE], [long, overlapping, after], at('2026-03-10T09:30'))[0];
    expect(row?.next).toBe(after);
  });
});

describe('unscheduledSpans and gapsByChannel', () => {
  const day = stationDay(at('2026-03-10T12:00'), NY);

  it('is the whole day when nothing is scheduled', () => {
    const [gaps] = gapsByChannel([ONE], [], day);
    expect(gaps?.spans).toEqual([{ start: day.start, end: day.end }]);
    expect(gaps?.totalSec).toBe(86_400);
    expect(gaps?.empty).toBe(true);
  });

  it('lists the holes between airings, per channel', () => {
    const airings = [
      airing('one', '2026-03-10T00:00', 60),
      airing('one', '2026-03-10T03:15', 20 * 60 + 45),
      airing('two', '2026-03-10T00:00', 24 * 60),
    ];
    const [one, two] = gapsByChannel([ONE, TWO], airings, day);
    expect(one?.spans).toEqual([{ start: at('2026-03-10T01:00'), end: at('2026-03-10T03:15') }]);
    expect(one?.totalSec).toBe(2 * 3600 + 15 * 60);
    expect(one?.empty).toBe(false);
    expect(one && gapSummary(one, NY)).toBe('2 h 15 min unscheduled: 1:00 AM–3:15 AM');
    expect(two?.spans).toEqual([]);
    expect(two && gapSummary(two, NY)).toBe('');
  });

  it('clips airings that cross midnight at either end of the day', () => {
    const airings = [
      airing('one', '2026-03-09T23:00', 120), // until 1:00 AM today
      airing('one', '2026-03-10T22:00', 180), // until 1:00 AM tomorrow
    ];
    const spans = unscheduledSpans(airings, day);
    expect(spans).toEqual([{ start: at('2026-03-10T01:00'), end: at('2026-03-10T22:00') }]);
  });

  it('leaves out airings entirely outside the day', () => {
    const airings = [airing('one', '2026-03-09T20:00', 60), airing('one', '2026-03-11T02:00', 60)];
    expect(unscheduledSpans(airings, day)).toEqual([{ start: day.start, end: day.end }]);
  });

  it('merges overlapping and touching airings', () => {
    const airings = [
      airing('one', '2026-03-10T08:00', 90),
      airing('one', '2026-03-10T09:00', 60),
      airing('one', '2026-03-10T10:00', 30),
      airing('one', '2026-03-10T09:15', 15),
    ];
    expect(unscheduledSpans(airings, day)).toEqual([
      { start: day.start, end: at('2026-03-10T08:00') },
      { start: at('2026-03-10T10:30'), end: day.end },
    ]);
  });

  it('counts a cancelled airing as unscheduled time', () => {
    const airings = [
      airing('one', '2026-03-10T00:00', 12 * 60),
      airing('one', '2026-03-10T12:00', 12 * 60, { status: 'cancelled' }),
    ];
    const [gaps] = gapsByChannel([ONE], airings, day);
    expect(gaps?.spans).toEqual([{ start: at('2026-03-10T12:00'), end: day.end }]);
    expect(gaps && gapSummary(gaps, NY)).toBe('12 h unscheduled: 12:00 PM–12:00 AM');
  });

  it('measures a spring-forward day as 23 hours', () => {
    const spring = stationDay(at('2026-03-08T12:00'), NY);
    const [empty] = gapsByChannel([ONE], [], spring);
    expect(empty?.totalSec).toBe(23 * 3600);
    // 1:00 AM to 3:15 AM that night is 1 h 15 min of real time.
    const airings = [
      airing('one', '2026-03-08T00:00', 60),
      airing('one', '2026-03-08T03:15', 20 * 60 + 45),
    ];
    const [gaps] = gapsByChannel([ONE], airings, spring);
    expect(gaps?.totalSec).toBe(75 * 60);
    expect(gaps && gapSummary(gaps, NY)).toBe('1 h 15 min unscheduled: 1:00 AM–3:15 AM');
  });

  it('measures a fall-back day as 25 hours, the repeated hour included', () => {
    const fall = stationDay(at('2026-11-01T12:00'), NY);
    const [empty] = gapsByChannel([ONE], [], fall);
    expect(empty?.totalSec).toBe(25 * 3600);
    // Midnight to the first 1:00 AM, then a gap through the repeated hour to 2:00 AM.
    const first = airing('one', '2026-11-01T00:00', 60);
    const rest = airing('one', '2026-11-01T02:00', 22 * 60);
    const [gaps] = gapsByChannel([ONE], [first, rest], fall);
    expect(gaps?.totalSec).toBe(2 * 3600);
    expect(gaps && gapSummary(gaps, NY)).toBe('2 h unscheduled: 1:00 AM–2:00 AM');
  });
});

describe('findConflicts', () => {
  it('finds overlapping scheduled airings on one channel with the shared time', () => {
    const a = airing('one', '2026-03-10T09:00', 60);
    const b = airing('one', '2026-03-10T09:30', 60);
    const conflicts = findConflicts([b, a]);
    expect(conflicts).toEqual([
      {
        channel: 'one',
        first: a,
        second: b,
        start: at('2026-03-10T09:30'),
        end: at('2026-03-10T10:00'),
      },
    ]);
  });

  it('does not count touching airings, other channels or cancelled ones', () => {
    const airings = [
      airing('one', '2026-03-10T09:00', 60),
      airing('one', '2026-03-10T10:00', 60),
      airing('two', '2026-03-10T09:30', 60),
      airing('one', '2026-03-10T10:15', 30, { status: 'cancelled' }),
    ];
    expect(findConflicts(airings)).toEqual([]);
  });

  it('pairs an airing with every earlier one still running', () => {
    const long = airing('one', '2026-03-10T08:00', 240);
    const a = airing('one', '2026-03-10T09:00', 60);
    const b = airing('one', '2026-03-10T09:30', 15);
    const pairs = findConflicts([long, a, b]).map((c) => [c.first.id, c.second.id]);
    expect(pairs).toEqual([
      [long.id, a.id],
      [long.id, b.id],
      [a.id, b.id],
    ]);
  });

  it('finds a conflict across midnight and keeps only today’s with conflictsWithin', () => {
    const day = stationDay(at('2026-03-10T12:00'), NY);
    const late = airing('one', '2026-03-09T23:00', 120);
    const early = airing('one', '2026-03-10T00:30', 60);
    const tomorrow = [airing('two', '2026-03-11T09:00', 60), airing('two', '2026-03-11T09:30', 60)];
    const all = findConflicts([late, early, ...tomorrow]);
    expect(all).toHaveLength(2);
    const today = conflictsWithin(all, day);
    expect(today).toHaveLength(1);
    expect(today[0]?.start).toBe(at('2026-03-10T00:30'));
    expect(today[0]?.end).toBe(at('2026-03-10T01:00'));
  });
});

describe('upcomingAirings', () => {
  it('lists airings starting in the next 24 hours by time, then channel order', () => {
    const now = at('2026-03-10T09:10');
    const onNow = airing('one', '2026-03-10T09:00', 60);
    const twoAtTen = airing('two', '2026-03-10T10:00', 30);
    const oneAtTen = airing('one', '2026-03-10T10:00', 30);
    const tomorrow = airing('one', '2026-03-11T09:00', 30);
    const tooLate = airing('one', '2026-03-11T09:10', 30);
    const unknownChannel = airing('gone', '2026-03-10T11:00', 30);
    const result = upcomingAirings(
      [tooLate, tomorrow, twoAtTen, oneAtTen, onNow, unknownChannel],
      [ONE, TWO],
      now,
      10,
    );
    expect(result.airings).toEqual([oneAtTen, twoAtTen, tomorrow]);
    expect(result.more).toBe(0);
  });

  it('stops at the limit and says how many more there are, without cancelled ones', () => {
    const now = at('2026-03-10T00:00');
    const airings = Array.from({ length: 6 }, (_, i) =>
      airing('one', `2026-03-10T0${i + 1}:00`, 30, i === 2 ? { status: 'cancelled' } : {}),
    );
    const result = upcomingAirings(airings, [ONE], now, 3);
    expect(result.airings.map((a) => a.start)).toEqual([
      at('2026-03-10T01:00'),
      at('2026-03-10T02:00'),
      at('2026-03-10T04:00'),
    ]);
    expect(result.more).toBe(2);
  });

  it('counts 24 real hours across the fall-back night', () => {
    const now = at('2026-10-31T12:00');
    // 24 real hours later is 11:00 AM on 1 November (the clock fell back an hour).
    const inside = airing('one', '2026-11-01T10:45', 30);
    const outside = airing('one', '2026-11-01T11:00', 30);
    expect(upcomingAirings([inside, outside], [ONE], now, 10).airings).toEqual([inside]);
  });
});

describe('formatting', () => {
  it('writes spans on the 12-hour clock in the zone', () => {
    expect(formatSpan({ start: at('2026-03-10T13:00'), end: at('2026-03-10T14:30') }, NY)).toBe(
      '1:00 PM–2:30 PM',
    );
    expect(formatSpan({ start: at('2026-03-10T13:00'), end: at('2026-03-10T14:30') }, 'UTC')).toBe(
      '5:00 PM–6:30 PM',
    );
  });

  it('follows the user’s 24-hour clock when they chose it', () => {
    const span = { start: at('2026-03-10T13:00'), end: at('2026-03-11T00:00') };
    expect(formatSpan(span, NY, '24h')).toBe('13:00–00:00');
    const [gaps] = gapsByChannel(
      [ONE],
      [airing('one', '2026-03-10T00:00', 13 * 60)],
      stationDay(at('2026-03-10T12:00'), NY),
    );
    expect(gaps && gapSummary(gaps, NY, '24h')).toBe('11 h unscheduled: 13:00–00:00');
  });

  it('lists several gaps with their total', () => {
    const day = stationDay(at('2026-03-10T12:00'), NY);
    const airings = [
      airing('one', '2026-03-10T00:00', 60),
      airing('one', '2026-03-10T03:15', 13 * 60 + 45),
      airing('one', '2026-03-10T18:00', 6 * 60),
    ];
    const [gaps] = gapsByChannel([ONE], airings, day);
    expect(gaps && gapSummary(gaps, NY)).toBe(
      '3 h 15 min unscheduled: 1:00 AM–3:15 AM, 5:00 PM–6:00 PM',
    );
  });

  it('rounds the time left up to whole minutes', () => {
    expect(timeLeft(12 * MIN)).toBe('12 min left');
    expect(timeLeft(11 * MIN + 1)).toBe('12 min left');
    expect(timeLeft(65 * MIN)).toBe('1 h 5 min left');
    expect(timeLeft(10_000)).toBe('1 min left');
  });

  it('labels tomorrow’s airings', () => {
    const day = stationDay(at('2026-03-10T12:00'), NY);
    expect(dayLabel(at('2026-03-10T23:59'), day)).toBe('');
    expect(dayLabel(at('2026-03-11T00:00'), day)).toBe('Tomorrow');
  });

  it('links the workspace at a date', () => {
    expect(timeslotsAt('2026-03-10')).toBe('/timeslots?date=2026-03-10');
  });
});

describe('airings of draft shows', () => {
  const now = at('2026-03-10T09:20');
  const record = (id: string, local: string, title = 'Pilot'): DraftAiringRecord => ({
    id,
    start: iso(at(local)).replace('T', ' '),
    show: `show-${title}`,
    expand: { show: { title }, channel: { name: 'Channel One', number: 1 } },
  });

  it('reads from the quarter hour that holds now to 7 days on', () => {
    expect(draftsWindow(now)).toEqual({
      start: at('2026-03-10T09:15'),
      end: at('2026-03-17T09:15'),
    });
    // The same window all through the quarter hour: the read is not repeated each minute.
    expect(draftsWindow(at('2026-03-10T09:29'))).toEqual(draftsWindow(now));
  });

  it('lists the first ones that start from now on, and counts them all', () => {
    const page = {
      items: [
        record('began', '2026-03-10T09:15'),
        record('a', '2026-03-10T18:00', 'Pilot'),
        record('b', '2026-03-11T18:00', 'Town Hall'),
        record('c', '2026-03-12T18:00'),
      ],
      totalItems: 9,
    };
    const { airings, total } = draftAiringsAhead(page, now, 2);
    expect(airings).toEqual([
      {
        id: 'a',
        show: 'show-Pilot',
        title: 'Pilot',
        channel: '1 · Channel One',
        start: at('2026-03-10T18:00'),
      },
      {
        id: 'b',
        show: 'show-Town Hall',
        title: 'Town Hall',
        channel: '1 · Channel One',
        start: at('2026-03-11T18:00'),
      },
    ]);
    // Nine in the window, less the one that began before now.
    expect(total).toBe(8);
  });

  it('counts none when there are none, or only some that already began', () => {
    expect(draftAiringsAhead({ items: [], totalItems: 0 }, now, 5)).toEqual({
      airings: [],
      total: 0,
    });
    expect(
      draftAiringsAhead({ items: [record('began', '2026-03-10T09:15')], totalItems: 1 }, now, 5)
        .total,
    ).toBe(0);
  });
});

describe('readinessLines', () => {
  const counts = { total: 0, noMedia: 0, notPackaged: 0, tooLong: 0, gaps: 0 };
  it('says all clear, or how many problems of which kinds, channels with problems first', () => {
    const lines = readinessLines({
      from: '2031-01-06T10:00:00.000Z',
      to: '2031-01-07T10:00:00.000Z',
      channels: [
        { id: 'a', name: 'Arts', counts, first: null },
        {
          id: 'b',
          name: 'Community One',
          counts: { total: 4, noMedia: 1, notPackaged: 0, tooLong: 1, gaps: 2 },
          first: '2031-01-06T11:00:00.000Z',
        },
        {
          id: 'c',
          name: 'Council',
          counts: { ...counts, total: 2, noMedia: 2 },
          first: '2031-01-06T12:00:00.000Z',
        },
      ],
    });
    expect(lines).toEqual([
      {
        id: 'b',
        name: 'Community One',
        clear: false,
        text: '4 problems: 1 show without media, 1 cut short, 2 long gaps',
      },
      { id: 'c', name: 'Council', clear: false, text: '2 problems: 2 shows without media' },
      { id: 'a', name: 'Arts', clear: true, text: 'All clear' },
    ]);
  });
});

describe('owingCampaigns', () => {
  it('lists booked campaigns that owe spots, most owed first', () => {
    const delivery = (shortfall: number, goal: number) => ({
      placedAt: 0,
      per: 'week' as const,
      placed: goal - shortfall,
      goal,
      shortfall,
      periods: [],
    });
    expect(
      owingCampaigns([
        { id: 'a', name: 'Bakery', delivery: delivery(2, 10) },
        { id: 'b', name: 'Bank', delivery: delivery(0, 10) },
        { id: 'c', name: 'Cafe', delivery: delivery(5, 8) },
        { id: 'd', name: 'Deli', delivery: {} },
        { id: 'e', name: 'Eats', delivery: null },
      ]),
    ).toEqual([
      { id: 'c', name: 'Cafe', text: '5 of 8 spots not placed' },
      { id: 'a', name: 'Bakery', text: '2 of 10 spots not placed' },
    ]);
  });

  it('counts spots a log says were missed and could not be made good as owed', () => {
    const summary = (shortfall: number, missed: number) => ({
      placedAt: 0,
      per: 'day' as const,
      // A missed spot counts toward nothing: what is placed excludes it.
      placed: 4 - shortfall,
      goal: 4,
      shortfall,
      missed,
      periods: [],
    });
    expect(
      owingCampaigns([
        { id: 'a', name: 'Bakery', delivery: summary(1, 1) },
        // Missed, and made good in a later break: nothing owed.
        { id: 'b', name: 'Bank', delivery: summary(0, 2) },
      ]),
    ).toEqual([{ id: 'a', name: 'Bakery', text: '1 of 4 spots owed, 1 missed on air' }]);
  });
});
