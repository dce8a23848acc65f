import type { CollectionDefinition } from '../collection.js';
import {
  bool,
  date,
  email,
  file,
  image,
  json,
  LARGE_IMAGE,
  MEDIA_MIME_TYPES,
  number,
  relation,
  select,
  text,
  url,
} from '../fields.js';
import { GUIDE_MAX_CHANNELS } from '../guide.js';
import {
  EPISODE_AUDIO_MIME_TYPES,
  EPISODE_TYPES,
  PODCAST_CATEGORY_VALUES,
  PODCAST_COVER,
  PODCAST_TYPES,
} from '../podcasts.js';
import {
  API_KEY_ROLES,
  CABLECAST_SYNC_STATES,
  CABLECAST_SYNC_TRIGGERS,
  CAPTION_KINDS,
  CAPTION_SOURCES,
  CAPTION_TRACK_STATUSES,
  EMBED_KINDS,
  EMBED_MAX_SIZE_PX,
  EMBED_THEMES,
  EQUIPMENT_STATUSES,
  JOB_KINDS,
  JOB_STATES,
  MAX_DURATION_SEC,
  RESERVATION_STATUSES,
  ROLES,
  SHOW_STATUSES,
  SUBMISSION_MAX_FILE_BYTES,
  SUBMISSION_STATUSES,
  SUBMISSION_TEXT_MAX,
  TIMESLOT_SOURCES,
  TIMESLOT_STATUSES,
  US_STATES,
} from '../records.js';
import { WEBHOOK_DELIVERY_EVENTS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../webhooks.js';

// The collections of PRODUCT.md's data model that the record API serves. Field names follow
// the glossary; a later collection is one more entry here and one rules module on the server.

export const NOTIFICATION_TYPES = [
  'info',
  'reminder',
  'help',
  'message',
  'comments',
  'mail',
  'task',
  'error',
  'warning',
  'success',
] as const;

export const superusers: CollectionDefinition = {
  id: 'pbc_3142635823',
  name: '_superusers',
  type: 'auth',
  fields: [],
};

export const users: CollectionDefinition = {
  id: '_pb_users_auth_',
  name: 'users',
  type: 'auth',
  fields: [
    text('name', { max: 255 }),
    text('username', { max: 64, pattern: '^[\\w][\\w\\.\\-]*$' }),
    text('phone', { max: 32, rules: 'phone' }),
    text('bio', { max: 2000 }),
    image('avatar'),
    relation('organization', 'organizations'),
    select('role', ROLES),
    select('privileges', ['admin'], { maxSelect: 8 }),
    json('settings'),
    // When the user took their organization, and their last password sign-in (server-set).
    date('joined', { system: true }),
    date('lastSignIn', { system: true }),
  ],
};

export const externalAuths: CollectionDefinition = {
  id: 'pbc_2281828961',
  name: '_externalAuths',
  type: 'base',
  fields: [
    text('collectionRef', { required: true }),
    text('recordRef', { required: true }),
    text('provider', { required: true }),
    text('providerId', { required: true }),
  ],
};

export const organizations: CollectionDefinition = {
  id: 'pbc_2873630990',
  name: 'organizations',
  type: 'base',
  fields: [
    text('name', { required: true, min: 2, max: 120 }),
    text('slug', { required: true, min: 2, max: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    image('logo'),
    text('timeZone', { required: true, max: 64 }),
    url('website'),
    email('contactEmail'),
    json('branding'),
    json('settings'),
    bool('archived'),
    // When its owner archived it (server-set): the purge deletes it after its retention.
    date('archivedAt', { system: true }),
    // Contact and legal details (issue 17): the seed's rules, checked on the server too.
    text('contactPhone', { max: 32, rules: 'phone' }),
    text('addressLine1', { max: 120 }),
    text('addressLine2', { max: 120 }),
    text('city', { max: 80 }),
    select('region', US_STATES),
    text('postalCode', { max: 10, rules: 'zipcode' }),
    text('legalName', { max: 200 }),
    text('ein', { max: 10, rules: 'ein' }),
    // Public page settings. `unlisted` rather than "listed": a new station, like every bool's
    // zero value, is listed in the station picker.
    bool('unlisted'),
    // The channel the station's bare /watch opens (the engine keeps it inside the organization).
    relation('landingChannel', 'channels'),
    // The texts a producer accepts on the public submission form (issue 20), plain text.
    text('submissionLicence', { max: SUBMISSION_TEXT_MAX }),
    text('submissionPolicy', { max: SUBMISSION_TEXT_MAX }),
  ],
};

/**
 * Where a station's sponsor invoices ask to be paid. Its own collection, not fields of the
 * organization, because every member reads the organization and only admins may read this.
 */
export const remittances: CollectionDefinition = {
  id: 'pbc_72795330',
  name: 'remittances',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('bankName', { max: 120 }),
    text('accountName', { max: 120 }),
    text('routingNumber', { max: 9, rules: 'routing' }),
  ],
};

export const invites: CollectionDefinition = {
  id: 'pbc_2452428166',
  name: 'invites',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    email('email', { required: true }),
    select('role', ROLES, { required: true }),
    text('token', { hidden: true, system: true }),
    date('expires', { system: true }),
    bool('accepted', { system: true }),
  ],
};

export const waitlist: CollectionDefinition = {
  id: 'pbc_3894241073',
  name: 'waitlist',
  type: 'base',
  fields: [
    email('email', { required: true }),
    text('name', { max: 120 }),
    text('station', { max: 120 }),
    text('note', { max: 2000 }),
  ],
};

export const channels: CollectionDefinition = {
  id: 'pbc_3009067695',
  name: 'channels',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('name', { required: true, max: 120 }),
    text('slug', { required: true, min: 1, max: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    number('number', { min: 0, max: 99999, onlyInt: true }),
    text('description', { max: 5000 }),
    image('logo'),
    url('streamUrl'),
    text('timeZone', { required: true, max: 64 }),
    // What the channel speaks (BCP 47: en, es-MX): caption coverage counts tracks in it.
    text('language', { max: 16, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' }),
    bool('public'),
    text('color', { max: 32, pattern: '^#[0-9a-fA-F]{6}$' }),
    text('bumperTitle', { max: 120 }),
    text('bumperDescription', { max: 500 }),
    image('bumperImage', LARGE_IMAGE),
    number('sortOrder', { onlyInt: true }),
    bool('archived'),
    // When it was archived (server-set): the archive purges it after the retention period.
    date('archivedAt', { system: true }),
  ],
};

export const series: CollectionDefinition = {
  id: 'pbc_218332259',
  name: 'series',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('title', { required: true, max: 200 }),
    text('description', { max: 5000 }),
    text('category', { max: 64 }),
    image('thumbnail', LARGE_IMAGE),
  ],
};

export const shows: CollectionDefinition = {
  id: 'pbc_2810007471',
  name: 'shows',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('series', 'series'),
    text('title', { required: true, max: 200 }),
    text('subtitle', { max: 200 }),
    text('description', { max: 5000 }),
    text('category', { max: 64 }),
    json('tags'),
    text('rating', { max: 16 }),
    text('language', { max: 16 }),
    number('durationSec', { min: 0, max: MAX_DURATION_SEC, onlyInt: true }),
    // Video or audio (by content, not name); private to the station: downloads need a file
    // token and the viewRule.
    file('media', {
      // An hour-long programme is 1–4 GB; it arrives through resumable uploads (tus).
      maxSize: 8 * 1024 ** 3,
      mimeTypes: MEDIA_MIME_TYPES,
      protected: true,
    }),
    url('mediaUrl'),
    image('thumbnail', LARGE_IMAGE),
    relation('producer', 'users'),
    text('producerName', { max: 120 }),
    number('season', { min: 0, onlyInt: true }),
    number('episode', { min: 0, onlyInt: true }),
    select('captionStatus', ['none', 'partial', 'complete']),
    select('status', SHOW_STATUSES),
    // What ffprobe read of the media (server-set): duration, container, video and audio streams.
    json('mediaInfo', { system: true }),
    // A copy browsers play (H.264/AAC in MP4), made when the media itself is not one (server-set).
    file('webMedia', {
      maxSize: 8 * 1024 ** 3,
      mimeTypes: MEDIA_MIME_TYPES,
      protected: true,
      system: true,
    }),
    json('externalIds'),
    // When its status became archived (server-set).
    date('archivedAt', { system: true }),
  ],
};

export const timeslots: CollectionDefinition = {
  id: 'pbc_1556589182',
  name: 'timeslots',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('channel', 'channels', { required: true, cascadeDelete: true }),
    relation('show', 'shows', { required: true, cascadeDelete: true }),
    date('start', { required: true }),
    number('durationSec', { required: true, min: 900, max: MAX_DURATION_SEC, onlyInt: true }),
    select('status', TIMESLOT_STATUSES),
    relation('recurrence', 'recurrences'),
    bool('locked'),
    text('bundle', { max: 64 }),
    select('source', TIMESLOT_SOURCES),
    text('note', { max: 2000 }),
    // The recurrence instance this timeslot is (its original local start, YYYY-MM-DDTHH:mm).
    text('occurrence', { max: 16 }),
    // Imported from Cablecast: the run's schedule item id (0 for Airgrid's own), and the run as
    // Cablecast has it, before the 15-minute grid (decision 0030). Such a timeslot is locked:
    // the next sync would undo a local change.
    number('cablecastId', { system: true, min: 0, onlyInt: true }),
    date('sourceStart', { system: true }),
    number('sourceDurationSec', { system: true, min: 0, onlyInt: true }),
  ],
};

export const recurrences: CollectionDefinition = {
  id: 'pbc_2810792915',
  name: 'recurrences',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('channel', 'channels', { required: true, cascadeDelete: true }),
    relation('show', 'shows', { required: true, cascadeDelete: true }),
    text('rrule', { required: true, max: 500 }),
    text('timeZone', { required: true, max: 64 }),
    text('startLocal', { required: true, pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$' }),
    number('durationSec', { required: true, min: 900, max: MAX_DURATION_SEC, onlyInt: true }),
    date('until'),
    json('exceptions'),
  ],
};

export const feedback: CollectionDefinition = {
  id: 'pbc_2456230977',
  name: 'feedback',
  type: 'base',
  fields: [
    relation('user', 'users'),
    email('email'),
    text('message', { required: true, max: 5000 }),
    text('page', { max: 500 }),
  ],
};

export const notifications: CollectionDefinition = {
  id: 'pbc_2301922722',
  name: 'notifications',
  type: 'base',
  fields: [
    relation('user', 'users', { required: true, cascadeDelete: true }),
    text('title', { required: true, max: 200 }),
    text('body', { max: 2000 }),
    bool('read'),
    select('type', NOTIFICATION_TYPES, { required: true }),
    text('path', { max: 500 }),
    text('img', { max: 500 }),
  ],
};

export const embeds: CollectionDefinition = {
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
};

/**
 * Work the server does in the background for an organization (reading a show's media, later
 * transcodes and captions): members watch its state; only the server writes it.
 */
export const jobs: CollectionDefinition = {
  id: 'pbc_2409499253',
  name: 'jobs',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    select('kind', JOB_KINDS, { required: true }),
    // What the job works on, as `collection/id` (e.g. `shows/abc123`).
    text('target', { required: true, max: 64 }),
    select('state', JOB_STATES, { required: true }),
    number('progress', { min: 0, max: 100 }),
    number('attempts', { min: 0, onlyInt: true }),
    // Not before (a retry waits: backoff).
    date('runAfter', { system: true }),
    // The node running it, and until when its claim holds (a node that died loses it).
    text('lockedBy', { system: true, hidden: true, max: 200 }),
    date('lockedUntil', { system: true, hidden: true }),
    text('error', { max: 2000 }),
    date('finished', { system: true }),
  ],
};

/**
 * A show's caption track (captions, subtitles or audio descriptions) in one language: its cues
 * are kept as JSON and served as WebVTT (/api/v1/captions/{id}.vtt).
 */
export const captions: CollectionDefinition = {
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
};

export const podcasts: CollectionDefinition = {
  id: 'pbc_3997675558',
  name: 'podcasts',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('title', { required: true, max: 200 }),
    // The feed's address: /api/v1/feeds/podcasts/{slug}.xml, unique on the server.
    text('slug', { required: true, min: 1, max: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    // Apple counts at most 4000 bytes.
    text('description', { max: 4000 }),
    text('author', { max: 200 }),
    email('ownerEmail'),
    image('cover', {
      maxSize: 10 * 1024 * 1024,
      mimeTypes: PODCAST_COVER.mimeTypes,
      maxImageSize: { width: PODCAST_COVER.maxPx, height: PODCAST_COVER.maxPx },
      minImageSize: { width: PODCAST_COVER.minPx, height: PODCAST_COVER.minPx },
      squareImage: true,
      thumbs: ['100x100', '400x400'],
    }),
    select('category', PODCAST_CATEGORY_VALUES),
    bool('explicit'),
    text('language', { max: 16, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' }),
    select('type', PODCAST_TYPES),
    bool('public'),
    // podcast:guid, set by the server when the podcast is made (never changes).
    text('guid', { max: 64, system: true }),
  ],
};

export const episodes: CollectionDefinition = {
  id: 'pbc_1033569988',
  name: 'episodes',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('podcast', 'podcasts', { required: true, cascadeDelete: true }),
    text('title', { required: true, max: 200 }),
    text('description', { max: 4000 }),
    file('audio', { maxSize: 2 * 1024 ** 3, mimeTypes: EPISODE_AUDIO_MIME_TYPES }),
    number('durationSec', { min: 0, max: MAX_DURATION_SEC, onlyInt: true }),
    number('season', { min: 0, max: 9999, onlyInt: true }),
    number('episode', { min: 0, max: 99999, onlyInt: true }),
    select('episodeType', EPISODE_TYPES),
    bool('explicit'),
    // Empty: a draft, left out of the feed.
    date('publishedAt'),
    // The item's guid, set by the server when the episode is made (never changes).
    text('guid', { max: 64, system: true }),
    // The aired show it was made from: its audio, and its captions as the transcript.
    relation('show', 'shows'),
  ],
};

/**
 * A key a station's own scripts use instead of signing in (`Authorization: Bearer agk_…`, or
 * `pb.authStore.save(key)` in the SDK). Only a hash of the key is kept; the key itself is shown
 * once, by POST /api/v1/api-keys, which is the only way to make one. A request with a key acts
 * as this record: rules read its organization and role like a member's.
 */
export const apiKeys: CollectionDefinition = {
  id: 'pbc_2332478454',
  name: 'apiKeys',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('name', { required: true, max: 100 }),
    select('role', API_KEY_ROLES, { required: true }),
    text('prefix', { system: true, max: 20 }),
    text('keyHash', { system: true, hidden: true, max: 64 }),
    date('expires'),
    date('lastUsed', { system: true }),
    relation('createdBy', 'users', { system: true }),
  ],
};

/**
 * An organization's Cablecast server (issue 19): its address, whether credentials are stored
 * (they are kept encrypted, in a hidden field, and never sent back) and what the last
 * "Test connection" found. One per organization; owners and admins only. Written through
 * /api/v1/cablecast, which checks the address and encrypts the credentials.
 */
export const cablecastConnections: CollectionDefinition = {
  id: 'pbc_1238304273',
  name: 'cablecastConnections',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    url('baseUrl', { required: true }),
    bool('hasCredentials', { system: true }),
    // AES-256-GCM under a key derived from the server's secret (features/cablecast/secret-box.ts).
    text('credentials', { system: true, hidden: true, max: 2000 }),
    // What the last test found: { ok, at, channels?, showCount?, message?, kind? }.
    json('lastCheck', { system: true }),
    // Which Cablecast channel feeds which Airgrid channel: [{ cablecast, name, channel }],
    // `channel` '' for a channel left out (PUT /api/v1/cablecast/sync-settings).
    json('channelMap', { system: true }),
    // Sync by itself every so many minutes; 0: only "Sync now".
    number('syncEveryMinutes', { system: true, min: 0, onlyInt: true }),
    // When the scheduled sync is next due (a node claims it by moving it on).
    date('nextSyncAt', { system: true }),
    // The greatest `lastModified` of the shows imported, verbatim: the incremental import's cursor.
    text('showsCursor', { system: true, hidden: true, max: 64 }),
    // Since when syncs fail without a success since ("" when the last one worked): the admins
    // are told once per failing streak.
    date('failingSince', { system: true }),
  ],
};

/**
 * One run of the Cablecast sync (issue 19, item 2): queued by "Sync now" or the schedule, run
 * as a `cablecast-sync` job on one node; what it created, updated, removed and skipped (with
 * reasons), or why it failed. Owners and admins read them; the server writes them.
 */
export const cablecastSyncs: CollectionDefinition = {
  id: 'pbc_3832389829',
  name: 'cablecastSyncs',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    select('trigger', CABLECAST_SYNC_TRIGGERS, { required: true }),
    select('state', CABLECAST_SYNC_STATES, { required: true }),
    relation('requestedBy', 'users', { system: true }),
    date('started', { system: true }),
    date('finished', { system: true }),
    // { showsCreated, showsUpdated, timeslotsCreated, timeslotsUpdated, timeslotsRemoved, skipped }
    json('counts', { system: true }),
    // [{ externalId, reason }]: the runs and shows left out, at most CABLECAST_SYNC_REPORT_LIMIT.
    json('skipped', { system: true }),
    // Why the run failed ("" when it did not); nothing was written then.
    text('error', { system: true, max: 2000 }),
  ],
};

/**
 * What a member may be certified for ("Studio camera", "Field kit", "Edit suite"): the
 * organization names its own (issue 20; decision 0033). Members read them; editors and above
 * define them.
 */
export const certificationKinds: CollectionDefinition = {
  id: 'pbc_1402067479',
  name: 'certificationKinds',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('name', { required: true, max: 120 }),
    text('description', { max: 1000 }),
  ],
};

/**
 * A certification granted to a member: valid from `granted` until `expires` ('' : no end).
 * Staff (editors and above) grant them; a member sees their own.
 */
export const certifications: CollectionDefinition = {
  id: 'pbc_484836162',
  name: 'certifications',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('member', 'users', { required: true, cascadeDelete: true }),
    relation('kind', 'certificationKinds', { required: true, cascadeDelete: true }),
    date('granted', { required: true }),
    date('expires'),
    text('note', { max: 1000 }),
    // When the member was told it expires soon (server-set; once).
    date('remindedAt', { system: true }),
  ],
};

/**
 * An item of the station's equipment. `status` is what it is now (out while checked out);
 * `certificationRequired` names the certification a member needs to reserve it; items sharing
 * a `kit` name are reserved together (one batch, one booking).
 */
export const equipment: CollectionDefinition = {
  id: 'pbc_3071488795',
  name: 'equipment',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('name', { required: true, max: 120 }),
    text('category', { max: 64 }),
    text('serial', { max: 120 }),
    // What its label's QR code or barcode reads ('' : the label carries the record id).
    text('barcode', { max: 64 }),
    select('status', EQUIPMENT_STATUSES),
    text('location', { max: 120 }),
    image('photo', LARGE_IMAGE),
    text('notes', { max: 2000 }),
    relation('certificationRequired', 'certificationKinds'),
    number('replacementValue', { min: 0 }),
    // Items sharing a kit name are reserved together ('' : on its own).
    text('kit', { max: 80 }),
  ],
};

/**
 * A member's reservation of one item from `starts` to `ends`: requested, confirmed by staff,
 * checked out, returned (or cancelled). Items reserved together (a kit) share a `booking`.
 * While requested, confirmed or out, no other reservation of the item may overlap it.
 */
export const reservations: CollectionDefinition = {
  id: 'pbc_1473635903',
  name: 'reservations',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('equipment', 'equipment', { required: true, cascadeDelete: true }),
    relation('member', 'users', { required: true, cascadeDelete: true }),
    date('starts', { required: true }),
    date('ends', { required: true }),
    select('status', RESERVATION_STATUSES),
    text('booking', { max: 32 }),
    date('checkedOutAt', { system: true }),
    date('checkedInAt', { system: true }),
    text('checkoutNote', { max: 2000 }),
    text('returnNote', { max: 2000 }),
    text('note', { max: 2000 }),
    // When the member was told it is overdue (server-set; once).
    date('remindedAt', { system: true }),
  ],
};

/**
 * A show offered by a community producer (issue 20): sent through the public form (or by a
 * signed-in member), reviewed by staff, who approve it into the catalogue, reject it or ask
 * for changes, each with a note mailed to the submitter. Written by /api/v1/submissions only;
 * `statusToken` is the private status link's key.
 */
export const submissions: CollectionDefinition = {
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
    // The show as a file, sent with resumable uploads (features/uploads): private to staff.
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
};

/**
 * Where the organization's events are sent, signed with `secret` (docs/decisions/0032). Made
 * and changed by POST/PATCH /api/v1/webhooks only (the address is checked, the secret made
 * there); listed, viewed and deleted by owners and admins.
 */
export const webhooks: CollectionDefinition = {
  id: 'pbc_3653375940',
  name: 'webhooks',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    url('url', { required: true }),
    select('events', WEBHOOK_EVENTS, { maxSelect: WEBHOOK_EVENTS.length }),
    text('description', { max: 500 }),
    bool('enabled'),
    // `whsec_…`: hidden from lists and realtime; GET /api/v1/webhooks/:id/secret shows it.
    text('secret', { system: true, hidden: true, max: 100 }),
    date('failingSince', { system: true }),
    text('disabledReason', { system: true, max: 500 }),
  ],
};

/** One event sent to one webhook, with its attempts: written by the server only. */
export const webhookDeliveries: CollectionDefinition = {
  id: 'pbc_3309399496',
  name: 'webhookDeliveries',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('webhook', 'webhooks', { required: true, cascadeDelete: true }),
    select('event', WEBHOOK_DELIVERY_EVENTS, { required: true }),
    json('payload', { maxSize: 1024 * 1024 }),
    select('status', WEBHOOK_DELIVERY_STATUSES, { required: true }),
    number('attempts', { min: 0, onlyInt: true }),
    number('responseStatus', { min: 0, onlyInt: true }),
    number('responseMs', { min: 0, onlyInt: true }),
    text('error', { max: 2000 }),
    date('nextAttempt', { system: true }),
    date('deliveredAt', { system: true }),
    // The node sending it, and until when its claim holds (a node that died loses it).
    text('lockedBy', { system: true, hidden: true, max: 200 }),
    date('lockedUntil', { system: true, hidden: true }),
  ],
};

/** Every collection the record API serves, by name. */
export const COLLECTIONS: readonly CollectionDefinition[] = [
  superusers,
  users,
  externalAuths,
  organizations,
  invites,
  waitlist,
  channels,
  series,
  shows,
  timeslots,
  recurrences,
  feedback,
  notifications,
  embeds,
  remittances,
  jobs,
  captions,
  podcasts,
  episodes,
  apiKeys,
  cablecastConnections,
  cablecastSyncs,
  certificationKinds,
  certifications,
  equipment,
  reservations,
  submissions,
  webhooks,
  webhookDeliveries,
];
