import { describe, expect, it } from 'vitest';
import { itemStartsInDay } from './air-plan.js';
import { livePlaylist, playlistWindow } from './live-playlist.js';
import { utcDay } from './segment-grid.js';
import { at, DAY, media, parsePlaylist, playout, slot, uri } from './test-playout.js';

const SHOW = media('show', 300);
const p = playout(
  [slot('a', '10:00', 30, media('intro', 3)), slot('b', '10:30', 30, SHOW)],
  [media('clip', 100)],
);
const before = (day: number) => {
  let sum = 0;
  for (let d = utcDay(DAY); d < day; d++) sum += itemStartsInDay(p, d);
  return sum;
};
const request = (now: number, windowSegments = 4) => ({
  now,
  windowSegments,
  startsBeforeDay: before,
  segmentUri: uri,
});

describe('livePlaylist', () => {
  it('writes the window with its numbers, a date-time per item and a discontinuity between', () => {
    // 10:00:00 intro 0–2 (3 segments), then the gap: the clip from 10:00:18.
    const playlist = livePlaylist(p, request(at('10:00:20')));
    const first = at('10:00') / 6000;
    // Since the anchor (midnight): the morning's gap of 6,000 segments plays the clip (100) and
    // 2,950 passes of the slate (2 each); then the intro.
    expect(playlist.discontinuitySequence).toBe(2952);
    expect(playlist.text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:6',
        `#EXT-X-MEDIA-SEQUENCE:${first}`,
        `#EXT-X-DISCONTINUITY-SEQUENCE:${playlist.discontinuitySequence}`,
        '#EXT-X-PROGRAM-DATE-TIME:2026-05-04T10:00:00.000Z',
        '#EXTINF:6.000,',
        'intro/0.ts',
        '#EXTINF:6.000,',
        'intro/1.ts',
        '#EXTINF:6.000,',
        'intro/2.ts',
        '#EXT-X-DISCONTINUITY',
        '#EXT-X-PROGRAM-DATE-TIME:2026-05-04T10:00:18.000Z',
        '#EXTINF:6.000,',
        'clip/0.ts',
        '',
      ].join('\n'),
    );
    expect(playlist.mediaSequence).toBe(first);
    expect(playlist.items.map((item) => [item.kind, item.mediaId, item.starts])).toEqual([
      ['programme', 'intro', true],
      ['filler', 'clip', true],
    ]);
    expect(playlist.segments.map((s) => s.discontinuity)).toEqual([
      playlist.discontinuitySequence,
      playlist.discontinuitySequence,
      playlist.discontinuitySequence,
      playlist.discontinuitySequence + 1,
    ]);
  });

  it("counts the first segment's own item start in the sequence and leaves out its tag", () => {
    // The clip starts at 10:00:18: last in the window at 10:00:18, first in the one at 10:00:24.
    const tagged = livePlaylist(p, request(at('10:00:18'), 2));
    const leading = livePlaylist(p, request(at('10:00:24'), 2));
    expect(tagged.text).toContain('#EXT-X-DISCONTINUITY\n');
    expect(leading.text).not.toContain('#EXT-X-DISCONTINUITY\n');
    expect(leading.discontinuitySequence).toBe(tagged.discontinuitySequence + 1);
    expect(parsePlaylist(leading.text).segments[0]?.discontinuity).toBe(
      parsePlaylist(tagged.text).segments[1]?.discontinuity,
    );
  });

  it('ends at the segment that contains now and joins a programme at its position', () => {
    const playlist = livePlaylist(p, request(at('10:41:03'), 3));
    expect(playlist.segments.map((s) => `${s.mediaId}/${s.mediaSegment}`)).toEqual([
      'show/108',
      'show/109',
      'show/110',
    ]);
    expect(playlist.text).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-05-04T10:40:48.000Z\n');
    expect(playlist.text.match(/PROGRAM-DATE-TIME/g)).toHaveLength(1);
  });

  it('uses ten segments by default and the URIs the caller makes', () => {
    const playlist = livePlaylist(p, {
      now: at('10:45'),
      startsBeforeDay: before,
      segmentUri: (id, n) => `/media/${id}/${n}.vtt`,
    });
    expect(playlist.segments).toHaveLength(10);
    expect(playlist.text).toContain('\n/media/show/150.vtt\n');
  });

  it('writes a segment length other than 6 s', () => {
    const q = { ...p, segmentSec: 10, slots: [slot('a', '10:00', 30, media('x', 180))] };
    const text = livePlaylist(q, { ...request(at('10:00:05'), 1), startsBeforeDay: () => 0 }).text;
    expect(text).toContain('#EXT-X-TARGETDURATION:10\n');
    expect(text).toContain('#EXTINF:10.000,\nx/0.ts\n');
  });

  it('gives the same bytes for the same inputs', () => {
    expect(livePlaylist(p, request(at('10:31:07'))).text).toBe(
      livePlaylist({ ...p, slots: [...p.slots].reverse() }, request(at('10:31:07'))).text,
    );
  });

  it('refuses a window without segments', () => {
    expect(() => livePlaylist(p, request(at('10:00'), 0))).toThrow(RangeError);
  });
});

describe('playlistWindow', () => {
  it('starts windowSegments − 1 segments before the live edge, on its UTC day', () => {
    const midnight = Date.UTC(2026, 10, 30);
    // 20 s after midnight with 6 s segments: the live edge is segment 3 of the day; ten
    // segments back starts 6 segments before midnight, on the day before.
    const window = playlistWindow(midnight + 20_000, 6);
    expect(window.from).toBe(midnight - 36_000);
    expect(window.day).toBe(midnight / 86_400_000 - 1);
    expect(playlistWindow(midnight + 60_000, 6, 10).day).toBe(midnight / 86_400_000);
  });
});
