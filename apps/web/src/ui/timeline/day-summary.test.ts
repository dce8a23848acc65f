import { describe, expect, it } from 'vitest';
import { countFits, type DayCell, dayCells, summariseDays } from './day-summary';

const NY = 'America/New_York';
const HOUR_MS = 3_600_000;

describe('dayCells', () => {
  it('cuts a week into its seven local days, midnight to midnight in the zone', () => {
    const from = Date.parse('2026-02-23T05:00:00Z'); // Mon 23 February, 00:00 in New York (EST)
    const days = dayCells(from, from + 7 * 24 * HOUR_MS, NY);
    expect(days.map((day) => day.date)).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(days[0]?.start).toBe(from);
    expect(days.every((day, index) => index === 0 || day.start === days[index - 1]?.end)).toBe(
      true,
    );
  });

  it('gives the spring-forward day 23 hours and the fall-back day 25', () => {
    const march = dayCells(
      Date.parse('2026-03-08T05:00:00Z'),
      Date.parse('2026-03-09T04:00:00Z'),
      NY,
    );
    expect(march).toHaveLength(1);
    expect(((march[0] as DayCell).end - (march[0] as DayCell).start) / HOUR_MS).toBe(23);
    const november = dayCells(
      Date.parse('2026-11-01T04:00:00Z'),
      Date.parse('2026-11-02T05:00:00Z'),
      NY,
    );
    expect(november.map((day) => (day.end - day.start) / HOUR_MS)).toEqual([25]);
  });

  it('clips the first and last days to a window that does not start at midnight', () => {
    const days = dayCells(
      Date.parse('2026-03-10T12:00:00Z'),
      Date.parse('2026-03-11T12:00:00Z'),
      'UTC',
    );
    expect(days).toEqual([
      {
        date: '2026-03-10',
        start: Date.parse('2026-03-10T12:00:00Z'),
        end: Date.parse('2026-03-11T00:00:00Z'),
      },
      {
        date: '2026-03-11',
        start: Date.parse('2026-03-11T00:00:00Z'),
        end: Date.parse('2026-03-11T12:00:00Z'),
      },
    ]);
  });

  it('counts a quarter’s 90 days', () => {
    const from = Date.parse('2026-01-01T05:00:00Z');
    const to = Date.parse('2026-04-01T04:00:00Z');
    expect(dayCells(from, to, NY)).toHaveLength(90);
  });
});

describe('summariseDays', () => {
  const days = dayCells(
    Date.parse('2026-03-09T00:00:00Z'),
    Date.parse('2026-03-12T00:00:00Z'),
    'UTC',
  );
  const at = (iso: string) => Date.parse(`${iso}Z`);

  it('counts each bar on the day it starts, on any row', () => {
    const summary = summariseDays(
      days,
      [
        { start: at('2026-03-09T06:00:00'), durationSec: 3600 },
        { start: at('2026-03-09T07:00:00'), durationSec: 1800 },
        { start: at('2026-03-11T20:00:00'), durationSec: 1800 },
      ],
      2,
    );
    expect(summary.map((day) => day.count)).toEqual([2, 0, 1]);
  });

  it('fills the days a bar runs across, but counts it once', () => {
    const summary = summariseDays(
      days,
      [{ start: at('2026-03-09T22:00:00'), durationSec: 4 * 3600 }],
      1,
    );
    expect(summary.map((day) => day.count)).toEqual([1, 0, 0]);
    expect(summary[0]?.load).toBeCloseTo(2 / 24);
    expect(summary[1]?.load).toBeCloseTo(2 / 24);
    expect(summary[2]?.load).toBe(0);
  });

  it('shares the day among the rows: a full day on one of two channels is half full', () => {
    const summary = summariseDays(
      days,
      [{ start: at('2026-03-10T00:00:00'), durationSec: 86_400 }],
      2,
    );
    expect(summary[1]?.load).toBeCloseTo(0.5);
  });

  it('leaves cancelled bars out of both the count and the load', () => {
    const summary = summariseDays(
      days,
      [
        { start: at('2026-03-10T09:00:00'), durationSec: 3600, cancelled: true },
        { start: at('2026-03-10T10:00:00'), durationSec: 3600 },
      ],
      1,
    );
    expect(summary[1]?.count).toBe(1);
    expect(summary[1]?.load).toBeCloseTo(1 / 24);
  });

  it('does not count a bar that began before the window, yet fills the first day with its tail', () => {
    const summary = summariseDays(
      days,
      [{ start: at('2026-03-08T23:00:00'), durationSec: 2 * 3600 }],
      1,
    );
    expect(summary[0]?.count).toBe(0);
    expect(summary[0]?.load).toBeCloseTo(1 / 24);
  });

  it('never says a day is more than full (overlapping airings) and copes with no rows', () => {
    const twice = [
      { start: at('2026-03-09T00:00:00'), durationSec: 86_400 },
      { start: at('2026-03-09T00:00:00'), durationSec: 86_400 },
    ];
    expect(summariseDays(days, twice, 1)[0]?.load).toBe(1);
    expect(summariseDays(days, twice, 0)[0]?.load).toBe(1);
  });

  it('keeps the bars in any order', () => {
    const bars = [
      { start: at('2026-03-11T01:00:00'), durationSec: 900 },
      { start: at('2026-03-09T01:00:00'), durationSec: 900 },
      { start: at('2026-03-10T01:00:00'), durationSec: 900 },
    ];
    expect(summariseDays(days, bars, 1).map((day) => day.count)).toEqual([1, 1, 1]);
  });
});

describe('countFits', () => {
  it('shows a week’s counts (a day is about 170 px at 1366 px) and five weeks’ (about 35 px)', () => {
    expect(countFits(170, 48)).toBe(true);
    expect(countFits(34, 48)).toBe(true);
    expect(countFits(34, 148)).toBe(true);
  });

  it('leaves a quarter’s day cells (about 10 px) to their heat alone', () => {
    expect(countFits(10, 4)).toBe(false);
    expect(countFits(15, 4)).toBe(true);
    expect(countFits(15, 12)).toBe(false);
  });
});
