import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { episodeNumbers } from './episode-num.js';

describe('episodeNumbers', () => {
  it('writes xmltv_ns zero-based and onscreen as SxxEyy', () => {
    expect(episodeNumbers(2, 1)).toEqual({ xmltvNs: '1.0.0/1', onscreen: 'S02E01' });
    expect(episodeNumbers(1, 1)).toEqual({ xmltvNs: '0.0.0/1', onscreen: 'S01E01' });
    expect(episodeNumbers(3, 12)).toEqual({ xmltvNs: '2.11.0/1', onscreen: 'S03E12' });
    expect(episodeNumbers(12, 104)).toEqual({ xmltvNs: '11.103.0/1', onscreen: 'S12E104' });
  });

  it('skips xmltv_ns without a season', () => {
    expect(episodeNumbers(0, 7)).toEqual({ xmltvNs: null, onscreen: 'E07' });
  });

  it('leaves the episode part empty when only the season is known', () => {
    expect(episodeNumbers(4, 0)).toEqual({ xmltvNs: '3..', onscreen: 'S04' });
  });

  it('writes nothing when neither is known, or for numbers that are not positive whole numbers', () => {
    expect(episodeNumbers(0, 0)).toEqual({ xmltvNs: null, onscreen: null });
    expect(episodeNumbers(-1, -3)).toEqual({ xmltvNs: null, onscreen: null });
    expect(episodeNumbers(1.5, Number.NaN)).toEqual({ xmltvNs: null, onscreen: null });
  });

  it('always gives an xmltv_ns that reads back to the same season and episode', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 9999 }), (s, e) => {
        const { xmltvNs, onscreen } = episodeNumbers(s, e);
        const [season, episode, part] = (xmltvNs ?? '').split('.');
        expect(Number(season) + 1).toBe(s);
        expect(Number(episode) + 1).toBe(e);
        expect(part).toBe('0/1');
        expect(onscreen).toMatch(/^S\d{2,}E\d{2,}$/);
        expect(onscreen?.match(/\d+/g)?.map(Number)).toEqual([s, e]);
      }),
    );
  });
});
