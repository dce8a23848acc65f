import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { presentationTimes, shiftTimestamps } from './mpegts-timestamps.js';
import {
  LOOP_TICKS,
  livePlaylist,
  PLAYLIST_WINDOW,
  SEGMENT_SEC,
  segmentOf,
} from './test-pattern.js';

const segment = (index: number) =>
  new Uint8Array(
    readFileSync(new URL(`../../../assets/test-pattern/segment-${index}.ts`, import.meta.url)),
  );

describe('livePlaylist', () => {
  it('lists the last segments up to the one airing now', () => {
    expect(livePlaylist(10 * SEGMENT_SEC * 1000 + 500)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:2',
        '#EXT-X-MEDIA-SEQUENCE:6',
        ...[6, 7, 8, 9, 10].flatMap((n) => ['#EXTINF:2.000,', `${n}.ts`]),
        '',
      ].join('\n'),
    );
  });

  it('continues any earlier playlist: the media sequence never goes back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 4e12 }),
        fc.integer({ min: 0, max: 20_000 }),
        (now, later) => {
          const sequence = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1]);
          const a = livePlaylist(now);
          return (
            a.split('\n').filter((line) => line.endsWith('.ts')).length === PLAYLIST_WINDOW &&
            sequence(livePlaylist(now + later)) >= sequence(a)
          );
        },
      ),
    );
  });
});

describe('segmentOf', () => {
  it('maps a sequence to its file and the loops before it, and anything else to null', () => {
    expect(segmentOf('0.ts')).toEqual({ file: 'segment-0.ts', shiftTicks: 0 });
    expect(segmentOf('7.ts')).toEqual({ file: 'segment-3.ts', shiftTicks: LOOP_TICKS });
    for (const name of ['../secret.ts', 'x.ts', '1.ts.map', '-1.ts', '1234567890123456.ts'])
      expect(segmentOf(name)).toBeNull();
  });
});

describe('shiftTimestamps', () => {
  it('moves every presentation time by the shift and changes nothing else', () => {
    const original = segment(1);
    const times = presentationTimes(original);
    expect(times.length).toBeGreaterThan(50);
    const shifted = shiftTimestamps(original, 123_456_789);
    expect(shifted).toHaveLength(original.length);
    expect(presentationTimes(shifted)).toEqual(times.map((time) => time + 123_456_789));
    expect(presentationTimes(shiftTimestamps(shifted, 2 ** 33 - 123_456_789))).toEqual(times);
  });

  it('makes the loop continuous: the next pass starts where the last one ends', () => {
    const last = Math.max(...presentationTimes(segment(3)));
    const next = Math.min(...presentationTimes(shiftTimestamps(segment(0), LOOP_TICKS)));
    // One video frame (25 fps = 3,600 ticks) or audio frame apart, never backwards.
    expect(next).toBeGreaterThan(last);
    expect(next - last).toBeLessThanOrEqual(3_600);
  });
});
