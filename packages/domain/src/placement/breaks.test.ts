import { describe, expect, it } from 'vitest';
import { localToInstant } from '../time.js';
import {
  airSeconds,
  type Break,
  breakInventory,
  type InventoryInput,
  type InventoryShow,
  type InventoryTimeslot,
  programmePauses,
  showOnGrid,
} from './breaks.js';

const DAY = Date.UTC(2026, 4, 4);
const MIN = 60_000;

/** The instant of "HH:MM" (or "HH:MM:SS") on the test day, UTC. */
function at(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return DAY + ((h * 60 + m) * 60 + s) * 1000;
}

function slot(
  id: string,
  startMs: number,
  minutes: number,
  extra: Partial<InventoryTimeslot> = {},
): InventoryTimeslot {
  return {
    id,
    showId: `show-${id}`,
    startMs,
    durationSec: minutes * 60,
    status: 'scheduled',
    ...extra,
  };
}

function show(
  id: string,
  runtimeSec: number | null,
  breakPoints: InventoryShow['breakPoints'] = [],
) {
  return { id: `show-${id}`, runtimeSec, breakPoints };
}

function inventory(extra: Partial<InventoryInput>): Break[] {
  return breakInventory({
    channel: { id: 'ch', timeZone: 'UTC' },
    from: at('10:00'),
    to: at('11:00'),
    timeslots: [],
    shows: [],
    defaultPointSec: 120,
    ...extra,
  });
}

/** Breaks as short strings: "kind HH:MM:SS.mmm capacity". */
function brief(breaks: Break[]): string[] {
  return breaks.map(
    (b) => `${b.kind} ${new Date(b.startMs).toISOString().slice(11, 23)} ${b.capacitySec}`,
  );
}

describe('breakInventory: a programme and its breaks', () => {
  it('puts the spare seconds of a slot after the show, exact to the frame', () => {
    const breaks = inventory({
      timeslots: [slot('a', at('10:00'), 30)],
      shows: [show('a', 1741.741)],
    });
    expect(brief(breaks).slice(1)).toEqual(['gap 10:30:00.000 900', 'gap 10:45:00.000 900']);
    const [end] = breaks;
    expect(end).toEqual({
      id: `ch:${at('10:00') + 1_741_741}:end`,
      channel: 'ch',
      timeZone: 'UTC',
      startMs: at('10:00') + 1_741_741,
      kind: 'end',
      capacitySec: 1800 - 1741.741,
      programme: { timeslotId: 'a', showId: 'show-a' },
      before: { timeslotId: 'a', showId: 'show-a' },
      after: null,
    });
  });

  it('opens a break at each break point and pushes the programme back by it', () => {
    // One hour, 55 minutes of programme: 300 spare seconds for three points and the end.
    const breaks = inventory({
      timeslots: [slot('a', at('10:00'), 60)],
      shows: [
        show('a', 3300, [
          { atSec: 2700, lengthSec: 120 },
          { atSec: 900, lengthSec: 90 },
          { atSec: 1800 },
        ]),
      ],
    });
    expect(brief(breaks)).toEqual([
      'point 10:15:00.000 90',
      'point 10:31:30.000 120', // 30 minutes in, after the first break's 90 s
      'point 10:48:30.000 90', // 45 minutes in, after 210 s of breaks: only 90 s are left
    ]);
    // Nothing is left for the end: the slot's breaks add up to its spare seconds.
    expect(breaks.reduce((sum, b) => sum + b.capacitySec, 0)).toBe(300);
  });

  it('leaves the end break what the point breaks did not use', () => {
    const breaks = inventory({
      timeslots: [slot('a', at('10:00'), 30), slot('b', at('10:30'), 30)],
      shows: [show('a', 1620, [{ atSec: 810, lengthSec: 60 }]), show('b', 1800)],
    });
    expect(brief(breaks)).toEqual(['point 10:13:30.000 60', 'end 10:28:00.000 120']);
    expect(breaks[1]?.after).toEqual({ timeslotId: 'b', showId: 'show-b' });
    expect(breaks[0]?.before).toEqual(breaks[0]?.after);
  });

  it('ignores break points outside the programme and merges two at one instant', () => {
    const breaks = inventory({
      timeslots: [slot('a', at('10:00'), 30)],
      shows: [
        show('a', 1500, [
          { atSec: 0 },
          { atSec: 1500 },
          { atSec: 600, lengthSec: 30 },
          { atSec: 600, lengthSec: 45 },
        ]),
      ],
      to: at('10:30'),
    });
    expect(brief(breaks)).toEqual(['point 10:10:00.000 45', 'end 10:25:45.000 255']);
  });

  it('gives no break to a show of unknown runtime or one that fills its slot', () => {
    const breaks = inventory({
      timeslots: [slot('a', at('10:00'), 30), slot('b', at('10:30'), 30)],
      shows: [show('a', null, [{ atSec: 600 }]), show('b', 1900)],
    });
    expect(breaks).toEqual([]);
  });

  it('drops a break that a later, double-booked slot covers, as the air plan airs that one', () => {
    const breaks = inventory({
      timeslots: [slot('a', at('10:00'), 30), slot('b', at('10:15'), 30)],
      shows: [show('a', 1200, [{ atSec: 600, lengthSec: 60 }]), show('b', 1740)],
    });
    expect(brief(breaks)).toEqual([
      'point 10:10:00.000 60',
      'end 10:44:00.000 60',
      'gap 10:45:00.000 900',
    ]);
  });
});

describe('breakInventory: gaps', () => {
  it('counts time between timeslots and cancelled ones as gaps, cut at quarter hours', () => {
    const breaks = inventory({
      timeslots: [
        slot('a', at('09:30'), 40),
        slot('x', at('10:15'), 15, { status: 'cancelled' }),
        slot('b', at('10:40'), 20),
      ],
      shows: [show('a', 2400), show('b', 1200), show('x', 600)],
    });
    expect(brief(breaks)).toEqual([
      'gap 10:10:00.000 300',
      'gap 10:15:00.000 900',
      'gap 10:30:00.000 600',
    ]);
    expect(breaks[0]?.before).toEqual({ timeslotId: 'a', showId: 'show-a' });
    expect(breaks[1]).toMatchObject({ before: null, after: null, programme: null });
    expect(breaks[2]?.after).toEqual({ timeslotId: 'b', showId: 'show-b' });
  });

  it('lists the breaks starting in the window, with the same ids whatever the window', () => {
    const input = {
      timeslots: [slot('a', at('10:00'), 30), slot('b', at('11:00'), 30)],
      shows: [show('a', 1700), show('b', 1700)],
    };
    const whole = inventory({ ...input, from: at('09:00'), to: at('12:00') });
    const part = inventory({ ...input, from: at('10:20'), to: at('11:40') });
    expect(part).toEqual(whole.filter((b) => b.startMs >= at('10:20') && b.startMs < at('11:40')));
    expect(brief(part)).toEqual([
      'end 10:28:20.000 100',
      'gap 10:30:00.000 900',
      'gap 10:45:00.000 900',
      'end 11:28:20.000 100',
      'gap 11:30:00.000 900',
    ]);
  });

  it('cuts a gap mid-quarter where a slot off the quarter grid ends', () => {
    const breaks = inventory({
      timeslots: [slot('a', at('09:00'), 0, { durationSec: 4206 })],
      shows: [show('a', 4206)],
      from: at('10:00'),
      to: at('10:30'),
    });
    expect(brief(breaks)).toEqual(['gap 10:10:06.000 294', 'gap 10:15:00.000 900']);
  });
});

describe('breakInventory on New York days of 23 and 25 hours', () => {
  const zone = 'America/New_York';
  const nyInput = (date: string, next: string): Partial<InventoryInput> => ({
    channel: { id: 'ny', timeZone: zone },
    from: localToInstant(`${date}T00:00`, zone),
    to: localToInstant(`${next}T00:00`, zone),
  });

  it('has 92 quarter-hour gap breaks on an empty spring-forward day and 100 on fall-back', () => {
    expect(inventory(nyInput('2026-03-08', '2026-03-09'))).toHaveLength(92);
    expect(inventory(nyInput('2026-11-01', '2026-11-02'))).toHaveLength(100);
  });

  it('puts the end break of a slot across the change at its real instant', () => {
    // 01:30 EST to 03:30 EDT is one hour on the 23-hour day.
    const start = localToInstant('2026-03-08T01:30', zone);
    const breaks = inventory({
      ...nyInput('2026-03-08', '2026-03-09'),
      timeslots: [slot('a', start, 60)],
      shows: [show('a', 3000)],
    });
    const end = breaks.find((b) => b.kind === 'end');
    expect(end).toMatchObject({ startMs: start + 50 * MIN, capacitySec: 600 });
    expect(new Date((end?.startMs ?? 0) + 600_000).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(breaks.filter((b) => b.kind === 'gap')).toHaveLength(92 - 4);
  });
});

describe('a playout channel’s shows on the segment grid', () => {
  it('pads the runtime to whole segments, moves break points back to a boundary, cuts allowances', () => {
    const show: InventoryShow = {
      id: 's',
      runtimeSec: 1499.95,
      breakPoints: [{ atSec: 605.5 }, { atSec: 3, lengthSec: 60 }, { atSec: 900, lengthSec: 40 }],
    };
    expect(showOnGrid(show, 6, 120)).toEqual({
      id: 's',
      runtimeSec: 1500,
      // 3 s is before the first boundary: no break there; 40 s is 36 s of whole segments.
      breakPoints: [
        { atSec: 600, lengthSec: 120 },
        { atSec: 900, lengthSec: 36 },
      ],
    });
    expect(showOnGrid({ id: 'n', runtimeSec: null, breakPoints: [] }, 6, 120).runtimeSec).toBe(
      null,
    );
  });

  it('counts a media a hair over a boundary as the segments it fills', () => {
    expect(airSeconds(30.0000001, 6)).toBe(30);
    expect(airSeconds(15, 6)).toBe(18);
    expect(airSeconds(0.2, 6)).toBe(6);
  });

  it('lays out a slot’s pauses from its spare seconds, the last cut to what is left', () => {
    const show: InventoryShow = {
      id: 's',
      runtimeSec: 1500,
      breakPoints: [{ atSec: 600 }, { atSec: 1200, lengthSec: 600 }],
    };
    // A 30-minute slot: 300 spare seconds, 120 at 10:00, the other 180 at 20:00, none at the end.
    expect(programmePauses(1800, show, 120)).toEqual({
      pauses: [
        { atSec: 600, lengthSec: 120 },
        { atSec: 1200, lengthSec: 180 },
      ],
      endSec: 0,
    });
    expect(programmePauses(1500, show, 120)).toBeNull();
  });
});
