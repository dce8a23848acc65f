import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedWindow } from './feed-window.js';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('feedWindow', () => {
  it('runs from the start of yesterday to the start of the day 14 days after today', () => {
    const window = feedWindow(at('2026-12-10T15:00:00Z'), 'America/New_York', 14);
    expect(window).toEqual({ from: at('2026-12-09T05:00:00Z'), to: at('2026-12-24T05:00:00Z') });
  });

  it('counts days in the zone, not in UTC', () => {
    // 02:00 UTC on the 10th is still the 9th in New York.
    const window = feedWindow(at('2026-12-10T02:00:00Z'), 'America/New_York', 1);
    expect(window).toEqual({ from: at('2026-12-08T05:00:00Z'), to: at('2026-12-10T05:00:00Z') });
    expect(feedWindow(at('2026-12-10T23:30:00Z'), 'Asia/Kolkata', 1)).toEqual({
      from: at('2026-12-09T18:30:00Z'),
      to: at('2026-12-11T18:30:00Z'),
    });
  });

  it('has a 25-hour day across the fall-back and a 23-hour day across the spring-forward', () => {
    const fall = feedWindow(at('2026-11-01T12:00:00Z'), 'America/New_York', 1);
    expect(fall).toEqual({ from: at('2026-10-31T04:00:00Z'), to: at('2026-11-02T05:00:00Z') });
    expect(fall.to - fall.from).toBe(49 * HOUR);
    const spring = feedWindow(at('2027-03-14T12:00:00Z'), 'America/New_York', 1);
    expect(spring.to - spring.from).toBe(47 * HOUR);
  });

  it('starts a day at its first instant where midnight does not exist', () => {
    // Santiago springs forward at 24:00 on 2026-09-05: the 6th begins at 01:00 local.
    const window = feedWindow(at('2026-09-07T12:00:00Z'), 'America/Santiago', 1);
    expect(new Date(window.from).toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('always contains now and covers yesterday plus `days` whole days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('2020-01-01T00:00:00Z'), max: at('2040-01-01T00:00:00Z') }),
        fc.integer({ min: 1, max: 14 }),
        fc.constantFrom('America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC'),
        (now, days, zone) => {
          const { from, to } = feedWindow(now, zone, days);
          expect(from).toBeLessThanOrEqual(now);
          expect(to).toBeGreaterThan(now);
          const hours = (to - from) / HOUR;
          expect(hours).toBeGreaterThanOrEqual((days + 1) * 24 - 1);
          expect(hours).toBeLessThanOrEqual((days + 1) * 24 + 1);
        },
      ),
    );
  });
});
