import type { GuideTimeslot } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  airingTimes,
  groupByDay,
  nowAndNext,
  nowAndNextWindow,
  slotTimes,
  weekWindow,
} from './channel-schedule';

function slot(id: string, start: string, durationSec: number): GuideTimeslot {
  const startMs = Date.parse(start);
  const record = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
  return {
    id,
    channel: 'c',
    start: record(startMs),
    end: record(startMs + durationSec * 1000),
    durationSec,
    show: {
      id: `show-${id}`,
      title: `Show ${id}`,
      subtitle: '',
      description: '',
      category: '',
      rating: '',
      durationSec,
      thumbnail: '',
      season: 0,
      episode: 0,
      descriptions: '',
    },
  };
}

const NY = 'America/New_York';

describe('nowAndNextWindow', () => {
  it('spans the next 24 hours', () => {
    expect(nowAndNextWindow(Date.parse('2026-03-10T12:00:00Z'))).toEqual({
      from: '2026-03-10T12:00:00.000Z',
      to: '2026-03-11T12:00:00.000Z',
    });
  });
});

describe('nowAndNext', () => {
  const a = slot('a', '2026-03-10T12:00:00Z', 1800);
  const b = slot('b', '2026-03-10T13:00:00Z', 3600);
  const c = slot('c', '2026-03-10T12:30:00Z', 900);

  it('finds the airing on now and the first one after it', () => {
    expect(nowAndNext([b, c, a], Date.parse('2026-03-10T12:10:00Z'))).toEqual({ now: a, next: c });
  });

  it('ends an airing at its end instant (the end belongs to the next)', () => {
    expect(nowAndNext([a, c, b], Date.parse('2026-03-10T12:30:00Z'))).toEqual({ now: c, next: b });
  });

  it('has nothing on in a gap, and nothing next after the last', () => {
    expect(nowAndNext([a, b], Date.parse('2026-03-10T12:45:00Z'))).toEqual({ now: null, next: b });
    expect(nowAndNext([a], Date.parse('2026-03-10T14:00:00Z'))).toEqual({ now: null, next: null });
  });
});

describe('airingTimes', () => {
  it('shows the 12-hour clock in the channel zone, and the US date when not today', () => {
    const evening = slot('e', '2026-03-10T23:30:00Z', 1800); // 7:30 PM EDT
    expect(airingTimes(evening, NY, Date.parse('2026-03-10T15:00:00Z'))).toBe('7:30 PM – 8:00 PM');
    expect(airingTimes(evening, NY, Date.parse('2026-03-10T03:00:00Z'))).toBe(
      '03/10/2026 7:30 PM – 8:00 PM',
    );
    expect(slotTimes(evening, 'UTC')).toBe('11:30 PM – 12:00 AM');
  });
});

describe('weekWindow', () => {
  it('runs Monday to Monday on the channel clock, 167 hours across spring forward', () => {
    // Sunday 8 March 2026 is the US spring-forward day.
    const week = weekWindow(Date.parse('2026-03-05T15:00:00Z'), NY);
    expect(week).toEqual({
      monday: '2026-03-02',
      from: '2026-03-02T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
    });
    expect((Date.parse(week.to) - Date.parse(week.from)) / 3_600_000).toBe(167);
  });

  it('uses the channel zone to decide which week it is', () => {
    // Monday 01:00 UTC is still Sunday evening in New York.
    expect(weekWindow(Date.parse('2026-03-16T01:00:00Z'), NY).monday).toBe('2026-03-09');
    expect(weekWindow(Date.parse('2026-03-16T01:00:00Z'), 'UTC').monday).toBe('2026-03-16');
  });
});

describe('groupByDay', () => {
  it('lists seven days with the timeslots that start on each, by start', () => {
    const late = slot('late', '2026-03-03T04:30:00Z', 1800); // Monday 11:30 PM EST
    const early = slot('early', '2026-03-02T15:00:00Z', 1800); // Monday 10:00 AM EST
    const sunday = slot('sun', '2026-03-08T17:00:00Z', 3600); // Sunday 1:00 PM EDT
    const carried = slot('carried', '2026-03-02T04:00:00Z', 7200); // Sunday before, 11 PM
    const days = groupByDay([sunday, late, early, carried], '2026-03-02', NY);
    expect(days.map((day) => day.label)).toEqual([
      'Monday 03/02/2026',
      'Tuesday 03/03/2026',
      'Wednesday 03/04/2026',
      'Thursday 03/05/2026',
      'Friday 03/06/2026',
      'Saturday 03/07/2026',
      'Sunday 03/08/2026',
    ]);
    expect(days[0]?.timeslots.map((s) => s.id)).toEqual(['carried', 'early', 'late']);
    expect(days[1]?.timeslots).toEqual([]);
    expect(days[6]?.timeslots.map((s) => s.id)).toEqual(['sun']);
  });
});
