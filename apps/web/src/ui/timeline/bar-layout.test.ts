import { describe, expect, it } from 'vitest';
import { cancelledUnderneath, LABEL_PADDING_PX, showsLabel } from './bar-layout';
import { AVG_CHAR_PX, BAR_CHROME_PX, MIN_LABEL_CHARS } from './geometry';

const FOUR_CHARS = MIN_LABEL_CHARS * AVG_CHAR_PX;

describe('showsLabel', () => {
  it('shows every label until the track is measured (CSS clips it meanwhile)', () => {
    expect(showsLabel(0, 0, true)).toBe(true);
    expect(showsLabel(2, 0, false)).toBe(true);
  });

  it('needs room for four characters besides the handles and padding of a draggable bar', () => {
    expect(showsLabel(FOUR_CHARS + BAR_CHROME_PX, 1200, true)).toBe(true);
    expect(showsLabel(FOUR_CHARS + BAR_CHROME_PX - 1, 1200, true)).toBe(false);
  });

  it('fits a label in a bar without handles that a draggable bar of its width could not hold', () => {
    const width = FOUR_CHARS + LABEL_PADDING_PX;
    expect(showsLabel(width, 1200, false)).toBe(true);
    expect(showsLabel(width, 1200, true)).toBe(false);
    expect(showsLabel(width - 1, 1200, false)).toBe(false);
  });

  it('hides it in the slivers of a week (a half hour is about 3 px at 1366 px)', () => {
    expect(showsLabel(3.5, 1200, false)).toBe(false);
    expect(showsLabel(14, 1200, false)).toBe(false);
  });
});

describe('cancelledUnderneath', () => {
  const HOUR = 3600;
  const at = (hour: number) => Date.UTC(2026, 2, 10, hour);

  it('picks the cancelled bars that share time with one still airing', () => {
    const under = cancelledUnderneath([
      { id: 'old', start: at(9), durationSec: HOUR, cancelled: true },
      { id: 'new', start: at(9), durationSec: HOUR / 2 },
      { id: 'alone', start: at(12), durationSec: HOUR, cancelled: true },
    ]);
    expect([...under]).toEqual(['old']);
  });

  it('leaves cancelled bars that only touch an airing, or each other, full height', () => {
    expect(
      cancelledUnderneath([
        { id: 'before', start: at(8), durationSec: HOUR, cancelled: true },
        { id: 'airing', start: at(9), durationSec: HOUR },
        { id: 'after', start: at(10), durationSec: HOUR, cancelled: true },
        { id: 'twin', start: at(10), durationSec: HOUR, cancelled: true },
      ]).size,
    ).toBe(0);
  });

  it('catches an airing that starts inside the cancelled bar and one that covers it', () => {
    const under = cancelledUnderneath([
      { id: 'long', start: at(6), durationSec: 4 * HOUR, cancelled: true },
      { id: 'inside', start: at(7), durationSec: HOUR },
      { id: 'short', start: at(20), durationSec: 900, cancelled: true },
      { id: 'film', start: at(19), durationSec: 3 * HOUR },
    ]);
    expect([...under].sort()).toEqual(['long', 'short']);
  });

  it('is empty for a row with nothing cancelled', () => {
    expect(cancelledUnderneath([{ id: 'a', start: at(1), durationSec: HOUR }]).size).toBe(0);
    expect(cancelledUnderneath([]).size).toBe(0);
  });
});
