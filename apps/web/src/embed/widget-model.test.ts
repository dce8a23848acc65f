import type { GuideChannel, GuideResponse, GuideTimeslot } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  guideQuery,
  guideRows,
  guideWindow,
  moveInGrid,
  nowAndNext,
  progress,
  textOn,
  upcomingAirings,
} from './widget-model';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 10, 18); // 18:00 UTC

const record = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

function buildChannel(id: string, overrides: Partial<GuideChannel> = {}): GuideChannel {
  return {
    id,
    name: `Channel ${id}`,
    number: 1,
    slug: id,
    logo: '',
    color: '',
    timeZone: 'UTC',
    public: true,
    ...overrides,
  };
}

function buildSlot(id: string, channel: string, start: number, minutes: number): GuideTimeslot {
  return {
    id,
    channel,
    start: record(start),
    end: record(start + minutes * 60_000),
    durationSec: minutes * 60,
    show: {
      id: `show-${id}`,
      title: `Show ${id}`,
      subtitle: '',
      description: '',
      category: '',
      rating: '',
      durationSec: minutes * 60,
      thumbnail: '',
      season: 0,
      episode: 0,
      descriptions: '',
    },
  };
}

function buildGuide(channels: GuideChannel[], timeslots: GuideTimeslot[]): GuideResponse {
  return {
    organization: {
      id: 'org',
      slug: 'org',
      name: 'RCTV',
      timeZone: 'UTC',
      logo: '',
      accentColor: '',
    },
    from: record(T0),
    to: record(T0 + 4 * HOUR),
    channels,
    timeslots,
  };
}

describe('windows and queries', () => {
  it('reads the guide from the quarter hour, now/next a day and upcoming a week ahead', () => {
    const now = T0 + 7 * 60_000;
    expect(guideWindow('guide', now, 4)).toEqual({ from: T0, to: T0 + 4 * HOUR });
    expect(guideWindow('nownext', now, 4)).toEqual({ from: T0, to: T0 + 24 * HOUR });
    expect(guideWindow('upcoming', now, 4)).toEqual({ from: T0, to: T0 + 168 * HOUR });
  });

  it('names the organization and, when chosen, the channels', () => {
    const window = { from: T0, to: T0 + HOUR };
    expect(guideQuery('org1', [], window)).toBe(
      'organization=org1&from=2026-03-10T18%3A00%3A00.000Z&to=2026-03-10T19%3A00%3A00.000Z',
    );
    expect(new URLSearchParams(guideQuery('org1', ['a', 'b'], window)).get('channels')).toBe('a,b');
  });
});

describe('now and next', () => {
  const slots = [buildSlot('a', 'c1', T0, 30), buildSlot('b', 'c1', T0 + HOUR, 60)];

  it('finds what is on and what follows, across a gap', () => {
    expect(nowAndNext(slots, T0 + 10 * 60_000)).toEqual({ now: slots[0], next: slots[1] });
    expect(nowAndNext(slots, T0 + 45 * 60_000)).toEqual({ now: null, next: slots[1] });
    expect(nowAndNext(slots, T0 + 3 * HOUR)).toEqual({ now: null, next: null });
  });

  it('ends a programme at its end: the next one is on at the boundary', () => {
    const back = [buildSlot('a', 'c1', T0, 30), buildSlot('b', 'c1', T0 + 30 * 60_000, 30)];
    expect(nowAndNext(back, T0 + 30 * 60_000).now?.id).toBe('b');
    expect(progress(back[0] as GuideTimeslot, T0 + 15 * 60_000)).toBe(0.5);
  });
});

describe('upcoming airings', () => {
  it('puts what is on first, then by start and channel order, up to the count', () => {
    const guide = buildGuide(
      [buildChannel('c2'), buildChannel('c1')],
      [
        buildSlot('past', 'c1', T0 - HOUR, 30),
        buildSlot('on', 'c1', T0 - 10 * 60_000, 60),
        buildSlot('later-c1', 'c1', T0 + HOUR, 30),
        buildSlot('later-c2', 'c2', T0 + HOUR, 30),
        buildSlot('soon', 'c2', T0 + 30 * 60_000, 30),
      ],
    );
    const list = upcomingAirings(guide, T0, 4);
    expect(list.map((airing) => airing.slot.id)).toEqual(['on', 'soon', 'later-c2', 'later-c1']);
    expect(list[0]?.onAir).toBe(true);
    expect(upcomingAirings(guide, T0, 2)).toHaveLength(2);
  });
});

describe('guide rows', () => {
  it('places programmes in percent of the window and clips the one already running', () => {
    const guide = buildGuide(
      [buildChannel('c1'), buildChannel('c2')],
      [buildSlot('running', 'c1', T0 - HOUR, 120), buildSlot('late', 'c1', T0 + 3 * HOUR, 120)],
    );
    const rows = guideRows(guide, T0, T0 + 4 * HOUR);
    expect(rows.map((row) => row.channel.id)).toEqual(['c1', 'c2']);
    expect(rows[0]?.timeslots).toMatchObject([
      { left: 0, width: 25, clippedStart: true },
      { left: 75, width: 25, clippedStart: false },
    ]);
    expect(rows[1]?.timeslots).toEqual([]);
  });
});

describe('moving in the guide grid', () => {
  const span = (from: number, to: number) => ({ start: T0 + from * HOUR, end: T0 + to * HOUR });
  const rows = [[span(0, 1), span(1, 2), span(2, 4)], [span(0, 2.5), span(2.5, 4)], [span(0, 4)]];

  it('moves along a channel and stops at its ends', () => {
    expect(moveInGrid(rows, { row: 0, cell: 0 }, 'ArrowRight')).toEqual({ row: 0, cell: 1 });
    expect(moveInGrid(rows, { row: 0, cell: 2 }, 'ArrowRight')).toBeNull();
    expect(moveInGrid(rows, { row: 0, cell: 0 }, 'ArrowLeft')).toBeNull();
    expect(moveInGrid(rows, { row: 0, cell: 1 }, 'End')).toEqual({ row: 0, cell: 2 });
    expect(moveInGrid(rows, { row: 0, cell: 2 }, 'Home')).toEqual({ row: 0, cell: 0 });
  });

  it('moves between channels to what is on at the same time', () => {
    expect(moveInGrid(rows, { row: 0, cell: 2 }, 'ArrowDown')).toEqual({ row: 1, cell: 0 });
    expect(moveInGrid(rows, { row: 1, cell: 1 }, 'ArrowUp')).toEqual({ row: 0, cell: 2 });
    expect(moveInGrid(rows, { row: 1, cell: 1 }, 'ArrowDown')).toEqual({ row: 2, cell: 0 });
    expect(moveInGrid(rows, { row: 2, cell: 0 }, 'ArrowDown')).toBeNull();
    expect(moveInGrid(rows, { row: 0, cell: 0 }, 'ArrowUp')).toBeNull();
  });

  it('jumps to the corners with Ctrl+Home and Ctrl+End, and ignores other keys', () => {
    expect(moveInGrid(rows, { row: 1, cell: 1 }, 'Home', true)).toEqual({ row: 0, cell: 0 });
    expect(moveInGrid(rows, { row: 0, cell: 0 }, 'End', true)).toEqual({ row: 2, cell: 0 });
    expect(moveInGrid(rows, { row: 0, cell: 0 }, 'a')).toBeNull();
  });
});

describe('textOn', () => {
  it('picks black or white for the higher contrast on the accent', () => {
    expect(textOn('#ffff00')).toBe('#000000');
    expect(textOn('#1e3a8a')).toBe('#ffffff');
    expect(textOn('#2f6fdf')).toBe('#ffffff');
    expect(textOn('#777777')).toBe('#000000');
  });
});
