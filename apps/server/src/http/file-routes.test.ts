import { describe, expect, it } from 'vitest';
import { parseRange } from './file-routes.js';

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=90-500', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=0-0', 1, { start: 0, end: 0 }],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it.each([
    ['bytes=100-', 100],
    ['bytes=5-3', 100],
    ['bytes=-0', 100],
    ['bytes=-', 100],
    ['bytes=a-b', 100],
    ['items=0-1', 100],
    ['bytes=0-', 0],
  ])('%s of %i bytes is unsatisfiable', (header, size) => {
    expect(parseRange(header, size)).toBe('unsatisfiable');
  });

  it('serves the whole file for several ranges', () => {
    expect(parseRange('bytes=0-1, 5-6', 100)).toBeNull();
  });
});
