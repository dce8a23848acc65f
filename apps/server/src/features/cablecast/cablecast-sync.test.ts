import { describe, expect, it } from 'vitest';
import type { CablecastShow } from './cablecast-records.js';
import { greatestModified, readChannelMap } from './cablecast-sync.js';

const show = (id: number, lastModified?: string): CablecastShow => ({
  id,
  reels: [],
  vods: [],
  ...(lastModified === undefined ? {} : { lastModified }),
});

describe('the incremental cursor', () => {
  it('is the newest lastModified, verbatim, whichever separator Cablecast wrote', () => {
    expect(
      greatestModified([
        show(1, '2024-06-01T21:10:00'),
        show(2, '2024-06-01 22:00:00'),
        show(3, '2024-05-30T23:59:59'),
      ]),
    ).toBe('2024-06-01 22:00:00');
  });

  it('is empty when no show says when it changed', () => {
    expect(greatestModified([])).toBe('');
    expect(greatestModified([show(1), show(2, '  ')])).toBe('');
  });
});

describe('the stored channel map', () => {
  it('keeps well-formed links and drops the rest', () => {
    expect(
      readChannelMap([
        { cablecast: 1, name: 'Community 15', channel: 'abc' },
        { cablecast: 2, channel: '' },
        { cablecast: '3', channel: 'x' },
        null,
        'junk',
      ]),
    ).toEqual([
      { cablecast: 1, name: 'Community 15', channel: 'abc' },
      { cablecast: 2, name: '', channel: '' },
    ]);
    expect(readChannelMap({})).toEqual([]);
  });
});
