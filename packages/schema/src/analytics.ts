// Audience measurement (issue 41; docs/decisions/0052-audience-measurement.md): what a page
// sends, how often, and how long each kind of row is kept. The server applies these, the web
// app's beacons follow them and the privacy page quotes them, so the three cannot disagree.

/** What a beacon says: playback started, still playing (and visible), the page went away. */
export const BEACON_KINDS = ['start', 'beat', 'end'] as const;
export type BeaconKind = (typeof BEACON_KINDS)[number];

/** A page beats this often while it plays and is visible; each beat counts this much watch time. */
export const ANALYTICS_BEAT_SEC = 30;

/** A viewer is "watching now" with a start or beat this recent. */
export const ANALYTICS_NOW_SEC = 60;

/** A page's anonymous session id: 16 to 64 characters of base64url (the page sends 22). */
export const ANALYTICS_SESSION_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The largest beacon body the server reads, in bytes. */
export const BEACON_MAX_BYTES = 1024;

/**
 * How long measurement is kept, in days: raw events (one row per beacon), the five-minute
 * rollups; the hourly rollups are kept while the station exists (`hourlyDays: null`).
 */
export const ANALYTICS_RETENTION = {
  rawDays: 30,
  fiveMinuteDays: 90,
  hourlyDays: null,
} as const;

/** How the audience report groups its rows. */
export const AUDIENCE_GROUPS = [
  'channel',
  'show',
  'ad',
  'embed',
  'origin',
  'hour',
  'weekday',
  'weekday-hour',
  'day',
] as const;
export type AudienceGroup = (typeof AUDIENCE_GROUPS)[number];

/** The longest window one audience report covers. */
export const AUDIENCE_MAX_DAYS = 366;

/** At most this many groups in one report (the most watched first). */
export const AUDIENCE_MAX_GROUPS = 500;
