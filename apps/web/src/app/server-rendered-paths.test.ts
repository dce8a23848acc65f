import { describe, expect, it } from 'vitest';
import { isServerRenderedPath } from './server-rendered-paths';

describe('isServerRenderedPath', () => {
  it('names the pages viewers land on', () => {
    for (const path of [
      '/',
      '/tvguide',
      '/watch',
      '/watch/rctv-1',
      '/o/riverside/tvguide',
      '/o/riverside/tvguide/',
      '/o/riverside/watch',
      '/o/riverside/watch/rctv-1',
      '/api-docs',
    ]) {
      expect(isServerRenderedPath(path), path).toBe(true);
    }
  });

  it('leaves every other page to the browser', () => {
    for (const path of [
      '/dashboard',
      '/channels',
      '/auth/login',
      '/o/riverside',
      '/o/riverside/multiview',
      '/watch/rctv-1/extra',
      '/embed/abc',
      '/tvguide/x',
      '/api-docs/getGuide',
    ]) {
      expect(isServerRenderedPath(path), path).toBe(false);
    }
  });
});
