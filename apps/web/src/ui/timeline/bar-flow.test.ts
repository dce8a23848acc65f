import { describe, expect, it } from 'vitest';
import { flowMargins, MIN_BAR_PX } from './bar-flow';

describe('flowMargins', () => {
  it('puts the first bar at its own left, from the track edge', () => {
    expect(flowMargins([{ left: 12.5, width: 10 }], 800)).toEqual(['12.5%']);
  });

  it('puts each later bar where the previous one ends, plus the gap between them', () => {
    expect(
      flowMargins(
        [
          { left: 0, width: 25 },
          { left: 25, width: 10 },
          { left: 50, width: 5 },
        ],
        800,
      ),
    ).toEqual(['0%', '0%', '15%']);
  });

  it('takes back the width the minimum added to a short bar, so the next stays in place', () => {
    // On a 400 px track the minimum is 1%: a bar of 0.25% is drawn 1% wide.
    expect(MIN_BAR_PX / 400).toBe(0.01);
    expect(
      flowMargins(
        [
          { left: 10, width: 0.25 },
          { left: 10.25, width: 5 },
        ],
        400,
      ),
    ).toEqual(['10%', '-0.75%']);
  });

  it('widens nothing before the track is measured', () => {
    expect(
      flowMargins(
        [
          { left: 10, width: 0.25 },
          { left: 10.25, width: 5 },
        ],
        0,
      ),
    ).toEqual(['10%', '0%']);
  });

  it('keeps a bar that starts before the window, or overlaps the previous one, in place', () => {
    expect(
      flowMargins(
        [
          { left: -5, width: 20 },
          { left: 10, width: 10 },
        ],
        800,
      ),
    ).toEqual(['-5%', '-5%']);
  });

  it('has nothing to place in an empty row', () => {
    expect(flowMargins([], 800)).toEqual([]);
  });
});
