import { describe, expect, it } from 'vitest';
import { overlapMessage, snapStartToQuarterHour } from './timeslots-collection.js';

describe('snapStartToQuarterHour', () => {
  it('rounds to the nearest 15 minutes, ties later', () => {
    expect(snapStartToQuarterHour('2026-11-24 19:07:29.999Z')).toBe('2026-11-24 19:00:00.000Z');
    expect(snapStartToQuarterHour('2026-11-24 19:07:30.000Z')).toBe('2026-11-24 19:15:00.000Z');
    expect(snapStartToQuarterHour('2026-11-24 23:53:00.000Z')).toBe('2026-11-25 00:00:00.000Z');
  });

  it('leaves what is not a date for validation to report', () => {
    expect(snapStartToQuarterHour('')).toBe('');
    expect(snapStartToQuarterHour('soon')).toBe('soon');
    expect(snapStartToQuarterHour(undefined)).toBeUndefined();
  });
});

describe('overlapMessage', () => {
  const collision = {
    id: 'x',
    title: 'Council Meeting',
    start: '2026-11-24 00:00:00.000Z',
    durationSec: 3600,
  };

  it('gives the times in the channel zone', () => {
    expect(overlapMessage(collision, { name: 'RCTV 1', timeZone: 'America/New_York' })).toBe(
      'Overlaps "Council Meeting" on RCTV 1 from 19:00 to 20:00 (America/New_York)',
    );
    expect(overlapMessage(collision, { name: 'RCTV 2', timeZone: 'Asia/Kathmandu' })).toBe(
      'Overlaps "Council Meeting" on RCTV 2 from 05:45 to 06:45 (Asia/Kathmandu)',
    );
  });

  it('follows the wall clock across a daylight-saving change', () => {
    const night = { ...collision, start: '2026-03-08 06:00:00.000Z', durationSec: 2 * 3600 };
    expect(overlapMessage(night, { name: 'RCTV 1', timeZone: 'America/New_York' })).toBe(
      'Overlaps "Council Meeting" on RCTV 1 from 01:00 to 04:00 (America/New_York)',
    );
  });
});
