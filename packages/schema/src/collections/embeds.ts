import { defineCollection, type RecordOf } from '../collection.js';
import { bool, date, json, number, relation, select, text } from '../fields.js';
import { GUIDE_MAX_CHANNELS } from '../guide.js';

/** What an embed shows (PRODUCT.md glossary: a configured widget for another website). */
export const EMBED_KINDS = ['guide', 'player', 'nownext', 'upcoming'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

/** An embed's colours: fixed, or the visitor's own preference (prefers-color-scheme). */
export const EMBED_THEMES = ['light', 'dark', 'auto'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/**
 * An allowed origin as a station writes it: `http(s)://host[:port]`, no path, where host may
 * start with `*.` for every subdomain (CSP `frame-ancestors` host-source syntax). Case-insensitive.
 */
export const EMBED_ORIGIN_PATTERN = '^https?://(\\*\\.)?[a-z0-9-]+(\\.[a-z0-9-]+)*(:\\d{1,5})?$';

/** The guide widget's window: hours from now it shows (options.hours). */
export const EMBED_GUIDE_HOURS = { min: 1, max: 12, default: 4 } as const;

/** The upcoming widget's length: airings it lists (options.count). */
export const EMBED_UPCOMING_COUNT = { min: 1, max: 50, default: 8 } as const;

/** Widths and heights are pixels; 0 means "fill the space the page gives it". */
export const EMBED_MAX_SIZE_PX = 4000;

/** Per-kind settings an embed keeps in its `options` JSON; each applies to one kind. */
export interface EmbedOptions {
  /** guide: hours shown from now. */
  hours?: number;
  /** upcoming: airings listed. */
  count?: number;
}

export const embeds = defineCollection({
  id: 'pbc_2833533342',
  name: 'embeds',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('name', { required: true, max: 120 }),
    select('kind', EMBED_KINDS, { required: true }),
    // Not cascading: deleting a channel takes it out of the widgets that showed it.
    relation('channels', 'channels', { maxSelect: GUIDE_MAX_CHANNELS }),
    select('theme', EMBED_THEMES),
    // "#rrggbb" or empty: checked by the server's hook, whose message says how to write it.
    text('accent'),
    number('width', { min: 0, max: EMBED_MAX_SIZE_PX, onlyInt: true }),
    number('height', { min: 0, max: EMBED_MAX_SIZE_PX, onlyInt: true }),
    json('options', { maxSize: 4096 }),
    json('allowedOrigins', { maxSize: 16384 }),
    // A retired widget stops rendering on the sites that embed it, and can be restored.
    bool('archived'),
    date('archivedAt', { system: true }),
  ],
  indexes: [{ name: 'organization', columns: ['organization'] }],
});

export type EmbedRecord = RecordOf<
  typeof embeds,
  {
    options: EmbedOptions | null;
    /** Origins allowed to frame the widget; empty allows any website. */
    allowedOrigins: string[] | null;
  }
>;
