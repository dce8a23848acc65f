import { localToInstant } from '@airgrid/domain';
import { describe, expect, it } from 'vitest';
import {
  firstKeyFrom,
  planSeriesEdit,
  type SeriesTimeslot,
  type StoredRecurrence,
} from './series-plan.js';

const ZONE = 'America/New_York';
const weekly: StoredRecurrence = {
  id: 'recurrence00001',
  channel: 'channel00000001',
  show: 'council00000001',
  rrule: 'FREQ=WEEKLY;BYDAY=TU',
  timeZone: ZONE,
  startLocal: '2026-03-03T19:00',
  durationSec: 3600,
  until: null,
  exceptions: {},
};

function made(key: string, extra: Partial<SeriesTimeslot> = {}): SeriesTimeslot {
  return {
    id: `slot${key.slice(5, 10).replace('-', '')}0000000`.slice(0, 15),
    start: localToInstant(key, ZONE),
    durationSec: 3600,
    channel: weekly.channel,
    show: weekly.show,
    status: 'scheduled',
    locked: false,
    occurrence: key,
    ...extra,
  };
}

describe('planSeriesEdit', () => {
  it('re-keys airings and their overrides to the new time, keeping what was changed by hand', () => {
    const recurrence = {
      ...weekly,
      exceptions: {
        '2026-03-10T19:00': { show: 'news00000000001' },
        '2026-03-17T19:00': { startLocal: '2026-03-17T21:00' },
        '2026-03-24T19:00': { cancelled: true as const },
      },
    };
    const affected = ['2026-03-10T19:00', '2026-03-17T19:00', '2026-03-24T19:00'].map((key) =>
      made(key, key === '2026-03-24T19:00' ? { status: 'cancelled' } : {}),
    );
    const plan = planSeriesEdit(
      recurrence,
      '2026-03-10T19:00',
      { time: '21:00', durationSec: 1800 },
      { channel: weekly.channel, timeZone: ZONE },
      affected,
    );
    expect(plan.before?.until).toBe(localToInstant('2026-03-03T19:00', ZONE));
    expect(plan.after).toMatchObject({
      startLocal: '2026-03-10T21:00',
      durationSec: 1800,
      // The move to 21:00 is what the rule now says anyway: that override is gone.
      exceptions: {
        '2026-03-10T21:00': { show: 'news00000000001' },
        '2026-03-24T21:00': { cancelled: true },
      },
    });
    expect(plan.placements.map((p) => [p.key, p.show, p.status, p.timeslot?.id])).toEqual([
      ['2026-03-10T21:00', 'news00000000001', 'scheduled', affected[0]?.id],
      ['2026-03-17T21:00', weekly.show, 'scheduled', affected[1]?.id],
      ['2026-03-24T21:00', weekly.show, 'cancelled', affected[2]?.id],
    ]);
    expect(plan.removed).toEqual([]);
  });

  it('removes the airings a new rule no longer has and adds the ones it gains', () => {
    const affected = ['2026-03-03T19:00', '2026-03-10T19:00'].map((key) => made(key));
    const plan = planSeriesEdit(
      weekly,
      '2026-03-03T19:00',
      { rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,WE' },
      { channel: weekly.channel, timeZone: ZONE },
      affected,
    );
    expect(plan.before).toBeNull();
    expect(plan.placements.map((p) => [p.key, Boolean(p.timeslot)])).toEqual([
      ['2026-03-03T19:00', true],
      ['2026-03-04T19:00', false],
    ]);
    expect(plan.removed.map((slot) => slot.occurrence)).toEqual(['2026-03-10T19:00']);
  });

  it('finds the first airing not yet started', () => {
    expect(firstKeyFrom(weekly, localToInstant('2026-03-10T19:00', ZONE))).toBe('2026-03-10T19:00');
    expect(firstKeyFrom(weekly, localToInstant('2026-03-10T19:01', ZONE))).toBe('2026-03-17T19:00');
    expect(
      firstKeyFrom({ ...weekly, rrule: 'FREQ=WEEKLY;COUNT=1' }, Date.parse('2027-01-01')),
    ).toBeNull();
  });
});
