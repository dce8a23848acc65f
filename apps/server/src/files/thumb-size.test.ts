import { file, image } from '@airgrid/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isThumbAllowed, parseThumbSize } from './thumb-size.js';

describe('parseThumbSize', () => {
  it.each([
    ['100x100', { width: 100, height: 100, mode: 'center' }],
    ['300x100t', { width: 300, height: 100, mode: 'top' }],
    ['300x100b', { width: 300, height: 100, mode: 'bottom' }],
    ['300x100f', { width: 300, height: 100, mode: 'fit' }],
    ['0x300', { width: 0, height: 300, mode: 'aspect' }],
    ['400x0', { width: 400, height: 0, mode: 'aspect' }],
    ['400x0f', { width: 400, height: 0, mode: 'aspect' }],
  ])('%s', (text, expected) => {
    expect(parseThumbSize(text)).toEqual(expected);
  });

  it.each([
    '0x0',
    '0x0t',
    '100',
    '100x',
    'x100',
    '100X100',
    '100x100c',
    ' 100x100',
    '-1x5',
    '1e2x5',
    '123456x1',
    '',
  ])('refuses %j', (text) => {
    expect(parseThumbSize(text)).toBeNull();
  });

  it('reads back any size it accepts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99999 }),
        fc.integer({ min: 1, max: 99999 }),
        fc.constantFrom('', 't', 'b', 'f'),
        (width, height, suffix) => {
          const size = parseThumbSize(`${width}x${height}${suffix}`);
          expect(size).toMatchObject({ width, height });
          expect(parseThumbSize(`${height}x${width}${suffix}`)).toMatchObject({ width: height });
        },
      ),
    );
  });
});

describe('isThumbAllowed', () => {
  it('allows 100x100 everywhere and other sizes only when the field lists them', () => {
    const avatar = image('avatar');
    expect(isThumbAllowed('100x100', avatar)).toBe(true);
    expect(isThumbAllowed('400x0', avatar)).toBe(true);
    expect(isThumbAllowed('50x50', avatar)).toBe(false);
    expect(isThumbAllowed('100x100', file('media'))).toBe(true);
    expect(isThumbAllowed('400x0', file('media'))).toBe(false);
    expect(isThumbAllowed('0x0', file('media', { thumbs: ['0x0'] }))).toBe(false);
  });
});
