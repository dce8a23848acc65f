import { defineCollection, type RecordOf } from '../collection.js';
import { date, file, json, MEDIA_MIME_TYPES, number, relation, select, text } from '../fields.js';
import type { MediaInfo } from './shows.js';

/** What a spot is for: a sponsor's underwriting, a public-service announcement, a promo, an ident. */
export const AD_CATEGORIES = ['underwriting', 'psa', 'promo', 'station-id'] as const;
export type AdCategory = (typeof AD_CATEGORIES)[number];

/** A spot's life: prepared, airing when campaigns place it, put away (never deleted). */
export const AD_STATUSES = ['draft', 'active', 'archived'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

/** Broadcast loudness target (ATSC A/85): spots air at −24 LKFS, ±2 dB. */
export const LOUDNESS_TARGET_LUFS = -24;
export const LOUDNESS_TOLERANCE_DB = 2;

/** Largest spot file: a 60-second spot in broadcast quality is well under a gigabyte. */
export const AD_MAX_FILE_BYTES = 2 * 1024 ** 3;

/**
 * A spot (issue 40): a short piece of media aired between programmes. Its runtime
 * (`durationSec`, to the frame, unrounded) and loudness (`mediaInfo.loudness`) are read from
 * the file by the `media-probe` job; `validFrom`–`validTo` are the calendar days (inclusive)
 * it may air. Staff archive a spot, never delete it: proof-of-play records will name it.
 */
export const ads = defineCollection({
  id: 'pbc_1911549009',
  name: 'ads',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('title', { required: true, max: 200 }),
    relation('sponsor', 'sponsors'),
    select('category', AD_CATEGORIES),
    // Video or audio, private to the station; sent with resumable uploads like a show's media.
    file('media', { maxSize: AD_MAX_FILE_BYTES, mimeTypes: MEDIA_MIME_TYPES, protected: true }),
    // The runtime ffprobe read of the media, in seconds, exactly as it read it (server-set).
    number('durationSec', { min: 0, system: true }),
    // What ffprobe read of the media and its measured loudness (server-set).
    json('mediaInfo', { system: true }),
    // A copy browsers play (H.264/AAC in MP4), when the media itself is not one (server-set).
    file('webMedia', {
      maxSize: AD_MAX_FILE_BYTES,
      mimeTypes: MEDIA_MIME_TYPES,
      protected: true,
      system: true,
    }),
    // The first and last day it may air (dates at midnight UTC; empty: no limit).
    date('validFrom'),
    date('validTo'),
    select('status', AD_STATUSES),
    // When its status became archived (server-set).
    date('archivedAt', { system: true }),
  ],
  indexes: [
    { name: 'organization_title', columns: ['organization', 'title'] },
    { name: 'sponsor', columns: ['sponsor'] },
  ],
});

/** `status` and `category` are never empty: the server sets draft and underwriting on create. */
export type AdRecord = RecordOf<
  typeof ads,
  { status: AdStatus; category: AdCategory; mediaInfo: Partial<MediaInfo> }
>;
