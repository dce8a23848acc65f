import { describe, expect, it } from 'vitest';
import { flowMargins } from './bar-flow';
import { contrastRatio } from './color-schemes';
import { MARK_COLORS, MIN_MARK_PX, markBackground, markLevel, marksByRow } from './marks';
import type { TimelineMark } from './types';

const HOUR = 3_600_000;
const FROM = Date.UTC(2026, 2, 10, 0, 0, 0);
const TO = FROM + 24 * HOUR;

function mark(overrides: Partial<TimelineMark> = {}): TimelineMark {
  return {
    id: 'm1',
    rowId: 'r1',
    start: FROM + HOUR,
    durationSec: 120,
    fill: 0,
    label: 'Break 1:00:00 AM',
    ...overrides,
  };
}

describe('markLevel', () => {
  it('is empty at 0, some between, full from 1', () => {
    expect(markLevel(0)).toBe('empty');
    expect(markLevel(0.01)).toBe('some');
    expect(markLevel(0.99)).toBe('some');
    expect(markLevel(1)).toBe('full');
    expect(markLevel(1.2)).toBe('full');
  });

  it('reads a fill that is no number as empty', () => {
    expect(markLevel(Number.NaN)).toBe('empty');
    expect(markLevel(-1)).toBe('empty');
  });
});

describe('mark colours', () => {
  // The page's background: white, and the dark scheme's body (the app's dark.7).
  it.each(['#ffffff', '#1e2530'])('keep 3:1 against the page background %s', (background) => {
    for (const color of Object.values(MARK_COLORS)) {
      expect(contrastRatio(color, background)).toBeGreaterThanOrEqual(3);
    }
  });

  it('are three different colours', () => {
    expect(new Set(Object.values(MARK_COLORS)).size).toBe(3);
  });
});

describe('markBackground', () => {
  it('is the level colour when empty or full', () => {
    expect(markBackground(0)).toBe(MARK_COLORS.empty);
    expect(markBackground(1)).toBe(MARK_COLORS.full);
  });

  it('draws the used share from the left over the empty colour, at least 2 px', () => {
    expect(markBackground(0.4)).toBe(
      `linear-gradient(90deg, ${MARK_COLORS.some} max(2px, 40%), ${MARK_COLORS.empty} 0)`,
    );
    expect(markBackground(0.0004)).toContain('max(2px, 0%)');
  });
});

describe('marksByRow', () => {
  it('groups the marks in the window by row, each row in start order', () => {
    const late = mark({ id: 'late', start: FROM + 5 * HOUR });
    const early = mark({ id: 'early', start: FROM + 2 * HOUR });
    const other = mark({ id: 'other', rowId: 'r2' });
    const grouped = marksByRow([late, other, early], FROM, TO);
    expect(grouped.get('r1')?.map((each) => each.id)).toEqual(['early', 'late']);
    expect(grouped.get('r2')?.map((each) => each.id)).toEqual(['other']);
  });

  it('leaves out marks outside the window and keeps those across its edges', () => {
    const before = mark({ id: 'before', start: FROM - HOUR });
    const across = mark({ id: 'across', start: FROM - 60_000, durationSec: 120 });
    const after = mark({ id: 'after', start: TO });
    const endsAtStart = mark({ id: 'ends', start: FROM - 120_000, durationSec: 120 });
    const grouped = marksByRow([before, across, after, endsAtStart], FROM, TO);
    expect(grouped.get('r1')?.map((each) => each.id)).toEqual(['across']);
  });

  it('has no entry for a row without marks', () => {
    expect(marksByRow([], FROM, TO).size).toBe(0);
  });

  it('keeps a row’s array while its marks read the same, so the row does not draw again', () => {
    const first = marksByRow([mark(), mark({ id: 'r2m', rowId: 'r2' })], FROM, TO);
    const again = marksByRow(
      [mark(), mark({ id: 'r2m', rowId: 'r2', fill: 0.5 })],
      FROM,
      TO,
      first,
    );
    expect(again.get('r1')).toBe(first.get('r1'));
    expect(again.get('r2')).not.toBe(first.get('r2'));
    expect(again.get('r2')?.[0]?.fill).toBe(0.5);
  });

  it('draws a row again when its label changes', () => {
    const first = marksByRow([mark()], FROM, TO);
    const again = marksByRow([mark({ label: 'Break 1:00:00 AM, full' })], FROM, TO, first);
    expect(again.get('r1')).not.toBe(first.get('r1'));
  });
});

describe('marks in the flow', () => {
  it('widen a 3-second mark to the minimum and place the next after it', () => {
    // A 3 s break on a day 1,000 px wide is 0.03 px: drawn 3 px (0.3%), the next at 10%.
    const spans = [
      { left: 5, width: (3 / 86_400) * 100 },
      { left: 10, width: 1 },
    ];
    const margins = flowMargins(spans, 1000, MIN_MARK_PX);
    expect(margins[0]).toBe('5%');
    expect(Number.parseFloat(margins[1] ?? '')).toBeCloseTo(10 - 5 - 0.3, 6);
  });
});
