import { describe, expect, it } from 'vitest';
import { isAppPath, matchesAppPath } from './app-paths.js';

describe('isAppPath', () => {
  it('knows the pages, as React Router matches them', () => {
    for (const path of [
      '/',
      '/tvguide',
      '/tvguide/',
      '/TVGuide',
      '/login',
      '/watch/rctv-1',
      '/watch/abcdefghij12345',
      '/watch/rctv%2D1',
      '/o/riverside/watch/rctv-1',
      '/shows/abcdefghij12345',
      '/shows/submissions',
      '/submission/status/Zm9vYmFyYmF6cXV4LV9hYmNkZWZnaGlqa2xtbm9w',
      '/settings/notifications',
    ]) {
      expect(isAppPath(path), path).toBe(true);
    }
  });

  it('refuses unknown paths and parameters of the wrong shape', () => {
    for (const path of [
      '/no/such/page',
      '/tvguide/x',
      '/watch/rctv-1/extra',
      '/watch/RCTV 1',
      '/watch/%3Cscript%3E',
      '/watch/%zz',
      `/watch/${'a'.repeat(65)}`,
      '/o//watch',
      '/shows/not-an-id',
      '/shows/abcdefghij1234',
      '/members/ABCDEFGHIJ12345',
      '/submission/status/short',
    ]) {
      expect(isAppPath(path), path).toBe(false);
    }
  });

  it('matches one pattern at a time', () => {
    expect(matchesAppPath('/o/:org/watch/:channel', '/o/riverside/watch/rctv-1/')).toBe(true);
    expect(matchesAppPath('/o/:org/watch/:channel', '/o/riverside/watch')).toBe(false);
  });
});
