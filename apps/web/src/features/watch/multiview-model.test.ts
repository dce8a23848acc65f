import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MULTIVIEW_LAYOUTS, resizeLayout, restoreLayout, withMultiview } from './multiview-model';

const channels = ['a', 'b', 'c', 'd', 'e'];

describe('restoreLayout', () => {
  it('keeps a saved layout whose channels still exist', () => {
    expect(restoreLayout({ tiles: 2, channels: ['c', 'a'] }, channels)).toEqual({
      tiles: 2,
      channels: ['c', 'a'],
    });
  });

  it('starts as 2 × 2 with the first channels, and fills gone channels with unused ones', () => {
    expect(restoreLayout(undefined, channels)).toEqual({
      tiles: 4,
      channels: ['a', 'b', 'c', 'd'],
    });
    expect(restoreLayout({ tiles: 4, channels: ['gone', 'b', '', 'a'] }, channels)).toEqual({
      tiles: 4,
      channels: ['c', 'b', 'd', 'a'],
    });
    expect(restoreLayout({ tiles: 9, channels: [] }, ['a'])).toEqual({
      tiles: 9,
      channels: ['a', '', '', '', '', '', '', '', ''],
    });
    expect(restoreLayout({ tiles: 7 }, channels).tiles).toBe(4);
  });

  it('always has one entry per tile and never shows a channel twice', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 12 }),
        (saved, available) => {
          const layout = restoreLayout(saved, available);
          const shown = layout.channels.filter(Boolean);
          return (
            layout.channels.length === layout.tiles &&
            MULTIVIEW_LAYOUTS.some((option) => option.tiles === layout.tiles) &&
            new Set(shown).size === shown.length &&
            shown.every((id) => available.includes(id))
          );
        },
      ),
    );
  });
});

describe('resizeLayout and withMultiview', () => {
  it('keeps the first tiles when the grid shrinks, fills new ones when it grows', () => {
    const four = restoreLayout(undefined, channels);
    expect(resizeLayout(four, 2, channels)).toEqual({ tiles: 2, channels: ['a', 'b'] });
    expect(resizeLayout({ tiles: 2, channels: ['e', 'a'] }, 4, channels)).toEqual({
      tiles: 4,
      channels: ['e', 'a', 'b', 'c'],
    });
  });

  it('saves the layout beside the other settings', () => {
    expect(withMultiview({ theme: 'dark' }, { tiles: 1, channels: ['a'] })).toEqual({
      theme: 'dark',
      multiview: { tiles: 1, channels: ['a'] },
    });
    expect(withMultiview(null, { tiles: 1, channels: ['a'] })).toEqual({
      multiview: { tiles: 1, channels: ['a'] },
    });
  });
});
