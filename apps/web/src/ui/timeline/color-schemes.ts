/**
 * The timeline chart's eleven colour schemes (seed-spec §9). Each is a palette of bar colours
 * picked by a bar's category, plus the colour of the text on them. Every bar colour keeps its
 * label at a contrast of at least 4.5:1 (WCAG AA for small text).
 */

export const COLOR_SCHEME_NAMES = [
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
] as const;
export type ColorSchemeName = (typeof COLOR_SCHEME_NAMES)[number];

export interface ColorScheme {
  /** Bar backgrounds; a category always gets the same one. */
  bars: readonly string[];
  /** Label colour on every bar of the scheme. */
  text: string;
}

export const COLOR_SCHEMES: Readonly<Record<ColorSchemeName, ColorScheme>> = {
  default: {
    bars: ['#3b6e8f', '#4f6f23', '#8a4f7d', '#a3521f', '#2f7a6d', '#6b5ca5'],
    text: '#ffffff',
  },
  creamy: {
    bars: ['#ffe8d9', '#fcdcc5', '#f7e1b5', '#f3d6c8', '#fff0c9', '#ead7c3'],
    text: '#542d05',
  },
  crimson: {
    bars: ['#a82039', '#c41238', '#8e1b2f', '#b23a48', '#7a1f2b', '#9c2f3f'],
    text: '#ffffff',
  },
  dark: {
    bars: ['#404040', '#2f3a45', '#45393f', '#33413a', '#4a4536', '#3a3550'],
    text: '#ffffff',
  },
  flare: {
    bars: ['#b8560f', '#9c4a0b', '#5e5145', '#665648', '#a2541c', '#7a4a22'],
    text: '#ffffff',
  },
  fuchsia: {
    bars: ['#b50b41', '#c9174f', '#9c1a4a', '#c2185b', '#8a1538', '#a8325e'],
    text: '#ffffff',
  },
  grove: {
    bars: ['#2f7a4b', '#288542', '#3b6e4f', '#23663a', '#4a7a3a', '#2d5f45'],
    text: '#ffffff',
  },
  'material-blue': {
    bars: ['#0d47a1', '#1565c0', '#1e5aa8', '#0b3d91', '#1976d2', '#2c4f8c'],
    text: '#ffffff',
  },
  sky: {
    bars: ['#b5e3ff', '#a1d6f7', '#d6f7ff', '#c4e4f5', '#bfd9ff', '#a8e0f0'],
    text: '#022c47',
  },
  slumber: {
    bars: ['#2a2f42', '#3a3f5c', '#35394d', '#4a4060', '#2c3044', '#403a52'],
    text: '#ffe0b3',
  },
  vue: {
    bars: ['#227a53', '#35495e', '#2a3d51', '#1f7a52', '#3b6a5a', '#2c5a46'],
    text: '#ffffff',
  },
};

/** The scheme of that name, or an error listing the eleven there are. */
export function colorScheme(name: string): ColorScheme {
  if (Object.hasOwn(COLOR_SCHEMES, name)) return COLOR_SCHEMES[name as ColorSchemeName];
  throw new Error(
    `Unknown colour scheme ${JSON.stringify(name)}. Use one of ${COLOR_SCHEME_NAMES.join(', ')}.`,
  );
}

/**
 * FNV-1a over the category's UTF-16 code units: the same category gets the same colour on
 * every render and in every chart, whatever other categories are on screen.
 */
export function categoryHash(category: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < category.length; i++) {
    hash ^= category.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A bar's background in a scheme; bars without a category share one colour. */
export function barColor(scheme: ColorScheme, category: string | undefined): string {
  return scheme.bars[categoryHash(category ?? '') % scheme.bars.length] as string;
}

/** What picks a bar's colour: its category, or its row (on the timeslots page, its channel). */
const COLOR_BY = ['row', 'category'] as const;
export type ColorBy = (typeof COLOR_BY)[number];

/** The contrast a bar's label keeps on its background (WCAG AA for small text). */
export const MIN_LABEL_CONTRAST = 4.5;

/**
 * Each row's bar colour when bars are coloured by row: the row's own colour when the scheme's
 * text stays readable on it, else the scheme's palette in row order, so the first rows (up to
 * the palette's six) never share a colour the way hashed categories can.
 */
export function rowColors(
  rows: readonly { id: string; color?: string }[],
  scheme: ColorScheme,
): Map<string, string> {
  return new Map(
    rows.map((row, index) => {
      const own = row.color ?? '';
      const readable =
        /^#[0-9a-f]{6}$/i.test(own) && contrastRatio(own, scheme.text) >= MIN_LABEL_CONTRAST;
      return [
        row.id,
        readable ? own.toLowerCase() : (scheme.bars[index % scheme.bars.length] as string),
      ];
    }),
  );
}

/**
 * A bar's background: its own colour, else its row's (by row) or its category's (by category)
 * in the scheme. A row missing from `byRow` falls back to the category's colour.
 */
export function resolveBarColor(
  bar: { rowId: string; category?: string; color?: string },
  colorBy: ColorBy,
  scheme: ColorScheme,
  byRow: ReadonlyMap<string, string>,
): string {
  if (bar.color) return bar.color;
  const row = colorBy === 'row' ? byRow.get(bar.rowId) : undefined;
  return row ?? barColor(scheme, bar.category);
}

/** Relative luminance of a `#rrggbb` colour (WCAG 2). */
function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light as number) + 0.05) / ((dark as number) + 0.05);
}
