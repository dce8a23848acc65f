import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BREAK_POINTS, MIN_BREAK_POINT_GAP_SEC, readBreakPoints } from './break-points.js';

describe('readBreakPoints', () => {
  it('keeps the points in order, to the millisecond, once each', () => {
    expect(readBreakPoints([600.12345, 120, 120], 1800)).toEqual({
      ok: true,
      points: [120, 600.123],
    });
    expect(readBreakPoints(null, 1800)).toEqual({ ok: true, points: [] });
    expect(readBreakPoints([], null)).toEqual({ ok: true, points: [] });
  });

  it('says what is wrong with a list it cannot keep', () => {
    expect(readBreakPoints('12:00', 1800)).toMatchObject({
      ok: false,
      message: 'Break points must be a list of seconds from the show’s start.',
    });
    expect(readBreakPoints([Number.NaN], 1800).ok).toBe(false);
    expect(readBreakPoints([0], 1800)).toMatchObject({ ok: false });
    expect(readBreakPoints([1800], 1710)).toMatchObject({
      ok: false,
      message: 'A break point must be inside the media (after 0:00 and before 28:30).',
    });
    expect(readBreakPoints([100, 105], 1800)).toMatchObject({
      ok: false,
      message: 'Break points must be at least 10 seconds apart.',
    });
    expect(
      readBreakPoints(
        Array.from({ length: MAX_BREAK_POINTS + 1 }, (_, index) => (index + 1) * 60),
        null,
      ),
    ).toMatchObject({ ok: false, message: `A show has at most ${MAX_BREAK_POINTS} break points.` });
  });

  it('what it keeps is inside the media, sorted and spaced, whatever is sent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -10, max: 4000, noNaN: true }), { maxLength: 30 }),
        fc.option(fc.double({ min: 1, max: 4000, noNaN: true }), { nil: null }),
        (sent, runtime) => {
          const reading = readBreakPoints(sent, runtime);
          if (!reading.ok) return;
          const { points } = reading;
          expect(points.length).toBeLessThanOrEqual(MAX_BREAK_POINTS);
          for (const [index, point] of points.entries()) {
            expect(point).toBeGreaterThan(0);
            if (runtime !== null) expect(point).toBeLessThan(runtime);
            if (index > 0)
              expect(point - (points[index - 1] ?? 0)).toBeGreaterThanOrEqual(
                MIN_BREAK_POINT_GAP_SEC,
              );
          }
          // Reading what it kept keeps it as it is.
          expect(readBreakPoints(points, runtime)).toEqual(reading);
        },
      ),
    );
  });
});
