import { describe, expect, it } from 'vitest';
import { airingsInRange, overlapSec, shareOf } from './airtime.js';
import { captionCoverageOf, rerunRows } from './programme-reports.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 1);

describe('airtime in a period', () => {
  it('counts only the part of an airing inside [from, to)', () => {
    expect(overlapSec(T0, 3600, T0, T0 + 2 * HOUR)).toBe(3600);
    expect(overlapSec(T0 - HOUR / 2, 3600, T0, T0 + 2 * HOUR)).toBe(1800);
    expect(overlapSec(T0 + 90 * 60_000, 3600, T0, T0 + 2 * HOUR)).toBe(1800);
    expect(overlapSec(T0 + 2 * HOUR, 3600, T0, T0 + 2 * HOUR)).toBe(0);
    expect(overlapSec(T0 - HOUR, 3600, T0, T0 + 2 * HOUR)).toBe(0);
    expect(
      airingsInRange(
        [
          { channel: 'c', show: 'a', start: T0 - HOUR, durationSec: 3600 },
          { channel: 'c', show: 'b', start: T0, durationSec: 900 },
        ],
        T0,
        T0 + HOUR,
      ),
    ).toEqual([{ channel: 'c', show: 'b', start: T0, durationSec: 900, inRangeSec: 900 }]);
    expect(shareOf(1, 4)).toBe(0.25);
    expect(shareOf(1, 0)).toBe(0);
  });
});

describe('rerun rows', () => {
  it('counts airings that start in the period, per channel, most aired first', () => {
    const rows = rerunRows(
      [
        { channel: 'one', show: 'news', start: T0, durationSec: 1800 },
        { channel: 'two', show: 'news', start: T0 + HOUR, durationSec: 1800 },
        { channel: 'one', show: 'news', start: T0 + 2 * HOUR, durationSec: 1800 },
        { channel: 'one', show: 'film', start: T0 + 3 * HOUR, durationSec: 7200 },
        // Began before the period: its airtime inside counts, the airing does not.
        { channel: 'one', show: 'late', start: T0 - HOUR / 2, durationSec: 3600 },
        // Outside altogether.
        { channel: 'one', show: 'gone', start: T0 + 10 * HOUR, durationSec: 3600 },
      ],
      T0,
      T0 + 5 * HOUR,
    );
    expect(rows.map((row) => [row.show, row.airings, row.airtimeSec])).toEqual([
      ['news', 3, 5400],
      ['film', 1, 7200],
      ['late', 0, 1800],
    ]);
    expect(rows[0]?.channels).toEqual([
      { channel: 'one', airings: 2 },
      { channel: 'two', airings: 1 },
    ]);
    // The film's two hours of the four aired in the period (1 h 30 + 2 h + 30 min).
    expect(rows[1]?.share).toBeCloseTo(0.5);
    expect(rows.reduce((sum, row) => sum + row.share, 0)).toBeCloseTo(1);
  });

  it('is empty when nothing airs', () => {
    expect(rerunRows([], T0, T0 + HOUR)).toEqual([]);
  });
});

describe('caption coverage of a period', () => {
  const channels = [
    { id: 'en', language: 'en' },
    { id: 'es', language: 'es' },
    { id: 'any', language: '' },
  ];
  const tracks = [{ show: 'news', language: 'en-US' }];
  const airings = [
    { channel: 'en', show: 'news', start: T0, durationSec: 3600 },
    { channel: 'en', show: 'film', start: T0 + HOUR, durationSec: 3600 },
    { channel: 'es', show: 'news', start: T0, durationSec: 3600 },
    { channel: 'any', show: 'news', start: T0, durationSec: 1800 },
    { channel: 'any', show: 'film', start: T0 + HOUR, durationSec: 7200 },
    // Another station's channel (not given): left out.
    { channel: 'theirs', show: 'film', start: T0, durationSec: 3600 },
  ];

  it('counts airtime captioned in the channel’s language, per channel and overall', () => {
    const coverage = captionCoverageOf(channels, airings, tracks, T0, T0 + 2 * HOUR);
    expect(coverage.channels).toEqual([
      { channel: 'en', airtimeSec: 7200, captionedSec: 3600, share: 0.5 },
      { channel: 'es', airtimeSec: 3600, captionedSec: 0, share: 0 },
      // The film's 2 h are cut at the period's end: 1 h inside.
      { channel: 'any', airtimeSec: 5400, captionedSec: 1800, share: 1 / 3 },
    ]);
    expect(coverage.total).toEqual({
      airtimeSec: 16_200,
      captionedSec: 5400,
      share: 5400 / 16_200,
    });
    expect(coverage.uncaptioned).toEqual([
      { show: 'film', uncaptionedSec: 7200, airings: 2 },
      { show: 'news', uncaptionedSec: 3600, airings: 1 },
    ]);
  });

  it('lists at most `top` uncaptioned shows and says 0 of nothing', () => {
    expect(captionCoverageOf(channels, airings, [], T0, T0 + 2 * HOUR, 1).uncaptioned).toHaveLength(
      1,
    );
    expect(captionCoverageOf(channels, [], tracks, T0, T0 + HOUR).total).toEqual({
      airtimeSec: 0,
      captionedSec: 0,
      share: 0,
    });
  });
});
