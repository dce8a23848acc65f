import {
  EMBED_GUIDE_HOURS,
  EMBED_KINDS,
  EMBED_THEMES,
  EMBED_UPCOMING_COUNT,
  type EmbedKind,
  type EmbedRecord,
  type EmbedTheme,
} from '@airgrid/schema';

// What a widget shows, however it got its settings: from the saved embed (GET
// /api/collections/embeds/records/{id}) or, in the /embeds page's live preview, from the
// unsaved draft the page puts in the URL fragment. Pure, so the page and the runtime share it.

/** The widget's settings, complete and checked. */
export interface WidgetConfig {
  organization: string;
  name: string;
  kind: EmbedKind;
  /** Channel ids in the station's choice; empty means every public channel. */
  channels: string[];
  theme: EmbedTheme;
  /** "#rrggbb" (lower-case), or '' for the default accent. */
  accent: string;
  /** guide: hours from now. */
  hours: number;
  /** upcoming: airings listed. */
  count: number;
}

/** The fragment key of a preview's draft: `/embed/preview#draft=…`. */
const DRAFT_KEY = 'draft';

/** The path of the live preview (the server frames it for the app only). */
export const PREVIEW_PATH = '/embed/preview';

const ID = /^[a-z0-9]{15}$/;
const ACCENT = /^#[0-9a-f]{6}$/;

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

function wholeNumber(value: unknown, limits: { min: number; max: number; default: number }) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return limits.default;
  return Math.min(limits.max, Math.max(limits.min, Math.round(value)));
}

/**
 * Settings from anything shaped like an embed record: unknown kinds, themes and colours fall
 * back to the defaults and ids that are not record ids are dropped, so a hand-edited fragment can
 * never put more than a colour into a style.
 */
export function widgetConfig(record: Partial<Record<keyof EmbedRecord, unknown>>): WidgetConfig {
  const options =
    typeof record.options === 'object' && record.options !== null
      ? (record.options as Record<string, unknown>)
      : {};
  const accent = typeof record.accent === 'string' ? record.accent.toLowerCase() : '';
  return {
    organization:
      typeof record.organization === 'string' && ID.test(record.organization)
        ? record.organization
        : '',
    name: typeof record.name === 'string' ? record.name.slice(0, 120) : '',
    kind: oneOf(EMBED_KINDS, record.kind, 'guide'),
    channels: Array.isArray(record.channels)
      ? [...new Set(record.channels.filter((id): id is string => typeof id === 'string'))]
          .filter((id) => ID.test(id))
          .slice(0, 200)
      : [],
    theme: oneOf(EMBED_THEMES, record.theme, 'auto'),
    accent: ACCENT.test(accent) ? accent : '',
    hours: wholeNumber(options.hours, EMBED_GUIDE_HOURS),
    count: wholeNumber(options.count, EMBED_UPCOMING_COUNT),
  };
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** A draft as the preview's fragment carries it: base64url JSON (no characters to escape). */
export function encodeDraft(config: WidgetConfig): string {
  return toBase64Url(
    JSON.stringify({
      organization: config.organization,
      name: config.name,
      kind: config.kind,
      channels: config.channels,
      theme: config.theme,
      accent: config.accent,
      options: { hours: config.hours, count: config.count },
    }),
  );
}

/** The draft an encoded fragment value holds, checked like a record; null when unreadable. */
export function decodeDraft(encoded: string): WidgetConfig | null {
  try {
    const value: unknown = JSON.parse(fromBase64Url(encoded));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    return widgetConfig(value as Record<string, unknown>);
  } catch {
    return null;
  }
}

/** The draft in a location hash (`#draft=…`), or null. */
export function draftFromHash(hash: string): WidgetConfig | null {
  const encoded = new URLSearchParams(hash.replace(/^#/, '')).get(DRAFT_KEY);
  return encoded ? decodeDraft(encoded) : null;
}

/** The live preview's address for a draft. */
export function previewUrl(config: WidgetConfig): string {
  return `${PREVIEW_PATH}#${DRAFT_KEY}=${encodeDraft(config)}`;
}
