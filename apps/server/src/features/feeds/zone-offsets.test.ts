import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  formatIcsLocal,
  formatIcsUtc,
  formatIcsWallClock,
  formatOffset,
  formatXmltvTime,
  ZoneOffsetCache,
  ZoneOffsets,
  zoneAbbreviation,
} from './zone-offsets.js';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

/** Zones with DST both ways, half-hour and 45-minute offsets, 30-minute DST, and none. */
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/Sao_Paulo',
  'UTC',
];

function temporalOffset(epochMs: number, zone: string): number {
  return (
    Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone).offsetNanoseconds / 1e6
  );
}

describe('formatXmltvTime', () => {
  const newYork = new ZoneOffsets('America/New_York');

  it('writes the wall-clock time and the explicit offset, without a colon', () => {
    expect(formatXmltvTime(at('2026-12-01T17:00:00Z'), newYork)).toBe('20261201120000 -0500');
    expect(formatXmltvTime(at('2026-07-04T16:30:15Z'), newYork)).toBe('20260704123015 -0400');
    expect(formatXmltvTime(at('2026-12-01T17:00:00Z'), new ZoneOffsets('UTC'))).toBe(
      '20261201170000 +0000',
    );
  });

  it('changes the offset at the November fall-back, through the repeated hour', () => {
    // 2026-11-01: 02:00 EDT becomes 01:00 EST at 06:00Z.
    expect(formatXmltvTime(at('2026-11-01T05:30:00Z'), newYork)).toBe('20261101013000 -0400');
    expect(formatXmltvTime(at('2026-11-01T05:59:59Z'), newYork)).toBe('20261101015959 -0400');
    expect(formatXmltvTime(at('2026-11-01T06:00:00Z'), newYork)).toBe('20261101010000 -0500');
    expect(formatXmltvTime(at('2026-11-01T06:30:00Z'), newYork)).toBe('20261101013000 -0500');
    expect(formatXmltvTime(at('2026-11-01T07:00:00Z'), newYork)).toBe('20261101020000 -0500');
  });

  it('skips the missing hour at the March spring-forward', () => {
    // 2027-03-14: 02:00 EST becomes 03:00 EDT at 07:00Z.
    expect(formatXmltvTime(at('2027-03-14T06:59:00Z'), newYork)).toBe('20270314015900 -0500');
    expect(formatXmltvTime(at('2027-03-14T07:00:00Z'), newYork)).toBe('20270314030000 -0400');
  });

  it('writes half-hour, 45-minute and negative half-hour offsets', () => {
    const instant = at('2026-06-15T12:00:00Z');
    expect(formatXmltvTime(instant, new ZoneOffsets('Asia/Kolkata'))).toBe('20260615173000 +0530');
    expect(formatXmltvTime(instant, new ZoneOffsets('Asia/Kathmandu'))).toBe(
      '20260615174500 +0545',
    );
    expect(formatXmltvTime(instant, new ZoneOffsets('America/St_Johns'))).toBe(
      '20260615093000 -0230',
    );
    expect(formatXmltvTime(instant, new ZoneOffsets('Pacific/Chatham'))).toBe(
      '20260616004500 +1245',
    );
  });

  it('agrees with Temporal for any instant and zone, asked in any order', () => {
    const zones = new ZoneOffsetCache();
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: at('1990-01-01T00:00:00Z'), max: at('2045-12-31T00:00:00Z') }),
        (zone, instant) => {
          const offsets = zones.get(zone);
          const offset = temporalOffset(instant, zone);
          expect(offsets.offsetAt(instant)).toBe(offset);
          const wall = Temporal.Instant.fromEpochMilliseconds(instant)
            .toZonedDateTimeISO(zone)
            .toPlainDateTime();
          const expected = `${wall.toString({ smallestUnit: 'second' }).replace(/[-:T]/g, '')} ${formatOffset(offset)}`;
          expect(formatXmltvTime(instant, offsets)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('formatOffset', () => {
  it('writes ±hhmm', () => {
    expect(formatOffset(0)).toBe('+0000');
    expect(formatOffset(-5 * HOUR)).toBe('-0500');
    expect(formatOffset(5.5 * HOUR)).toBe('+0530');
    expect(formatOffset(-3.5 * HOUR)).toBe('-0330');
    expect(formatOffset(13.75 * HOUR)).toBe('+1345');
    expect(formatOffset(-30 * 60_000)).toBe('-0030');
  });
});

/** True when the instant's wall-clock time in the zone belongs to two instants. */
function ambiguous(zone: string, instant: number): boolean {
  const wall = Temporal.Instant.fromEpochMilliseconds(instant)
    .toZonedDateTimeISO(zone)
    .toPlainDateTime();
  const earlier = wall.toZonedDateTime(zone, { disambiguation: 'earlier' }).epochMilliseconds;
  const later = wall.toZonedDateTime(zone, { disambiguation: 'later' }).epochMilliseconds;
  return earlier !== later;
}

describe('ZoneOffsets.isAmbiguousWallTime', () => {
  const newYork = new ZoneOffsets('America/New_York');

  it('is true for both passes through the fall-back hour, and only for them', () => {
    expect(newYork.isAmbiguousWallTime(at('2026-11-01T04:59:59Z'))).toBe(false); // 00:59:59 EDT
    expect(newYork.isAmbiguousWallTime(at('2026-11-01T05:00:00Z'))).toBe(true); // 01:00 EDT
    expect(newYork.isAmbiguousWallTime(at('2026-11-01T05:30:00Z'))).toBe(true); // 01:30 EDT
    expect(newYork.isAmbiguousWallTime(at('2026-11-01T06:00:00Z'))).toBe(true); // 01:00 EST
    expect(newYork.isAmbiguousWallTime(at('2026-11-01T06:59:59Z'))).toBe(true); // 01:59:59 EST
    expect(newYork.isAmbiguousWallTime(at('2026-11-01T07:00:00Z'))).toBe(false); // 02:00 EST
    expect(newYork.isAmbiguousWallTime(at('2027-03-14T07:00:00Z'))).toBe(false); // spring forward
    expect(newYork.isAmbiguousWallTime(at('2026-12-01T07:00:00Z'))).toBe(false);
  });

  it('knows the half hour Lord Howe repeats', () => {
    const lordHowe = new ZoneOffsets('Australia/Lord_Howe');
    // 2026-04-05 02:00 +11 becomes 01:30 +10:30 at 15:00Z the day before.
    expect(lordHowe.isAmbiguousWallTime(at('2026-04-04T14:25:00Z'))).toBe(false);
    expect(lordHowe.isAmbiguousWallTime(at('2026-04-04T14:45:00Z'))).toBe(true);
    expect(lordHowe.isAmbiguousWallTime(at('2026-04-04T15:10:00Z'))).toBe(true);
    expect(lordHowe.isAmbiguousWallTime(at('2026-04-04T15:30:00Z'))).toBe(false);
  });

  it('agrees with Temporal for any zone and instant, around every transition too', () => {
    const zones = new ZoneOffsetCache();
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: at('2026-01-01T00:00:00Z'), max: at('2028-01-01T00:00:00Z') }),
        (zone, instant) => {
          expect(zones.get(zone).isAmbiguousWallTime(instant)).toBe(ambiguous(zone, instant));
        },
      ),
      { numRuns: 3000 },
    );
    // Random instants seldom land in a repeated hour: walk every transition of two years.
    for (const zone of ZONES) {
      const offsets = zones.get(zone);
      const transitions = offsets.transitions(
        at('2026-01-01T00:00:00Z'),
        at('2028-01-01T00:00:00Z'),
      );
      for (const transition of transitions) {
        for (let delta = -2 * HOUR; delta <= 2 * HOUR; delta += 5 * 60_000) {
          const instant = transition.at + delta;
          expect(
            offsets.isAmbiguousWallTime(instant),
            `${zone} ${new Date(instant).toISOString()}`,
          ).toBe(ambiguous(zone, instant));
        }
      }
    }
  });
});

describe('ZoneOffsets.transitions', () => {
  it('gives the rule in force at the start and every change inside the window', () => {
    const transitions = new ZoneOffsets('America/New_York').transitions(
      at('2026-10-30T04:00:00Z'),
      at('2026-11-14T05:00:00Z'),
    );
    expect(transitions).toEqual([
      { at: at('2026-03-08T07:00:00Z'), offsetFrom: -5 * HOUR, offsetTo: -4 * HOUR },
      { at: at('2026-11-01T06:00:00Z'), offsetFrom: -4 * HOUR, offsetTo: -5 * HOUR },
    ]);
  });

  it('counts a change exactly at the start as the rule in force', () => {
    const transitions = new ZoneOffsets('America/New_York').transitions(
      at('2026-11-01T06:00:00Z'),
      at('2026-11-02T06:00:00Z'),
    );
    expect(transitions.map((t) => t.at)).toEqual([at('2026-11-01T06:00:00Z')]);
  });

  it('is empty for a zone that never changed', () => {
    expect(new ZoneOffsets('UTC').transitions(0, at('2030-01-01T00:00:00Z'))).toEqual([]);
  });
});

describe('iCalendar date-times', () => {
  const newYork = new ZoneOffsets('America/New_York');

  it('writes UTC with a Z and local time without one', () => {
    expect(formatIcsUtc(at('2026-11-01T06:30:00Z'))).toBe('20261101T063000Z');
    expect(formatIcsLocal(at('2026-11-01T05:30:00Z'), newYork)).toBe('20261101T013000');
    expect(formatIcsLocal(at('2027-03-14T07:00:00Z'), newYork)).toBe('20270314T030000');
    expect(formatIcsWallClock(at('2026-11-01T02:00:00Z'))).toBe('20261101T020000');
  });
});

describe('zoneAbbreviation', () => {
  it('names the offset in force', () => {
    expect(zoneAbbreviation('America/New_York', at('2026-07-01T00:00:00Z'))).toBe('EDT');
    expect(zoneAbbreviation('America/New_York', at('2026-12-01T00:00:00Z'))).toBe('EST');
  });
});

describe('ZoneOffsets', () => {
  it('refuses a zone the runtime does not know', () => {
    expect(() => new ZoneOffsets('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
