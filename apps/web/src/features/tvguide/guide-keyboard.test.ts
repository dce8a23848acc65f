import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Interval } from './guide-geometry';
import { type GridPosition, isGuideKey, moveFocus, programmeAt } from './guide-keyboard';

const H = 60; // the tests count in minutes
const FROM = 0;
const at = (row: number, index: number): GridPosition => ({ row, index });
const row = (...spans: [number, number][]) => ({
  programmes: spans.map(([start, end]) => ({ start, end })),
});

// Channel 0: 0–60, 60–120, 120–180.  Channel 1: 0–30, 30–90, 90–180.
// Channel 2: nothing on.              Channel 3: -30–45 (began before the window), 45–180.
const rows = [
  row([0, H], [H, 2 * H], [2 * H, 3 * H]),
  row([0, 30], [30, 90], [90, 3 * H]),
  row(),
  row([-30, 45], [45, 3 * H]),
];
const options = { pageRows: 2, windowFrom: FROM };

describe('programmeAt', () => {
  const programmes: Interval[] = [
    { start: 0, end: 30 },
    { start: 30, end: 60 },
    { start: 100, end: 130 },
  ];

  it('finds the programme airing at an instant, start included and end excluded', () => {
    expect(programmeAt(programmes, 0)).toBe(0);
    expect(programmeAt(programmes, 29)).toBe(0);
    expect(programmeAt(programmes, 30)).toBe(1);
    expect(programmeAt(programmes, 129)).toBe(2);
  });

  it('picks the nearer neighbour in a gap, the earlier on a tie, and the ends outside', () => {
    expect(programmeAt(programmes, 70)).toBe(1);
    expect(programmeAt(programmes, 90)).toBe(2);
    expect(programmeAt(programmes, 80)).toBe(1);
    expect(programmeAt(programmes, -10)).toBe(0);
    expect(programmeAt(programmes, 500)).toBe(2);
    expect(programmeAt([], 10)).toBe(-1);
  });

  it('finds a long programme still airing under a shorter one that ended', () => {
    const nested = [
      { start: 0, end: 100 },
      { start: 10, end: 20 },
    ];
    expect(programmeAt(nested, 50)).toBe(0);
  });

  it('returns a programme airing at the instant whenever there is one', () => {
    const backToBack = fc
      .array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 50 })
      .map((lengths) => {
        let cursor = 0;
        return lengths.map((length) => {
          const item = { start: cursor, end: cursor + length * 15 };
          cursor = item.end;
          return item;
        });
      });
    fc.assert(
      fc.property(backToBack, fc.integer({ min: 0, max: 6000 }), (items, instant) => {
        const found = programmeAt(items, instant);
        const airing = items.findIndex((item) => item.start <= instant && instant < item.end);
        if (airing >= 0) expect(found).toBe(airing);
        else expect(found).toBe(items.length - 1);
      }),
    );
  });
});

describe('moving the focus', () => {
  it('moves left and right within a channel and holds at its ends', () => {
    expect(moveFocus(rows, at(0, 1), 'ArrowRight', options).position).toEqual(at(0, 2));
    expect(moveFocus(rows, at(0, 2), 'ArrowRight', options).position).toEqual(at(0, 2));
    expect(moveFocus(rows, at(0, 1), 'ArrowLeft', options).position).toEqual(at(0, 0));
    expect(moveFocus(rows, at(0, 0), 'ArrowLeft', options).position).toEqual(at(0, 0));
  });

  it('moves down to what airs at the same time on the next channel', () => {
    // 60–120 starts at 60, when 30–90 airs on channel 1.
    expect(moveFocus(rows, at(0, 1), 'ArrowDown', options).position).toEqual(at(1, 1));
    expect(moveFocus(rows, at(1, 2), 'ArrowUp', options).position).toEqual(at(0, 1));
  });

  it('passes over a channel with nothing on', () => {
    expect(moveFocus(rows, at(1, 0), 'ArrowDown', options).position).toEqual(at(3, 0));
    expect(moveFocus(rows, at(3, 1), 'ArrowUp', options).position).toEqual(at(1, 1));
  });

  it('holds at the first and last channel', () => {
    expect(moveFocus(rows, at(0, 1), 'ArrowUp', options).position).toEqual(at(0, 1));
    expect(moveFocus(rows, at(3, 1), 'ArrowDown', options).position).toEqual(at(3, 1));
  });

  it('anchors a programme that began before the window at the window start', () => {
    const move = moveFocus(rows, at(3, 0), 'ArrowUp', options);
    expect(move.anchor).toBe(FROM);
    expect(move.position).toEqual(at(1, 0));
  });

  it('keeps to the anchor across vertical moves, so a short programme does not pull it sideways', () => {
    const first = moveFocus(rows, at(0, 2), 'ArrowDown', options); // 120–180 → 90–180
    expect(first.position).toEqual(at(1, 2));
    expect(first.anchor).toBe(120);
    const back = moveFocus(rows, first.position, 'ArrowUp', { ...options, anchor: first.anchor });
    expect(back.position).toEqual(at(0, 2));
    // Without the anchor, 90–180 starts at 90, which is in 60–120.
    expect(moveFocus(rows, first.position, 'ArrowUp', options).position).toEqual(at(0, 1));
  });

  it('resets the anchor on a horizontal move', () => {
    expect(moveFocus(rows, at(0, 0), 'ArrowRight', { ...options, anchor: 170 }).anchor).toBe(H);
  });

  it('goes to the first and last programme of the channel with Home and End', () => {
    expect(moveFocus(rows, at(1, 1), 'Home', options).position).toEqual(at(1, 0));
    expect(moveFocus(rows, at(1, 1), 'End', options).position).toEqual(at(1, 2));
  });

  it('goes to the first and last programme of the guide with Ctrl+Home and Ctrl+End', () => {
    expect(moveFocus(rows, at(1, 1), 'Home', { ...options, ctrl: true }).position).toEqual(
      at(0, 0),
    );
    expect(moveFocus(rows, at(1, 1), 'End', { ...options, ctrl: true }).position).toEqual(at(3, 1));
  });

  it('moves a page of channels with PageDown and PageUp, landing on one with programmes', () => {
    // Two rows down from channel 1 is channel 3, where -30–45 airs at 30.
    expect(moveFocus(rows, at(1, 1), 'PageDown', options).position).toEqual(at(3, 0));
    // Two rows down from channel 0 is the empty channel 2: back to channel 1.
    expect(moveFocus(rows, at(0, 0), 'PageDown', options).position).toEqual(at(1, 0));
    expect(moveFocus(rows, at(3, 1), 'PageUp', options).position).toEqual(at(1, 1));
    expect(moveFocus(rows, at(1, 1), 'PageUp', { ...options, pageRows: 10 }).position).toEqual(
      at(0, 0),
    );
    expect(moveFocus(rows, at(3, 1), 'PageDown', options).position).toEqual(at(3, 1));
  });

  it('stays put from a position that no longer exists', () => {
    expect(moveFocus(rows, at(2, 0), 'ArrowDown', options).position).toEqual(at(2, 0));
  });

  it('always lands on a programme that exists', () => {
    const keys = [
      'ArrowLeft',
      'ArrowRight',
      'ArrowUp',
      'ArrowDown',
      'Home',
      'End',
      'PageUp',
      'PageDown',
    ] as const;
    const grids = fc.array(
      fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 8 }).map((lengths) => {
        let cursor = -15;
        return row(
          ...lengths.map((length): [number, number] => {
            const span: [number, number] = [cursor, cursor + length * 15];
            cursor = span[1];
            return span;
          }),
        );
      }),
      { minLength: 1, maxLength: 8 },
    );
    fc.assert(
      fc.property(
        grids,
        fc.array(fc.tuple(fc.constantFrom(...keys), fc.boolean()), { maxLength: 20 }),
        (grid, presses) => {
          const start = grid.findIndex((line) => line.programmes.length > 0);
          if (start < 0) return;
          let position = at(start, 0);
          let anchor: number | undefined;
          for (const [key, ctrl] of presses) {
            const move = moveFocus(grid, position, key, {
              pageRows: 3,
              ctrl,
              anchor,
              windowFrom: 0,
            });
            position = move.position;
            // The page keeps the anchor only across vertical moves, as the grid does.
            anchor = key === 'ArrowUp' || key === 'ArrowDown' ? move.anchor : undefined;
            expect(grid[position.row]?.programmes[position.index]).toBeDefined();
          }
        },
      ),
    );
  });

  it('knows which keys are its own', () => {
    expect(isGuideKey('PageDown')).toBe(true);
    expect(isGuideKey('Enter')).toBe(false);
    expect(isGuideKey('Tab')).toBe(false);
  });
});
