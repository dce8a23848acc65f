import { describe, expect, it } from 'vitest';
import { applyGesture, keyGesture } from './gesture';
import type { TimelineBar } from './types';

const HOUR = 3_600_000;
const MIN = 60_000;
const BASE = Date.UTC(2026, 4, 4, 6);

function bar(id: string, startHour: number, hours: number, extra: Partial<TimelineBar> = {}) {
  return {
    id,
    rowId: 'ch1',
    start: BASE + startHour * HOUR,
    durationSec: hours * 3600,
    label: id,
    ...extra,
  } satisfies TimelineBar;
}

describe('applyGesture', () => {
  const a = bar('a', 0, 1);
  const b = bar('b', 1, 1);
  const c = bar('c', 3, 1);
  const row = [a, b, c];

  it('moves a bar into a free gap in either mode', () => {
    for (const mode of ['push', 'no-overlap'] as const) {
      expect(applyGesture(row, b, 'move', b.start + 62 * MIN, mode)).toEqual({
        kind: 'changed',
        changes: [{ id: 'b', rowId: 'ch1', start: b.start + HOUR, durationSec: 3600 }],
      });
    }
  });

  it('push mode: moving onto a neighbour pushes it and reports both', () => {
    expect(applyGesture(row, a, 'move', a.start + 30 * MIN, 'push')).toEqual({
      kind: 'changed',
      changes: [
        { id: 'a', rowId: 'ch1', start: a.start + 30 * MIN, durationSec: 3600 },
        { id: 'b', rowId: 'ch1', start: b.start + 30 * MIN, durationSec: 3600 },
      ],
    });
  });

  it('push mode: resizing the end pushes the next bar', () => {
    expect(applyGesture(row, b, 'end', b.start + 150 * MIN, 'push')).toEqual({
      kind: 'changed',
      changes: [
        { id: 'b', rowId: 'ch1', start: b.start, durationSec: 9000 },
        { id: 'c', rowId: 'ch1', start: c.start + 30 * MIN, durationSec: 3600 },
      ],
    });
  });

  it('no-overlap mode: an overlapping move is refused naming the bar in the way', () => {
    expect(applyGesture(row, a, 'move', a.start + 30 * MIN, 'no-overlap')).toEqual({
      kind: 'refused',
      reason: 'overlap',
      blocking: 'b',
    });
  });

  it('a locked bar is refused as locked', () => {
    const locked = bar('l', 5, 1, { locked: true });
    expect(applyGesture([...row, locked], locked, 'move', locked.start + HOUR, 'push')).toEqual({
      kind: 'refused',
      reason: 'locked',
      blocking: 'l',
    });
  });

  it('a release on the same snapped span changes nothing', () => {
    expect(applyGesture(row, c, 'move', c.start + 7 * MIN, 'push')).toEqual({ kind: 'unchanged' });
  });

  it('moves the start edge, keeping the end', () => {
    expect(applyGesture(row, c, 'start', c.start - 45 * MIN, 'no-overlap')).toEqual({
      kind: 'changed',
      changes: [{ id: 'c', rowId: 'ch1', start: c.start - 45 * MIN, durationSec: 6300 }],
    });
  });
});

describe('keyGesture', () => {
  const b = bar('b', 1, 1);

  it('ArrowRight / ArrowLeft move by 15 minutes', () => {
    expect(keyGesture('ArrowRight', false, b)).toEqual({
      kind: 'move',
      instant: b.start + 15 * MIN,
    });
    expect(keyGesture('ArrowLeft', false, b)).toEqual({
      kind: 'move',
      instant: b.start - 15 * MIN,
    });
  });

  it('Shift+Arrow moves the end by 15 minutes', () => {
    const end = b.start + HOUR;
    expect(keyGesture('ArrowRight', true, b)).toEqual({ kind: 'end', instant: end + 15 * MIN });
    expect(keyGesture('ArrowLeft', true, b)).toEqual({ kind: 'end', instant: end - 15 * MIN });
  });

  it('other keys are not gestures', () => {
    expect(keyGesture('ArrowUp', false, b)).toBeNull();
    expect(keyGesture('a', true, b)).toBeNull();
  });
});
