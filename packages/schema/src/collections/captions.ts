import { defineCollection, type RecordOf } from '../collection.js';
import { bool, json, relation, select, text } from '../fields.js';

/** A caption track's kinds, as HTML's <track kind> names them. */
export const CAPTION_KINDS = ['captions', 'subtitles', 'descriptions'] as const;
export type CaptionKind = (typeof CAPTION_KINDS)[number];
export const CAPTION_TRACK_STATUSES = ['draft', 'complete'] as const;
export const CAPTION_SOURCES = ['upload', 'auto', 'manual'] as const;

/** One cue of a caption track: seconds from the start of the media, and its text. */
export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

/**
 * A show's caption track (captions, subtitles or audio descriptions) in one language: its cues
 * are kept as JSON and served as WebVTT (/api/v1/captions/{id}.vtt).
 */
export const captions = defineCollection({
  id: 'pbc_1718517388',
  name: 'captions',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('show', 'shows', { required: true, cascadeDelete: true }),
    select('kind', CAPTION_KINDS, { required: true }),
    // A BCP 47 language tag: en, es-MX.
    text('language', { required: true, max: 16, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' }),
    text('label', { max: 80 }),
    bool('isDefault'),
    select('status', CAPTION_TRACK_STATUSES, { required: true }),
    select('source', CAPTION_SOURCES),
    json('cues'),
  ],
  indexes: [
    { name: 'organization', columns: ['organization', 'created'] },
    { name: 'show', columns: ['show'] },
  ],
});

export type CaptionRecord = RecordOf<typeof captions, { cues: CaptionCue[] }>;
