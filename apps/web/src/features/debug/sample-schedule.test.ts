import { findOverlaps, isOnQuarterHour } from '@airgrid/domain';
import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  describeChanges,
  parseSampleShow,
  placeShow,
  sampleSchedule,
  seededRandom,
  utcDayStart,
} from './sample-schedule';

const HOUR = 3_600_000;
const DAY = Date.UTC(2026, 4, 4);

describe('sampleSchedule', () => {
  const schedule = sampleSchedule(DAY);

  it('is the same on every call', () => {
    expect(sampleSchedule(DAY)).toEqual(schedule);
  });

  it('fills four channels of one day with bars on the grid and without double bookings', () => {
    expect(schedule.rows.map((row) => row.label)).toEqual([
      'Channel 1',
      'Channel 2',
      'Channel 3',
      'Channel 4',
    ]);
    expect(schedule.from).toBe(DAY);
    expect(schedule.to).toBe(DAY + 24 * HOUR);
    for (const row of schedule.rows) {
      const rowBars = schedule.bars.filter((bar) => bar.rowId === row.id);
      expect(rowBars.length).toBeGreaterThan(8);
      expect(findOverlaps(rowBars)).toEqual([]);
      for (const bar of rowBars) {
        expect(isOnQuarterHour(bar.start)).toBe(true);
        expect(bar.start + bar.durationSec * 1000).toBeLessThanOrEqual(schedule.to);
      }
    }
    expect(new Set(schedule.bars.map((bar) => bar.id)).size).toBe(schedule.bars.length);
  });

  it("starts the first channel with the morning the demo's tests rely on", () => {
    const first = schedule.bars.filter((bar) => bar.rowId === 'ch1').slice(0, 4);
    expect(
      first.map(({ id, start, durationSec, locked }) => ({ id, start, durationSec, locked })),
    ).toEqual([
      { id: 'morning-news', start: DAY + 6 * HOUR, durationSec: 3600, locked: undefined },
      { id: 'garden-hour', start: DAY + 7 * HOUR, durationSec: 3600, locked: undefined },
      { id: 'council-meeting', start: DAY + 9 * HOUR, durationSec: 5400, locked: undefined },
      { id: 'noon-bulletin', start: DAY + 12 * HOUR, durationSec: 3600, locked: true },
    ]);
  });

  it('makes a week of 50 channels for the performance check', () => {
    const week = sampleSchedule(DAY, 50, 7);
    expect(week.rows).toHaveLength(50);
    expect(week.to - week.from).toBe(7 * 24 * HOUR);
    expect(week.bars.length).toBeGreaterThan(2000);
  });
});

describe('seededRandom', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    for (let i = 0; i < 100; i++) {
      const value = a();
      expect(value).toBe(b());
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('utcDayStart', () => {
  it('is midnight UTC of the day', () => {
    expect(utcDayStart(DAY + 13 * HOUR + 5)).toBe(DAY);
    expect(utcDayStart(DAY)).toBe(DAY);
  });
});

describe('applyChanges / describeChanges', () => {
  const { bars } = sampleSchedule(DAY);

  it('replaces the changed bars and keeps the others as they were', () => {
    const change = { id: 'garden-hour', rowId: 'ch1', start: DAY + 8 * HOUR, durationSec: 1800 };
    const next = applyChanges(bars, [change]);
    expect(next.find((bar) => bar.id === 'garden-hour')).toMatchObject(change);
    expect(next.find((bar) => bar.id === 'morning-news')).toBe(bars[0]);
    expect(next).toHaveLength(bars.length);
  });

  it('writes one line per change with the show and its new times', () => {
    expect(
      describeChanges(
        bars,
        [{ id: 'morning-news', rowId: 'ch1', start: DAY + 6.5 * HOUR, durationSec: 3600 }],
        'UTC',
      ),
    ).toEqual(['Morning News: 2026-05-04 06:30 to 07:30']);
  });
});

describe('parseSampleShow', () => {
  it('reads a show', () => {
    expect(parseSampleShow('{"label":"Storytime","category":"Kids","durationSec":2700}')).toEqual({
      label: 'Storytime',
      category: 'Kids',
      durationSec: 2700,
    });
  });

  it.each(['', 'not json', '{}', '{"label":"x","category":"y","durationSec":0}', 'null'])(
    'refuses %j',
    (payload) => {
      expect(() => parseSampleShow(payload)).toThrow('The dropped item is not a show.');
    },
  );
});

describe('placeShow', () => {
  const { bars } = sampleSchedule(DAY);
  const show = { label: 'Storytime', category: 'Kids', durationSec: 2700 };

  it('places a show in a free gap', () => {
    expect(placeShow(bars, show, 'ch1', DAY + 8 * HOUR, 'new')).toEqual({
      ok: true,
      bar: {
        id: 'new',
        rowId: 'ch1',
        start: DAY + 8 * HOUR,
        durationSec: 2700,
        label: 'Storytime',
        category: 'Kids',
      },
    });
  });

  it('names the bar it would overlap', () => {
    const placed = placeShow(bars, show, 'ch1', DAY + 6.5 * HOUR, 'new');
    expect(placed.ok).toBe(false);
    expect(!placed.ok && placed.blocking.id).toBe('morning-news');
  });
});
