import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Box, placeTooltip, TOOLTIP_GAP_PX } from './tooltip-placement';

// A chart 1000 × 300 px at the viewport's (100, 50); rows 40 px high.
const box: Box = { left: 100, top: 50, right: 1100, bottom: 350 };
const size = { width: 200, height: 80 };
const bar = (left: number, top: number, width = 60): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + 32,
});

describe('placeTooltip', () => {
  it('sits below the bar, aligned with its left edge, when there is room', () => {
    expect(placeTooltip(bar(300, 100), size, box)).toEqual({
      left: 300,
      top: 132 + TOOLTIP_GAP_PX,
    });
  });

  it('goes above a bar in the last row rather than under the chart’s edge', () => {
    // Below would end at 318 + 4 + 80 = 402, past the box's 350.
    expect(placeTooltip(bar(300, 286), size, box)).toEqual({ left: 300, top: 286 - 4 - 80 });
  });

  it('is pushed left to stay in when the bar is near the right edge (where it was clipped)', () => {
    expect(placeTooltip(bar(1050, 100, 40), size, box).left).toBe(1100 - 4 - 200);
  });

  it('starts at the box’s edge for a bar that starts off screen to the left', () => {
    expect(placeTooltip(bar(-500, 100, 700), size, box).left).toBe(100 + 4);
  });

  it('in a one-row chart too short for it either way, takes the roomier side and stays in', () => {
    const short: Box = { left: 0, top: 0, right: 400, bottom: 120 };
    // Row at 76–108: 12 px below, 76 above; it goes above, clamped to the top.
    expect(placeTooltip({ left: 10, top: 76, right: 50, bottom: 108 }, size, short)).toEqual({
      left: 10,
      top: 4,
    });
    // Row at 8–40: more room below; clamped so its foot is at the box's foot.
    expect(placeTooltip({ left: 10, top: 8, right: 50, bottom: 40 }, size, short)).toEqual({
      left: 10,
      top: 120 - 4 - 80,
    });
  });

  it('keeps its top-left corner in a box smaller than itself (a phone)', () => {
    const phone: Box = { left: 16, top: 0, right: 150, bottom: 60 };
    expect(placeTooltip(bar(100, 10), size, phone)).toEqual({ left: 20, top: 4 });
  });

  it('never leaves a box it fits in, wherever the bar is', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3000, max: 3000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 50, max: 318 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 200 }),
        (left, width, top, tipWidth, tipHeight) => {
          const placed = placeTooltip(
            { left, right: left + width, top, bottom: top + 32 },
            { width: tipWidth, height: tipHeight },
            box,
          );
          expect(placed.left).toBeGreaterThanOrEqual(box.left);
          expect(placed.left + tipWidth).toBeLessThanOrEqual(box.right);
          expect(placed.top).toBeGreaterThanOrEqual(box.top);
          expect(placed.top + tipHeight).toBeLessThanOrEqual(box.bottom);
        },
      ),
    );
  });

  it('never covers the bar when there is room above or below it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 318 }), (top) => {
        const anchor = bar(300, top);
        const placed = placeTooltip(anchor, size, box);
        const fitsSomewhere =
          anchor.bottom + 4 + size.height <= box.bottom - 4 || anchor.top - 4 - size.height >= 54;
        if (!fitsSomewhere) return;
        const overlaps = placed.top < anchor.bottom && placed.top + size.height > anchor.top;
        expect(overlaps).toBe(false);
      }),
    );
  });
});
