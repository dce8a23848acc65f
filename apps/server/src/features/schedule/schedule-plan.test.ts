import { type Bar, barsOverlap } from '@airgrid/domain';
import { describe, expect, it } from 'vitest';
import { instanceCollisions, reachesBeyond, reachOf, writeOrder } from './schedule-plan.js';

const H = 3600 * 1000;
const bar = (id: string, hour: number, hours = 1, extra: Partial<Bar> = {}): Bar => ({
  id,
  start: hour * H,
  durationSec: hours * 3600,
  ...extra,
});

describe('reachOf', () => {
  it('reads forward from the earlier span for a push to the right', () => {
    expect(reachOf(bar('a', 10), [], { kind: 'move', start: 11.5 * H }, 'push')).toEqual({
      direction: 'right',
      from: 10 * H,
      to: 12.5 * H,
    });
  });

  it('reads backward for a push to the left, over the whole bundle', () => {
    const a = bar('a', 10, 1, { bundle: 'x' });
    const b = bar('b', 14, 1, { bundle: 'x' });
    expect(reachOf(a, [a, b], { kind: 'move', start: 8 * H }, 'push')).toEqual({
      direction: 'left',
      from: 8 * H,
      to: 15 * H,
    });
  });

  it('only needs the landing window in no-overlap mode', () => {
    expect(
      reachOf(bar('a', 10), [], { kind: 'move', start: 12 * H + 7 * 60_000 }, 'no-overlap'),
    ).toEqual({ direction: 'window', from: 10 * H, to: 13 * H });
  });

  it('pushes for a growing edge and not for a shrinking one', () => {
    const a = bar('a', 10);
    expect(reachOf(a, [], { kind: 'resize', edge: 'end', instant: 12 * H }, 'push')).toEqual({
      direction: 'right',
      from: 10 * H,
      to: 12 * H,
    });
    expect(reachOf(a, [], { kind: 'resize', edge: 'start', instant: 9 * H }, 'push')).toEqual({
      direction: 'left',
      from: 9 * H,
      to: 11 * H,
    });
    expect(
      reachOf(a, [], { kind: 'resize', edge: 'start', instant: 10.5 * H }, 'push').direction,
    ).toBe('window');
  });
});

describe('writeOrder', () => {
  /** True when writing the changes one by one in this order never overlaps two bars. */
  function neverOverlaps(before: Bar[], order: Bar[]) {
    const current = new Map(before.map((b) => [b.id, b]));
    for (const next of order) {
      current.set(next.id, next);
      const all = [...current.values()];
      if (all.some((x) => all.some((y) => x.id !== y.id && barsOverlap(x, y)))) return false;
    }
    return true;
  }

  it('writes a push to the right from the latest bar back', () => {
    const before = [bar('a', 0), bar('b', 1), bar('c', 2)];
    const changed = [bar('a', 0.5), bar('b', 1.5), bar('c', 2.5)];
    const order = writeOrder(new Map(before.map((b) => [b.id, b])), changed);
    expect(order.map((b) => b.id)).toEqual(['c', 'b', 'a']);
    expect(neverOverlaps(before, order)).toBe(true);
  });

  it('writes a push to the left from the earliest bar on', () => {
    const before = [bar('a', 0), bar('b', 1), bar('c', 2)];
    const changed = [bar('a', -1), bar('b', 0), bar('c', 1)];
    const order = writeOrder(new Map(before.map((b) => [b.id, b])), changed);
    expect(order.map((b) => b.id)).toEqual(['a', 'b', 'c']);
    expect(neverOverlaps(before, order)).toBe(true);
  });
});

describe('reachesBeyond', () => {
  it('is true only when a changed bar passes the last bar read', () => {
    const last = bar('z', 5);
    expect(reachesBeyond('right', last, [bar('y', 4.5)])).toBe(false);
    expect(reachesBeyond('right', last, [bar('z', 5.5)])).toBe(true);
    expect(reachesBeyond('left', last, [bar('y', 5)])).toBe(false);
    expect(reachesBeyond('left', last, [bar('z', 4.5)])).toBe(true);
  });
});

describe('instanceCollisions', () => {
  it('pairs each new instance with the existing timeslots it overlaps, by start', () => {
    const instances = [bar('k1', 10), bar('k2', 34), bar('k3', 58)];
    const existing = [bar('e1', 58.5), bar('e2', 11), bar('e3', 33.5)];
    expect(
      instanceCollisions(instances, existing).map((c) => [c.instance.id, c.existing.id]),
    ).toEqual([
      ['k2', 'e3'],
      ['k3', 'e1'],
    ]);
  });
});
