// Record shapes as the API sends them (PocketBase wire format: ids are 15 chars of [a-z0-9],
// dates are "YYYY-MM-DD HH:MM:SS.sssZ" strings in UTC, an empty date is "").
// The collection definitions themselves (fields, rules) grow here with the record API.

import type { PublicStation } from './stations.js';

export const ROLES = ['owner', 'admin', 'editor', 'producer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Editors and above: the roles that create, edit and archive the station's channels, every show
 * and its embeds. Producers manage only their own shows; viewers read.
 */
export const EDITOR_ROLES: readonly Role[] = ['owner', 'admin', 'editor'];

/** Whether a member with this role is an editor or above (see `EDITOR_ROLES`). */
export function isEditorRole(role: unknown): boolean {
  return typeof role === 'string' && (EDITOR_ROLES as readonly string[]).includes(role);
}

/** Owners and admins: the roles that manage members, invites and the organization. */
export const ADMIN_ROLES: readonly Role[] = ['owner', 'admin'];

/** Whether a member with this role manages members (see `ADMIN_ROLES`). */
export function isAdminRole(role: unknown): boolean {
  return typeof role === 'string' && (ADMIN_ROLES as readonly string[]).includes(role);
}

/**
 * The roles an API key may carry (issue 19): read-only (`viewer`) or `editor`. A key never
 * manages members, keys or the organization, whatever its creator may do.
 */
export const API_KEY_ROLES = ['viewer', 'editor'] as const satisfies readonly Role[];
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

/** Every API key starts with this, so a token is told from a sign-in token at a glance. */
export const API_KEY_PREFIX = 'agk_';

/** An API key as its organization's owners and admins see it: never the key itself. */
export interface ApiKeyRecord extends BaseRecord {
  organization: string;
  name: string;
  role: ApiKeyRole;
  /** The key's first characters (`agk_` and 6 more), to tell keys apart in a list. */
  prefix: string;
  /** "" for a key that never expires. */
  expires: string;
  /** "" until the key is first used; updated at most once a minute. */
  lastUsed: string;
  createdBy: string;
}

/** What the last "Test connection" of a Cablecast server found (`lastCheck`). */
export type CablecastCheck =
  | {
      ok: true;
      at: string;
      signedIn: boolean;
      channels: { id: number; name: string }[];
      showCount: number;
    }
  | { ok: false; at: string; kind: string; message: string; status?: number };

/** An organization's Cablecast connection as owners and admins see it: never the credentials. */
export interface CablecastConnectionRecord extends BaseRecord {
  organization: string;
  baseUrl: string;
  hasCredentials: boolean;
  /** {} until the first test. */
  lastCheck: CablecastCheck | Record<string, never>;
  /** Which Cablecast channel feeds which Airgrid channel; [] until mapped. */
  channelMap: CablecastChannelLink[];
  /** The sync runs by itself every so many minutes; 0: only "Sync now". */
  syncEveryMinutes: number;
  /** When the scheduled sync is next due ("" when it has no schedule). */
  nextSyncAt: string;
  /** Since when syncs fail without a success since ("" when the last one worked). */
  failingSince: string;
}

/** One Cablecast channel and the Airgrid channel it feeds ('' : left out). */
export interface CablecastChannelLink {
  cablecast: number;
  name: string;
  channel: string;
}

/** The choice the sync settings make per Cablecast channel: a channel id, a new one, or none. */
export type CablecastChannelChoice = string | typeof CABLECAST_NEW_CHANNEL;
/** Asks PUT /api/v1/cablecast/sync-settings to make an Airgrid channel for the Cablecast one. */
export const CABLECAST_NEW_CHANNEL = 'new';

/** How often the sync may run by itself, in minutes (0: only "Sync now"). */
export const CABLECAST_SYNC_INTERVALS = [0, 15, 30, 60, 180, 360, 1440] as const;
export const CABLECAST_SYNC_TRIGGERS = ['manual', 'schedule'] as const;
export type CablecastSyncTrigger = (typeof CABLECAST_SYNC_TRIGGERS)[number];
export const CABLECAST_SYNC_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type CablecastSyncState = (typeof CABLECAST_SYNC_STATES)[number];
/** The skipped runs and shows a sync's record lists at most (the counts hold them all). */
export const CABLECAST_SYNC_REPORT_LIMIT = 500;

export interface CablecastSyncCounts {
  showsCreated: number;
  showsUpdated: number;
  timeslotsCreated: number;
  timeslotsUpdated: number;
  timeslotsRemoved: number;
  skipped: number;
  /** Show thumbnails fetched from Cablecast (after the schedule was written). */
  thumbnails?: number;
}

/** One run of the Cablecast sync, as owners and admins read it. */
export interface CablecastSyncRecord extends BaseRecord {
  organization: string;
  trigger: CablecastSyncTrigger;
  state: CablecastSyncState;
  requestedBy: string;
  started: string;
  finished: string;
  /** {} until the run finished well. */
  counts: CablecastSyncCounts | Record<string, never>;
  skipped: { externalId: string; reason: string }[];
  error: string;
}

/** A user as members of the same organization see them. */
export interface MemberRecord extends BaseRecord {
  email?: string;
  name: string;
  username: string;
  phone: string;
  bio: string;
  avatar: string;
  organization: string;
  role: Role | '';
  /** When they joined the organization ("" before the date was kept). */
  joined: string;
  /** Their last password sign-in ("" if none since it was kept). */
  lastSignIn: string;
}

/** An invitation to join an organization (its token never reaches clients). */
export interface InviteRecord extends BaseRecord {
  organization: string;
  email: string;
  role: Role;
  expires: string;
  accepted: boolean;
}

export const TIMESLOT_STATUSES = ['scheduled', 'cancelled'] as const;
export type TimeslotStatus = (typeof TIMESLOT_STATUSES)[number];

export const TIMESLOT_SOURCES = ['manual', 'recurrence', 'import'] as const;
export type TimeslotSource = (typeof TIMESLOT_SOURCES)[number];

/** What the server does in the background; one handler each (apps/server/src/jobs). */
export const JOB_KINDS = [
  'media-probe',
  'media-transcode',
  'captions-generate',
  'episode-audio',
  'cablecast-sync',
  'submission-probe',
  'submission-media',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobRecord extends BaseRecord {
  organization: string;
  kind: JobKind;
  /** `collection/id` of what it works on. */
  target: string;
  state: JobState;
  progress: number;
  attempts: number;
  runAfter: string;
  error: string;
  finished: string;
}

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

export interface CaptionRecord extends BaseRecord {
  organization: string;
  show: string;
  kind: CaptionKind;
  language: string;
  label: string;
  isDefault: boolean;
  status: (typeof CAPTION_TRACK_STATUSES)[number];
  source: (typeof CAPTION_SOURCES)[number];
  cues: CaptionCue[];
}

/** Video codecs every current browser plays in an MP4 or WebM file. */
const WEB_VIDEO_CODECS = new Set(['h264', 'vp8', 'vp9', 'av1']);
/** Audio codecs every current browser plays. */
const WEB_AUDIO_CODECS = new Set(['aac', 'mp3', 'opus', 'vorbis', 'flac']);
/** Containers browsers open (ffprobe's format names; MP4 and QuickTime share one). */
const WEB_CONTAINERS = ['mp4', 'mov', 'webm', 'matroska', 'mp3', 'ogg', 'wav', 'flac', 'aac'];

/**
 * Whether browsers play the media as it is; otherwise the server makes a web copy
 * (H.264/AAC in MP4). WAV (PCM audio) plays everywhere too.
 */
export function playsInBrowsers(info: MediaInfo): boolean {
  const containers = info.container.split(',');
  if (!containers.some((name) => WEB_CONTAINERS.includes(name))) return false;
  if (info.video && !WEB_VIDEO_CODECS.has(info.video.codec)) return false;
  if (info.audio && !WEB_AUDIO_CODECS.has(info.audio.codec) && !info.audio.codec.startsWith('pcm_'))
    return false;
  return info.video !== null || info.audio !== null;
}

/** What ffprobe read of a show's media (`shows.mediaInfo`). */
export interface MediaInfo {
  durationSec: number;
  container: string;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string; channels: number } | null;
  /**
   * Integrated loudness (LUFS) and true peak (dBTP) of the sound, when a job measured them
   * (a submission's probe does: stations air at about −24 LKFS).
   */
  loudness?: { integratedLufs: number; truePeakDb: number } | null;
}

export const SHOW_STATUSES = ['draft', 'ready', 'archived'] as const;
export type ShowStatus = (typeof SHOW_STATUSES)[number];

export interface BaseRecord {
  id: string;
  created: string;
  updated: string;
}

export interface OrganizationRecord extends BaseRecord {
  name: string;
  slug: string;
  logo: string;
  timeZone: string;
  website: string;
  contactEmail: string;
  /** `{ accentColor: "#rrggbb" }` or null. */
  branding: { accentColor?: string } | null;
  /** Free-form station settings, e.g. `archiveRetentionDays`. */
  settings: Record<string, unknown> | null;
  archived: boolean;
  /** When its owner archived it ('' when it is not archived). */
  archivedAt: string;
  contactPhone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  /** A US_STATES code, or ''. */
  region: string;
  postalCode: string;
  legalName: string;
  ein: string;
  /** True keeps the station out of the public station picker (it stays reachable by URL). */
  unlisted: boolean;
  /** The channel the station's bare /watch opens ('' for the one on air now). */
  landingChannel: string;
  /** The licence and content policy a producer accepts on the submission form (plain text). */
  submissionLicence: string;
  submissionPolicy: string;
}

/** Where sponsor invoices ask to be paid: one per organization, admins and owners only. */
export interface RemittanceRecord extends BaseRecord {
  organization: string;
  bankName: string;
  accountName: string;
  routingNumber: string;
}

/** The states (and DC and the territories) a US mailing address names, by USPS code. */
export const US_STATE_NAMES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
} as const;

export const US_STATES = Object.keys(US_STATE_NAMES) as readonly (keyof typeof US_STATE_NAMES)[];

export interface ChannelRecord extends BaseRecord {
  organization: string;
  name: string;
  slug: string;
  number: number;
  description: string;
  logo: string;
  streamUrl: string;
  timeZone: string;
  /** BCP 47 (en, es-MX), or '' when not said. */
  language: string;
  public: boolean;
  color: string;
  bumperTitle: string;
  bumperDescription: string;
  bumperImage: string;
  sortOrder: number;
  archived: boolean;
}

export interface ShowRecord extends BaseRecord {
  organization: string;
  series: string;
  title: string;
  subtitle: string;
  description: string;
  category: string;
  tags: string[];
  rating: string;
  language: string;
  durationSec: number;
  mediaUrl: string;
  producerName: string;
  season: number;
  episode: number;
  status: ShowStatus;
  media: string;
  mediaInfo: MediaInfo | null;
  webMedia: string;
}

export interface TimeslotRecord extends BaseRecord {
  organization: string;
  channel: string;
  show: string;
  start: string;
  durationSec: number;
  status: TimeslotStatus;
  recurrence: string;
  locked: boolean;
  bundle: string;
  source: TimeslotSource;
  note: string;
  /** The recurrence instance this is (its original local start), or '' for a one-off. */
  occurrence: string;
  /** Cablecast's schedule item id when imported from Cablecast (locked then), else 0. */
  cablecastId: number;
  /** An import's exact start and length in Cablecast, before the 15-minute grid ("" / 0). */
  sourceStart: string;
  sourceDurationSec: number;
}

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

/**
 * The longest duration a show, a timeslot or a recurrence's airing may have, in seconds: 7 days.
 * Generous for any programme, and it keeps start + duration far inside the dates a record holds.
 */
export const MAX_DURATION_SEC = 7 * 24 * 3600;

/** Widths and heights are pixels; 0 means "fill the space the page gives it". */
export const EMBED_MAX_SIZE_PX = 4000;

/** Per-kind settings an embed keeps in its `options` JSON; each applies to one kind. */
export interface EmbedOptions {
  /** guide: hours shown from now. */
  hours?: number;
  /** upcoming: airings listed. */
  count?: number;
}

export interface EmbedRecord extends BaseRecord {
  organization: string;
  /** The station's own name for it; also the snippet's iframe title. */
  name: string;
  kind: EmbedKind;
  /** Channel ids; empty means every public channel (a player has exactly one). */
  channels: string[];
  /** '' reads as 'auto'. */
  theme: EmbedTheme | '';
  /** "#rrggbb", or '' for the default. */
  accent: string;
  width: number;
  height: number;
  options: EmbedOptions | null;
  /** Origins allowed to frame the widget; empty allows any website. */
  allowedOrigins: string[] | null;
}

/** Length of every record id. */
export const RECORD_ID_LENGTH = 15;

/** An item's state now: out while checked out; retired items are kept for their history. */
export const EQUIPMENT_STATUSES = ['available', 'out', 'maintenance', 'retired'] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];

/**
 * A reservation's life: a member requests, staff confirm, check out and check in (returned);
 * requested and confirmed ones may be cancelled.
 */
export const RESERVATION_STATUSES = [
  'requested',
  'confirmed',
  'out',
  'returned',
  'cancelled',
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** The statuses that hold the item: no other reservation may overlap one of these. */
export const RESERVATION_HOLDS: readonly ReservationStatus[] = ['requested', 'confirmed', 'out'];

export interface CertificationKindRecord extends BaseRecord {
  organization: string;
  name: string;
  description: string;
}

export interface CertificationRecord extends BaseRecord {
  organization: string;
  member: string;
  kind: string;
  granted: string;
  /** '' : it does not expire. */
  expires: string;
  note: string;
  /** When the member was told it expires soon ('' : not yet). */
  remindedAt: string;
}

export interface EquipmentRecord extends BaseRecord {
  organization: string;
  name: string;
  category: string;
  serial: string;
  barcode: string;
  status: EquipmentStatus;
  location: string;
  photo: string;
  notes: string;
  certificationRequired: string;
  replacementValue: number;
  /** Items sharing a kit name are reserved together ('' : on its own). */
  kit: string;
}

export interface ReservationRecord extends BaseRecord {
  organization: string;
  equipment: string;
  member: string;
  starts: string;
  ends: string;
  status: ReservationStatus;
  /** Shared by the items reserved together (a kit); '' for one item alone. */
  booking: string;
  checkedOutAt: string;
  checkedInAt: string;
  checkoutNote: string;
  returnNote: string;
  note: string;
  /** When the member was told it is overdue ('' : not yet). */
  remindedAt: string;
}

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

export interface SubmissionRecord extends BaseRecord {
  organization: string;
  title: string;
  description: string;
  category: string;
  rating: string;
  language: string;
  durationSec: number;
  mediaUrl: string;
  /** The show as a file (protected: staff download it with a file token); '' for a link. */
  media: string;
  /** True while a file submission's upload has not finished. */
  awaitingFile: boolean;
  /** What ffprobe read of `media` (the review queue's facts); {} until read. */
  mediaInfo: Partial<MediaInfo>;
  submitterName: string;
  submitterEmail: string;
  /** The member who submitted signed in ('' for the public form). */
  submitter: string;
  licenceAccepted: boolean;
  policyAccepted: boolean;
  status: SubmissionStatus;
  reviewNote: string;
  /** The show an approval made ('' until then). */
  show: string;
}

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
