import { defineCollection, MAX_DURATION_SEC, type RecordOf } from '../collection.js';
import {
  bool,
  email,
  file,
  json,
  MEDIA_MIME_TYPES,
  number,
  relation,
  select,
  text,
  url,
} from '../fields.js';
import type { PublicStation } from '../stations.js';
import type { MediaInfo } from './shows.js';

/** A submission's review: waiting, taken into the catalogue, turned down, or sent back. */
export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected', 'changes'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
/** Longest licence or content-policy text a station writes for its submission form. */
export const SUBMISSION_TEXT_MAX = 20000;
/** Largest show file the submission form takes: an hour-long programme is 1–4 GB. */
export const SUBMISSION_MAX_FILE_BYTES = 8 * 1024 ** 3;

/** What staff decide of a submission (POST /api/v1/submissions/:id/review). */
export const SUBMISSION_DECISIONS = ['approve', 'reject', 'changes'] as const;
export type SubmissionDecision = (typeof SUBMISSION_DECISIONS)[number];

/**
 * A show offered by a community producer (issue 20): sent through the public form (or by a
 * signed-in member), reviewed by staff, who approve it into the catalogue, reject it or ask
 * for changes, each with a note mailed to the submitter. Written by /api/v1/submissions only;
 * `statusToken` is the private status link's key.
 */
export const submissions = defineCollection({
  id: 'pbc_3482339971',
  name: 'submissions',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('title', { required: true, max: 200 }),
    text('description', { max: 5000 }),
    text('category', { max: 64 }),
    text('rating', { max: 16 }),
    text('language', { max: 16 }),
    number('durationSec', { min: 0, max: MAX_DURATION_SEC, onlyInt: true }),
    url('mediaUrl'),
    // The show as a file, sent with resumable uploads (apps/server/src/uploads): private to staff.
    file('media', {
      maxSize: SUBMISSION_MAX_FILE_BYTES,
      mimeTypes: MEDIA_MIME_TYPES,
      protected: true,
    }),
    // True from a file submission's form until its last byte is in (server-set).
    bool('awaitingFile', { system: true }),
    // What ffprobe read of the media (server-set), for the review queue.
    json('mediaInfo', { system: true }),
    text('submitterName', { required: true, max: 120 }),
    email('submitterEmail', { required: true }),
    relation('submitter', 'users', { system: true }),
    bool('licenceAccepted'),
    bool('policyAccepted'),
    select('status', SUBMISSION_STATUSES, { required: true }),
    text('reviewNote', { max: 2000 }),
    relation('show', 'shows', { system: true }),
    text('statusToken', { system: true, hidden: true, max: 64 }),
  ],
  indexes: [
    { name: 'organization_status', columns: ['organization', 'status', 'created'] },
    { name: 'statusToken', columns: ['statusToken'] },
  ],
});

export type SubmissionRecord = RecordOf<
  typeof submissions,
  {
    /** What ffprobe read of `media` (the review queue's facts); {} until read. */
    mediaInfo: Partial<MediaInfo>;
  }
>;

/** What the private status link shows (GET /api/v1/submissions/status/:token). */
export interface SubmissionStatusView {
  /** The submission's id: its file's upload names it, with the link's token as the key. */
  id: string;
  title: string;
  station: string;
  status: SubmissionStatus;
  reviewNote: string;
  submitted: string;
  updated: string;
  /** True while the show's file has not all arrived (the upload can be sent again). */
  awaitingFile: boolean;
  /**
   * True when the submitter may send a new version (POST to the same link): the station asked
   * for changes, or the file has not all arrived.
   */
  canRevise: boolean;
  /** What the submitter sent, to start a new version from. */
  show: {
    description: string;
    category: string;
    rating: string;
    language: string;
    durationSec: number;
    mediaUrl: string;
    /** The file's name as sent ('' for a link, or while it has not all arrived). */
    fileName: string;
  };
  /** The station's limits for a new file. */
  maxFileBytes: number;
  fileTypes: string[];
}

/** GET /api/v1/submissions/form/:station: what the public form shows and checks. */
export interface SubmissionFormView {
  station: PublicStation;
  licence: string;
  policy: string;
  maxFileBytes: number;
  /** Media types the file may be (`video/*`, `audio/*`). */
  fileTypes: string[];
}
