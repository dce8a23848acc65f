import { describe, expect, it } from 'vitest';
import { visibleRows } from './visible-rows';

const ROW = 40;

describe('visibleRows', () => {
  it('draws the rows a screen shows from the top, and the overscan below', () => {
    // 768 px show rows 0–19 (the 20th in part); 6 more below.
    expect(visibleRows(0, 768, ROW, 50, 6)).toEqual({ first: 0, last: 25 });
  });

  it('follows the body once the page scrolls it up, with the overscan on both sides', () => {
    // Scrolled 1,000 px past the body's top: row 25 is at the top of the screen.
    expect(visibleRows(-1000, 768, ROW, 50, 6)).toEqual({ first: 19, last: 49 });
    expect(visibleRows(-400, 400, ROW, 50, 2)).toEqual({ first: 8, last: 21 });
  });

  it('draws the first rows when the body starts below the screen, none past the last', () => {
    expect(visibleRows(2000, 768, ROW, 50, 6)).toEqual({ first: 0, last: 0 });
    expect(visibleRows(-5000, 768, ROW, 50, 6)).toEqual({ first: 49, last: 49 });
  });

  it('draws nothing for a chart without rows', () => {
    expect(visibleRows(0, 768, ROW, 0)).toEqual({ first: 0, last: -1 });
  });
});
