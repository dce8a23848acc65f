import { describe, expect, it } from 'vitest';
import { localToInstant } from '../time.js';
import { type Daypart, inDaypart } from './dayparts.js';
import { LocalClock } from './local-clock.js';

const NY = 'America/New_York';
const WEEKDAYS = [1, 2, 3, 4, 5];
const EVENING: Daypart = { days: WEEKDAYS, from: '18:00', to: '21:00' };

/** True when the New York wall-clock time lies in the dayparts. */
function inNewYork(local: string, dayparts: Daypart[]): boolean {
  return inDaypart(localToInstant(local, NY), dayparts, NY);
}

describe('inDaypart', () => {
  it('reads weekdays 18:00–21:00 on the channel’s wall clock, end excluded', () => {
    // 2026-05-04 is a Monday; 2026-05-09 a Saturday.
    expect(inNewYork('2026-05-04T17:59', [EVENING])).toBe(false);
    expect(inNewYork('2026-05-04T18:00', [EVENING])).toBe(true);
    expect(inNewYork('2026-05-04T20:59', [EVENING])).toBe(true);
    expect(inNewYork('2026-05-04T21:00', [EVENING])).toBe(false);
    expect(inNewYork('2026-05-09T19:00', [EVENING])).toBe(false);
    // 22:30 UTC is 18:30 in New York, not in London.
    const instant = Date.UTC(2026, 4, 4, 22, 30);
    expect(inDaypart(instant, [EVENING], NY)).toBe(true);
    expect(inDaypart(instant, [EVENING], 'Europe/London')).toBe(false);
  });

  it('runs past midnight into the next day when from is after to', () => {
    const lateFriday: Daypart = { days: [5], from: '22:00', to: '02:00' };
    expect(inNewYork('2026-05-08T21:59', [lateFriday])).toBe(false);
    expect(inNewYork('2026-05-08T23:00', [lateFriday])).toBe(true);
    expect(inNewYork('2026-05-09T01:59', [lateFriday])).toBe(true);
    expect(inNewYork('2026-05-09T02:00', [lateFriday])).toBe(false);
    // Friday's small hours belong to Thursday's night, not listed.
    expect(inNewYork('2026-05-08T01:00', [lateFriday])).toBe(false);
    // Sunday night into Monday wraps the week.
    const sundayNight: Daypart = { days: [7], from: '23:00', to: '01:00' };
    expect(inNewYork('2026-05-11T00:30', [sundayNight])).toBe(true);
  });

  it('takes 24:00 as the end of the day, and equal times as 24 hours', () => {
    const evening: Daypart = { days: [1], from: '20:00', to: '24:00' };
    expect(inNewYork('2026-05-04T23:59', [evening])).toBe(true);
    expect(inNewYork('2026-05-05T00:00', [evening])).toBe(false);
    const mondayFromSix: Daypart = { days: [1], from: '06:00', to: '06:00' };
    expect(inNewYork('2026-05-05T05:59', [mondayFromSix])).toBe(true);
    expect(inNewYork('2026-05-05T06:00', [mondayFromSix])).toBe(false);
  });

  it('is all day with no dayparts, and never with a daypart of no days', () => {
    expect(inNewYork('2026-05-09T03:00', [])).toBe(true);
    expect(inNewYork('2026-05-09T03:00', [{ days: [], from: '00:00', to: '24:00' }])).toBe(false);
  });

  it('matches any of several dayparts', () => {
    const morning: Daypart = { days: [6, 7], from: '07:00', to: '09:00' };
    expect(inNewYork('2026-05-09T08:00', [EVENING, morning])).toBe(true);
    expect(inNewYork('2026-05-04T08:00', [EVENING, morning])).toBe(false);
  });

  it('matches nothing in the hour skipped on the 23-hour day, and both repeated hours on the 25-hour one', () => {
    const twoAm: Daypart = { days: [7], from: '02:00', to: '03:00' };
    const springForward = localToInstant('2026-03-08T01:59', NY);
    // One minute later the clock reads 03:00.
    expect(inDaypart(springForward + 60_000, [twoAm], NY)).toBe(false);
    const oneAm: Daypart = { days: [7], from: '01:00', to: '02:00' };
    const firstOneAm = localToInstant('2026-11-01T01:30', NY);
    expect(inDaypart(firstOneAm, [oneAm], NY)).toBe(true);
    expect(inDaypart(firstOneAm + 3_600_000, [oneAm], NY)).toBe(true);
    expect(inDaypart(firstOneAm + 2 * 3_600_000, [oneAm], NY)).toBe(false);
  });

  it('refuses times and days it cannot read', () => {
    const at = Date.UTC(2026, 4, 4);
    expect(() => inDaypart(at, [{ days: [1], from: '7:00', to: '09:00' }], NY)).toThrow(/HH:MM/);
    expect(() => inDaypart(at, [{ days: [1], from: '24:00', to: '09:00' }], NY)).toThrow(/23:59/);
    expect(() => inDaypart(at, [{ days: [1], from: '08:00', to: '24:01' }], NY)).toThrow(/24:00/);
    expect(() => inDaypart(at, [{ days: [0], from: '08:00', to: '09:00' }], NY)).toThrow(/Monday/);
  });
});

describe('LocalClock', () => {
  it('tells the two 01:00 hours of the 25-hour day apart and agrees with Temporal around both changes', () => {
    const clock = new LocalClock(NY);
    const first = localToInstant('2026-11-01T01:30', NY);
    const one = clock.read(first);
    const two = clock.read(first + 3_600_000);
    expect([one.minute, two.minute]).toEqual([90, 90]);
    expect(two.hourStartMs - one.hourStartMs).toBe(3_600_000);
    // Read backwards and forwards across both changes: the cached offset never leaks.
    const probes = [
      '2026-11-01T00:59',
      '2026-03-08T03:00',
      '2026-11-01T03:00',
      '2026-03-08T01:59',
      '2026-07-01T12:00',
      '2026-01-01T00:00',
    ];
    for (const local of probes) {
      const moment = clock.read(localToInstant(local, NY));
      const [hh = 0, mm = 0] = local.slice(11).split(':').map(Number);
      expect(moment.minute).toBe(hh * 60 + mm);
    }
    // The very instant of a change reads the new offset.
    const change = Date.UTC(2026, 2, 8, 7);
    expect(clock.read(change - 1).minute).toBe(119);
    expect(clock.read(change).minute).toBe(180);
    expect(clock.read(change - 1).minute).toBe(119);
  });
});
