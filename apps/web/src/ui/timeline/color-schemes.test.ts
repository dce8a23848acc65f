import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  barColor,
  COLOR_SCHEME_NAMES,
  COLOR_SCHEMES,
  categoryHash,
  colorScheme,
  contrastRatio,
  MIN_LABEL_CONTRAST,
  resolveBarColor,
  rowColors,
} from './color-schemes';

describe('colour schemes (seed-spec §9)', () => {
  it('are the eleven the seed names', () => {
    expect(COLOR_SCHEME_NAMES).toEqual([
      'default',
      'creamy',
      'crimson',
      'dark',
      'flare',
      'fuchsia',
      'grove',
      'material-blue',
      'sky',
      'slumber',
      'vue',
    ]);
    expect(Object.keys(COLOR_SCHEMES).sort()).toEqual([...COLOR_SCHEME_NAMES].sort());
  });

  it.each(COLOR_SCHEME_NAMES)('%s keeps bar labels readable (contrast ≥ 4.5:1)', (name) => {
    const scheme = colorScheme(name);
    expect(scheme.bars.length).toBeGreaterThanOrEqual(6);
    for (const bar of scheme.bars) {
      expect(bar).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastRatio(bar, scheme.text)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('no two schemes share a palette', () => {
    const palettes = new Set(COLOR_SCHEME_NAMES.map((name) => colorScheme(name).bars.join()));
    expect(palettes.size).toBe(11);
  });

  it('refuses an unknown name, listing the eleven', () => {
    expect(() => colorScheme('neon')).toThrow(
      new Error(
        'Unknown colour scheme "neon". Use one of default, creamy, crimson, dark, flare, fuchsia, grove, material-blue, sky, slumber, vue.',
      ),
    );
    expect(() => colorScheme('toString')).toThrow(/Unknown colour scheme "toString"/);
  });
});

describe('barColor', () => {
  it('gives a category the same colour every time, from the scheme', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COLOR_SCHEME_NAMES), fc.string(), (name, category) => {
        const scheme = colorScheme(name);
        const color = barColor(scheme, category);
        expect(scheme.bars).toContain(color);
        expect(barColor(scheme, category)).toBe(color);
      }),
    );
  });

  it('gives a category the same slot in every scheme, so switching schemes keeps groups', () => {
    const slot = (name: (typeof COLOR_SCHEME_NAMES)[number], category: string) =>
      colorScheme(name).bars.indexOf(barColor(colorScheme(name), category));
    for (const category of ['News', 'Sports', 'Music', 'Talk']) {
      expect(new Set(COLOR_SCHEME_NAMES.map((name) => slot(name, category))).size).toBe(1);
    }
  });

  it('shares one colour for bars without a category', () => {
    const scheme = colorScheme('grove');
    expect(barColor(scheme, undefined)).toBe(barColor(scheme, ''));
  });

  it('spreads common categories over several colours', () => {
    const scheme = colorScheme('default');
    const colors = new Set(
      ['News', 'Sports', 'Music', 'Talk', 'Kids', 'Film', 'Local', 'Faith'].map((c) =>
        barColor(scheme, c),
      ),
    );
    expect(colors.size).toBeGreaterThanOrEqual(4);
  });
});

describe('categoryHash', () => {
  it('is FNV-1a (32-bit)', () => {
    expect(categoryHash('')).toBe(0x811c9dc5);
    expect(categoryHash('a')).toBe(0xe40c292c);
    expect(categoryHash('foobar')).toBe(0xbf9cf968);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3b6e8f', '#3b6e8f')).toBe(1);
  });
});

describe('colouring by row (a channel each)', () => {
  const scheme = COLOR_SCHEMES.default;
  const rows = [{ id: 'c1' }, { id: 'c2' }, { id: 'c3' }];

  it('gives the first rows the palette in order, so two channels never share a colour', () => {
    const colors = rowColors(rows, scheme);
    expect([...colors.values()]).toEqual(scheme.bars.slice(0, 3));
    const six = rowColors(
      Array.from({ length: 6 }, (_, index) => ({ id: `c${index}` })),
      scheme,
    );
    expect(new Set(six.values()).size).toBe(6);
  });

  it('starts the palette over past its last colour', () => {
    const seven = rowColors(
      Array.from({ length: 7 }, (_, index) => ({ id: `c${index}` })),
      scheme,
    );
    expect(seven.get('c6')).toBe(scheme.bars[0]);
  });

  it('takes a channel’s own colour when the labels stay readable on it', () => {
    const colors = rowColors([{ id: 'c1', color: '#1A3D6B' }, { id: 'c2' }], scheme);
    expect(colors.get('c1')).toBe('#1a3d6b');
    expect(colors.get('c2')).toBe(scheme.bars[1]);
  });

  it('keeps the palette for a channel colour white text cannot be read on, or not a colour', () => {
    const colors = rowColors(
      [
        { id: 'pale', color: '#ffee88' },
        { id: 'empty', color: '' },
        { id: 'named', color: 'teal' },
        { id: 'short', color: '#123' },
      ],
      scheme,
    );
    expect([...colors.values()]).toEqual(scheme.bars.slice(0, 4));
  });

  it.each(COLOR_SCHEME_NAMES)('keeps every row colour of %s readable', (name) => {
    const colors = rowColors(
      [
        { id: 'a', color: '#000000' },
        { id: 'b', color: '#ffffff' },
        { id: 'c', color: '#3b6e8f' },
        { id: 'd' },
      ],
      COLOR_SCHEMES[name],
    );
    for (const color of colors.values()) {
      expect(contrastRatio(color, COLOR_SCHEMES[name].text)).toBeGreaterThanOrEqual(
        MIN_LABEL_CONTRAST,
      );
    }
  });
});

describe('resolveBarColor', () => {
  const scheme = COLOR_SCHEMES.default;
  const byRow = new Map([
    ['c1', '#111111'],
    ['c2', '#222222'],
  ]);

  it('colours by row: bars of one channel share its colour, whatever their category', () => {
    expect(resolveBarColor({ rowId: 'c1', category: 'News' }, 'row', scheme, byRow)).toBe(
      '#111111',
    );
    expect(resolveBarColor({ rowId: 'c1', category: 'Sports' }, 'row', scheme, byRow)).toBe(
      '#111111',
    );
    expect(resolveBarColor({ rowId: 'c2' }, 'row', scheme, byRow)).toBe('#222222');
  });

  it('colours by category: one category one colour across channels', () => {
    const news = barColor(scheme, 'News');
    expect(resolveBarColor({ rowId: 'c1', category: 'News' }, 'category', scheme, byRow)).toBe(
      news,
    );
    expect(resolveBarColor({ rowId: 'c2', category: 'News' }, 'category', scheme, byRow)).toBe(
      news,
    );
  });

  it('lets a bar’s own colour win, and falls back to its category for a row it does not know', () => {
    expect(resolveBarColor({ rowId: 'c1', color: '#abcdef' }, 'row', scheme, byRow)).toBe(
      '#abcdef',
    );
    expect(resolveBarColor({ rowId: 'zz', category: 'News' }, 'row', scheme, byRow)).toBe(
      barColor(scheme, 'News'),
    );
  });
});
