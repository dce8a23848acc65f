// A station's accent colour as Mantine's CSS variables, so its public pages take its colour
// without a second theme: the variables of the app's primary colour (green) are redefined on
// the page's root element. Buttons, links, active states and focus rings then use the accent.
// Shades that carry text are darkened (light scheme) or lightened (dark scheme) until they
// reach WCAG AA's 4.5:1 against the page, so any accent stays readable.

type Rgb = readonly [number, number, number];

/** The app's primary colour, whose variables the accent replaces (app/theme.ts). */
const PRIMARY = 'green';
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** The dark scheme's page colours, darkest and lightest (dark.9 and dark.7 of app/theme.ts). */
const DARK_PAGES: readonly Rgb[] = [
  [0x10, 0x14, 0x1b],
  [0x1e, 0x25, 0x30],
];
/** The light scheme's page colours (white and gray.0). */
const LIGHT_PAGES: readonly Rgb[] = [WHITE, [0xf9, 0xfa, 0xfb]];
// A little above 4.5, so rounding to whole hex values never takes a shade under it.
const AA = 4.6;

export function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return null;
  return [
    Number.parseInt(match[1] ?? '0', 16),
    Number.parseInt(match[2] ?? '0', 16),
    Number.parseInt(match[3] ?? '0', 16),
  ];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** `a` moved toward `b` by `amount` (0 = a, 1 = b). */
function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => (a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * amount) as unknown as Rgb;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const first = typeof a === 'string' ? parseHex(a) : a;
  const second = typeof b === 'string' ? parseHex(b) : b;
  if (!first || !second) return 1;
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour moved toward `target` in small steps until it reaches 4.5:1 against every page. */
function readableOn(color: Rgb, pages: readonly Rgb[], target: Rgb): Rgb {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(color, target, step / 20);
    if (pages.every((page) => contrastRatio(candidate, page) >= AA)) return candidate;
  }
  return target;
}

/**
 * The CSS variables that give a subtree the accent colour in the given scheme, or an empty
 * object when the colour is not "#rrggbb".
 */
export function accentVariables(accent: string, scheme: 'light' | 'dark'): Record<string, string> {
  const base = parseHex(accent);
  if (!base) return {};
  // Filled buttons carry white text in both schemes.
  const filled = readableOn(base, [WHITE], BLACK);
  const hover = mix(filled, BLACK, 0.12);
  const page = scheme === 'light' ? WHITE : (DARK_PAGES[1] ?? BLACK);
  const light = mix(page, base, scheme === 'light' ? 0.12 : 0.22);
  const lightHover = mix(page, base, scheme === 'light' ? 0.2 : 0.32);
  // Text and links in the accent sit on the page and on the accent's own light backgrounds
  // (light buttons, active links): readable on all of them.
  const text =
    scheme === 'light'
      ? readableOn(base, [...LIGHT_PAGES, light, lightHover], BLACK)
      : readableOn(base, [...DARK_PAGES, light, lightHover], WHITE);
  const shades = [0.06, 0.14, 0.28, 0.42, 0.58, 0.74, 0.88].map((t) => mix(WHITE, base, t));
  const scale = [...shades, filled, hover, mix(filled, BLACK, 0.3)].map(toHex);

  const dynamic: Record<string, string> = {
    filled: toHex(filled),
    'filled-hover': toHex(hover),
    light: toHex(light),
    'light-hover': toHex(lightHover),
    'light-color': toHex(text),
    outline: toHex(text),
    'outline-hover': toHex(light),
    text: toHex(text),
  };
  const variables: Record<string, string> = {};
  scale.forEach((value, index) => {
    variables[`--mantine-color-${PRIMARY}-${index}`] = value;
    variables[`--mantine-primary-color-${index}`] = value;
  });
  for (const [name, value] of Object.entries(dynamic)) {
    variables[`--mantine-color-${PRIMARY}-${name}`] = value;
  }
  for (const name of ['filled', 'filled-hover', 'light', 'light-hover', 'light-color']) {
    variables[`--mantine-primary-color-${name}`] = dynamic[name] ?? '';
  }
  variables['--mantine-primary-color-contrast'] = '#ffffff';
  variables['--mantine-color-anchor'] = toHex(text);
  variables['--station-accent'] = toHex(base);
  return variables;
}
