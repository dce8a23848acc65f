import { describe, expect, it } from 'vitest';
import {
  addToFiller,
  fillerChoices,
  fillerRows,
  moveInFiller,
  nothingOnText,
  removeFromFiller,
  slateState,
  slateText,
} from './playout-model';

describe('slateState', () => {
  it('says a job at work first, then a failure, then whether a package is there', () => {
    expect(slateState({ state: 'queued' }, true)).toEqual({ kind: 'queued' });
    expect(slateState({ state: 'running', progress: 41.6 }, true)).toEqual({
      kind: 'running',
      progress: 42,
    });
    expect(slateState({ state: 'failed', error: 'ffmpeg exited 1' }, true)).toEqual({
      kind: 'failed',
      error: 'ffmpeg exited 1',
    });
    expect(slateState({ state: 'done' }, true)).toEqual({ kind: 'ready' });
    expect(slateState(null, true)).toEqual({ kind: 'ready' });
    expect(slateState({ state: 'done' }, false)).toEqual({ kind: 'none' });
    expect(slateState(null, false)).toEqual({ kind: 'none' });
  });

  it('says each state in a line', () => {
    expect(slateText({ kind: 'running', progress: 40 })).toBe('Packaging… 40%');
    expect(slateText({ kind: 'failed', error: 'No disk' })).toBe('Not packaged: No disk');
    expect(slateText({ kind: 'none' })).toBe('Not packaged yet.');
  });
});

const SHOWS = [
  { id: 'a', title: 'Zoning Board', status: 'ready', mediaInfo: { durationSec: 95 } },
  { id: 'b', title: 'Arts Minute', status: 'draft', mediaInfo: null },
  { id: 'c', title: 'Old Promo', status: 'archived', mediaInfo: { durationSec: 30 } },
  { id: 'd', title: 'Library Hour', status: 'ready', mediaInfo: { durationSec: 3725 } },
];

describe('fillerRows', () => {
  it('lists the rotation in its order with each runtime, and a show that is gone', () => {
    expect(fillerRows(['d', 'b', 'x', 'a'], SHOWS)).toEqual([
      { id: 'd', title: 'Library Hour', runtime: '1:02:05' },
      { id: 'b', title: 'Arts Minute', runtime: '' },
      { id: 'x', title: 'A show that is gone', runtime: '' },
      { id: 'a', title: 'Zoning Board', runtime: '1:35' },
    ]);
  });
});

describe('fillerChoices', () => {
  it('offers the shows not archived and not in the rotation yet, by title', () => {
    expect(fillerChoices(SHOWS, ['a'])).toEqual([
      { value: 'b', label: 'Arts Minute' },
      { value: 'd', label: 'Library Hour' },
    ]);
  });
});

describe('editing the rotation', () => {
  it('adds at the end, once, up to the limit', () => {
    expect(addToFiller(['a'], 'b', 50)).toEqual(['a', 'b']);
    expect(addToFiller(['a', 'b'], 'a', 50)).toEqual(['a', 'b']);
    expect(addToFiller(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
  });

  it('removes a show', () => {
    expect(removeFromFiller(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    expect(removeFromFiller(['a'], 'z')).toEqual(['a']);
  });

  it('moves a show one place, and not past either end', () => {
    expect(moveInFiller(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveInFiller(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveInFiller(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveInFiller(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moveInFiller(['a', 'b'], 'z', 1)).toEqual(['a', 'b']);
  });
});

describe('nothingOnText', () => {
  it('says what viewers get while nothing is scheduled, by source', () => {
    expect(nothingOnText({ source: '', bumperTitle: 'Back soon' })).toBe(
      'Nothing scheduled now: viewers see the bumper, “Back soon”.',
    );
    expect(nothingOnText({ source: 'stream', bumperTitle: '' })).toBe(
      'Nothing scheduled now: viewers see the bumper, “We’ll be right back”.',
    );
    expect(nothingOnText({ source: 'playout', filler: ['a'] })).toBe(
      'Nothing scheduled now: the filler airs.',
    );
    expect(nothingOnText({ source: 'playout', filler: [] })).toBe(
      'Nothing scheduled now: the slate airs (the channel has no filler).',
    );
    expect(nothingOnText({ source: 'test-pattern' })).toBe(
      'Nothing scheduled now: viewers see the test pattern.',
    );
  });
});
