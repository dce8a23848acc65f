import { describe, expect, it } from 'vitest';
import { airedBetween } from './air-plan.js';
import { type AsRunEntry, asRunChanges } from './as-run.js';
import { at, media, playout, slot } from './test-playout.js';

const SHOW = media('show', 10); // a minute at 6 s
const CLIP = media('clip', 2);
const p = playout([slot('a', '10:00', 30, SHOW), slot('b', '10:30', 30, SHOW)], [CLIP]);

/** The log recorded by looks at each instant in turn, each from the last entry's end. */
function recordedBy(looks: number[], first: number): AsRunEntry[] {
  const log: AsRunEntry[] = [];
  let from = first;
  for (const to of looks) {
    const changes = asRunChanges(log.at(-1), airedBetween(p, from, to));
    if (changes.extended) log[log.length - 1] = changes.extended;
    log.push(...changes.added);
    from = to;
  }
  return log;
}

const line = (e: AsRunEntry) =>
  `${e.kind} ${e.mediaId}${e.slotId ? `/${e.slotId}` : ''} ${new Date(e.start).toISOString().slice(11, 19)}–${new Date(e.end).toISOString().slice(11, 19)} +${e.offsetSec}`;

describe('the as-run log', () => {
  it('has one entry per programme and filler clip, and one per stretch of slate', () => {
    const log = recordedBy([at('10:05')], at('09:59'));
    expect(log.map(line)).toEqual([
      // The slate since the last clip of the gap, its passes as one entry, from the first look.
      expect.stringMatching(/^slate slate 09:59:00–10:00:00 \+\d+$/),
      'programme show/a 10:00:00–10:01:00 +0',
      'filler clip 10:01:00–10:01:12 +0',
      'slate slate 10:01:12–10:05:00 +0',
    ]);
  });

  it('is the same whether recorded at once or a minute (or a segment) at a time', () => {
    const once = recordedBy([at('10:40')], at('09:58'));
    const minutes = Array.from({ length: 42 }, (_, i) => at('09:59') + i * 60_000);
    expect(recordedBy(minutes, at('09:58'))).toEqual(once);
    const segments = Array.from({ length: 42 * 10 }, (_, i) => at('09:58') + (i + 1) * 6000);
    expect(recordedBy(segments, at('09:58'))).toEqual(once);
    expect(once.filter((e) => e.kind === 'programme').map(line)).toEqual([
      'programme show/a 10:00:00–10:01:00 +0',
      'programme show/b 10:30:00–10:31:00 +0',
    ]);
  });

  it('extends the last entry when the programme goes on, leaving the caller’s entry alone', () => {
    const last: AsRunEntry = {
      kind: 'programme',
      mediaId: 'show',
      slotId: 'a',
      start: at('10:00'),
      end: at('10:00:30'),
      offsetSec: 0,
    };
    const changes = asRunChanges(last, airedBetween(p, at('10:00:30'), at('10:01:06')));
    expect(changes.extended).toEqual({ ...last, end: at('10:01') });
    expect(last.end).toBe(at('10:00:30'));
    expect(changes.added.map(line)).toEqual(['filler clip 10:01:00–10:01:06 +0']);
  });

  it('starts a new entry after a stretch it did not see, or for another play of the same clip', () => {
    const last: AsRunEntry = {
      kind: 'programme',
      mediaId: 'show',
      slotId: 'a',
      start: at('10:00'),
      end: at('10:00:12'),
      offsetSec: 0,
    };
    const changes = asRunChanges(last, airedBetween(p, at('10:00:30'), at('10:00:36')));
    expect(changes.extended).toBeUndefined();
    expect(changes.added.map(line)).toEqual(['programme show/a 10:00:30–10:00:36 +30']);
    const { slotId: _, ...rest } = last;
    const clip: AsRunEntry = { ...rest, kind: 'filler', mediaId: 'clip' };
    const again = asRunChanges(clip, [
      {
        kind: 'filler',
        mediaId: 'clip',
        start: clip.end,
        end: clip.end + 12_000,
        offsetSec: 0,
        starts: true,
      },
    ]);
    expect(again.extended).toBeUndefined();
    expect(again.added).toHaveLength(1);
  });
});

describe('the slate through midnight', () => {
  it('ends its entry at 00:00 UTC, where the fill starts again', () => {
    const empty = playout([]);
    const log = asRunChanges(undefined, airedBetween(empty, at('23:58'), at('00:02', 1))).added;
    expect(log.map((e) => [e.kind, e.start, e.end])).toEqual([
      ['slate', at('23:58'), at('00:00', 1)],
      ['slate', at('00:00', 1), at('00:02', 1)],
    ]);
  });
});
