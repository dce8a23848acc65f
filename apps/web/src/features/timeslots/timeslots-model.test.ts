import type { GuideResponse } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  COLOR_BY_CHOICES,
  dayName,
  guideChunks,
  listStart,
  markLocked,
  mergeGuides,
  moveBody,
  parseColorBy,
  parseDraggedShow,
  primaryChange,
  refusalText,
  scrollTarget,
  stepDate,
  WORKSPACE_PRECISIONS,
  windowFor,
  windowTitle,
} from './timeslots-model';

const iso = (ms: number) => new Date(ms).toISOString();

describe('windowFor', () => {
  it('is the local day for hours', () => {
    const window = windowFor('hour', '2026-03-10', 'America/New_York');
    expect(window.first).toBe('2026-03-10');
    expect(iso(window.from)).toBe('2026-03-10T04:00:00.000Z');
    expect(iso(window.to)).toBe('2026-03-11T04:00:00.000Z');
  });

  it('is 23 hours long on the spring-forward day', () => {
    const window = windowFor('hour', '2026-03-08', 'America/New_York');
    expect(window.to - window.from).toBe(23 * 3_600_000);
  });

  it('is the Monday-to-Monday week for days', () => {
    // 2026-03-12 is a Thursday.
    const window = windowFor('day', '2026-03-12', 'UTC');
    expect(window.first).toBe('2026-03-09');
    expect(iso(window.from)).toBe('2026-03-09T00:00:00.000Z');
    expect(iso(window.to)).toBe('2026-03-16T00:00:00.000Z');
  });

  it('is two weeks from the Monday for dates', () => {
    const window = windowFor('date', '2026-03-15', 'Europe/Berlin');
    expect(window.first).toBe('2026-03-09');
    expect(iso(window.from)).toBe('2026-03-08T23:00:00.000Z');
    // Berlin moves to summer time on 2026-03-29, after this window.
    expect(iso(window.to)).toBe('2026-03-22T23:00:00.000Z');
  });

  it('is five weeks from the Monday for weeks, across a DST change', () => {
    const window = windowFor('week', '2026-03-15', 'Europe/Berlin');
    expect(window.first).toBe('2026-03-09');
    expect(iso(window.from)).toBe('2026-03-08T23:00:00.000Z');
    // 2026-04-13 00:00 in Berlin, on summer time.
    expect(iso(window.to)).toBe('2026-04-12T22:00:00.000Z');
  });

  it('is the calendar quarter for months', () => {
    const window = windowFor('month', '2026-11-25', 'UTC');
    expect(window.first).toBe('2026-10-01');
    expect(iso(window.from)).toBe('2026-10-01T00:00:00.000Z');
    expect(iso(window.to)).toBe('2027-01-01T00:00:00.000Z');
    expect(windowFor('month', '2026-02-03', 'UTC').first).toBe('2026-01-01');
  });
});

describe('stepDate', () => {
  it('steps by one window: a day, a week, two weeks, five weeks', () => {
    expect(stepDate('hour', '2026-03-31', 1)).toBe('2026-04-01');
    expect(stepDate('day', '2026-03-12', -1)).toBe('2026-03-05');
    expect(stepDate('date', '2026-12-28', 1)).toBe('2027-01-11');
    expect(stepDate('week', '2026-03-09', 1)).toBe('2026-04-13');
  });

  it('steps months by a quarter, into the window right before or after', () => {
    expect(stepDate('month', '2026-11-25', 1)).toBe('2027-01-01');
    expect(stepDate('month', '2026-11-25', -1)).toBe('2026-07-01');
    expect(windowFor('month', stepDate('month', '2026-01-15', -1), 'UTC').first).toBe('2025-10-01');
  });

  it('windows of consecutive steps tile the calendar for every precision', () => {
    for (const precision of WORKSPACE_PRECISIONS) {
      const here = windowFor(precision, '2026-11-25', 'America/New_York');
      const next = windowFor(precision, stepDate(precision, '2026-11-25', 1), 'America/New_York');
      const back = windowFor(precision, stepDate(precision, '2026-11-25', -1), 'America/New_York');
      expect(next.from, precision).toBe(here.to);
      expect(back.to, precision).toBe(here.from);
    }
  });
});

describe('windowTitle', () => {
  it('names a day, a week and a window across the year', () => {
    const zone = 'UTC';
    expect(windowTitle(windowFor('hour', '2026-03-10', zone), zone)).toBe('Mar 10, 2026');
    expect(windowTitle(windowFor('day', '2026-03-12', zone), zone)).toBe('Mar 9 – Mar 15, 2026');
    expect(windowTitle(windowFor('date', '2026-12-28', zone), zone)).toBe(
      'Dec 28, 2026 – Jan 10, 2027',
    );
    expect(windowTitle(windowFor('month', '2026-11-25', zone), zone)).toBe('Oct 1 – Dec 31, 2026');
  });
});

describe('guideChunks and mergeGuides', () => {
  const DAY = 86_400_000;
  const from = Date.parse('2026-10-01T00:00:00Z');

  it('keeps a window of two weeks or less in one request', () => {
    expect(guideChunks(from, from + 14 * DAY)).toEqual([{ from, to: from + 14 * DAY }]);
  });

  it('cuts a quarter into consecutive chunks of at most 14 days', () => {
    const to = Date.parse('2027-01-01T00:00:00Z');
    const chunks = guideChunks(from, to);
    expect(chunks).toHaveLength(7);
    expect(chunks[0]?.from).toBe(from);
    expect(chunks.at(-1)?.to).toBe(to);
    for (const [index, chunk] of chunks.entries()) {
      expect(chunk.to - chunk.from).toBeLessThanOrEqual(14 * DAY);
      if (index > 0) expect(chunk.from).toBe(chunks[index - 1]?.to);
    }
  });

  it('merges answers: channels once, each airing once, the whole window', () => {
    const channel = { id: 'c1' } as GuideResponse['channels'][number];
    const slot = (id: string) => ({ id }) as GuideResponse['timeslots'][number];
    const base = {
      organization: { id: 'o', slug: 's', name: 'S', timeZone: 'UTC', logo: '', accentColor: '' },
      channels: [channel],
    };
    const merged = mergeGuides([
      { ...base, from: 'a', to: 'b', timeslots: [slot('t1'), slot('t2')] },
      { ...base, from: 'b', to: 'c', timeslots: [slot('t2'), slot('t3')] },
    ]);
    expect(merged.channels).toEqual([channel]);
    expect(merged.timeslots.map((one) => one.id)).toEqual(['t1', 't2', 't3']);
    expect(merged).toMatchObject({ from: 'a', to: 'c' });
    expect(() => mergeGuides([])).toThrow('No guide answers');
  });
});

describe('primaryChange and moveBody', () => {
  const bar = { id: 't1', start: Date.parse('2026-03-10T06:00:00Z'), durationSec: 3600 };
  const pushed = { id: 't2', rowId: 'c1', start: bar.start + 5_400_000, durationSec: 1800 };
  const moved = { id: 't1', rowId: 'c1', start: bar.start + 1_800_000, durationSec: 3600 };

  it('picks the dragged bar among the pushed ones, else the first change', () => {
    expect(primaryChange([pushed, moved], 't1')).toBe(moved);
    expect(primaryChange([pushed, moved], null)).toBe(pushed);
    expect(primaryChange([], 't1')).toBeNull();
  });

  it('asks for a move when the length stayed', () => {
    expect(moveBody(bar, moved, 'push')).toEqual({
      timeslot: 't1',
      mode: 'push',
      start: '2026-03-10 06:30:00.000Z',
    });
  });

  it('asks for a resize of the end, or of the start', () => {
    expect(moveBody(bar, { ...moved, start: bar.start, durationSec: 4500 }, 'no-overlap')).toEqual({
      timeslot: 't1',
      mode: 'no-overlap',
      edge: 'end',
      end: '2026-03-10 07:15:00.000Z',
    });
    expect(
      moveBody(bar, { ...moved, start: bar.start - 900_000, durationSec: 4500 }, 'push'),
    ).toEqual({ timeslot: 't1', mode: 'push', edge: 'start', start: '2026-03-10 05:45:00.000Z' });
  });

  it('asks for nothing when nothing changed', () => {
    expect(moveBody(bar, { ...moved, start: bar.start }, 'push')).toBeNull();
  });
});

describe('list formatting', () => {
  it('shows the start on the channel’s clock, 12-hour with the US date', () => {
    expect(listStart(Date.parse('2026-03-10T18:30:00Z'), 'America/New_York')).toBe(
      '2:30 PM 03/10/2026',
    );
  });
});

describe('parseDraggedShow', () => {
  it('reads a show payload', () => {
    expect(parseDraggedShow('{"id":"s1","title":"News","durationSec":1800}')).toEqual({
      id: 's1',
      title: 'News',
      durationSec: 1800,
    });
  });

  it('refuses anything else with a message', () => {
    for (const payload of ['not json', '{"id":1}', 'null']) {
      expect(() => parseDraggedShow(payload)).toThrow(
        'What was dropped is not a show: drag one from the Shows list.',
      );
    }
  });
});

describe('refusalText', () => {
  it('names the blocking timeslot', () => {
    expect(refusalText('overlap', 'Weather')).toBe(
      'That would overlap "Weather" in no-overlap mode. Nothing was changed.',
    );
    expect(refusalText('locked', 'Noon Bulletin')).toBe(
      '"Noon Bulletin" is locked: unlock it before moving or resizing it. Nothing was changed.',
    );
  });
});

describe('scrollTarget', () => {
  const from = Date.parse('2026-03-10T00:00:00Z');
  const to = Date.parse('2026-03-11T00:00:00Z');
  const bars = [{ start: Date.parse('2026-03-10T20:00:00Z') }, { start: from - 3_600_000 }];

  it('is now when the window holds it', () => {
    const now = Date.parse('2026-03-10T15:00:00Z');
    expect(scrollTarget(from, to, now, bars)).toBe(now);
  });

  it('is the first timeslot in a window without now, clipped to its start', () => {
    expect(scrollTarget(from, to, to + 1, bars)).toBe(from);
    expect(scrollTarget(from, to, to + 1, bars.slice(0, 1))).toBe(bars[0]?.start);
    expect(scrollTarget(from, to, to + 1, [])).toBeNull();
  });
});

describe('markLocked', () => {
  const bars = [
    { id: 'a', start: 0 },
    { id: 'b', start: 1 },
  ];

  it('marks the bars whose timeslots are locked, and leaves the rest', () => {
    expect(markLocked(bars, new Set(['b']))).toEqual([
      { id: 'a', start: 0 },
      { id: 'b', start: 1, locked: true },
    ]);
  });

  it('leaves every bar as it is while the locked ones are not known yet', () => {
    expect(markLocked(bars, undefined)).toEqual(bars);
    expect(markLocked(bars, new Set())).toEqual(bars);
  });
});

describe('the colour choice', () => {
  it('is by channel unless category was stored (a week of uncategorised shows was one colour)', () => {
    expect(parseColorBy('category')).toBe('category');
    expect(parseColorBy('row')).toBe('row');
    expect(parseColorBy(null)).toBe('row');
    expect(parseColorBy('channel')).toBe('row');
    expect(parseColorBy('')).toBe('row');
  });

  it('offers channel first, then show category', () => {
    expect(COLOR_BY_CHOICES).toEqual([
      { value: 'row', label: 'Channel' },
      { value: 'category', label: 'Show category' },
    ]);
  });
});

describe('dayName', () => {
  it('names a day of the strip with its weekday, month and date', () => {
    expect(dayName('2026-03-10')).toBe('Tue, Mar 10');
    expect(dayName('2026-03-08')).toBe('Sun, Mar 8');
    expect(dayName('2026-03-09')).toBe('Mon, Mar 9');
    expect(dayName('2024-02-29')).toBe('Thu, Feb 29');
    expect(dayName('2026-12-31')).toBe('Thu, Dec 31');
  });
});
