import type { ColumnType, Generated, Kysely } from 'kysely';

// Row types of the tables as Kysely sees them. Every column is NOT NULL with a zero value
// (PocketBase semantics: "" for text, dates and single relations, 0, false, "[]" / null for json),
// so the record engine never meets SQL NULL in a user field.

/** JSON columns are jsonb on PostgreSQL and TEXT on SQLite: written as strings, read as either. */
type Json = ColumnType<unknown, string | undefined, string>;
/**
 * Booleans are boolean on PostgreSQL and 0/1 on SQLite (the SQLite plugin binds true as 1).
 * Its insert type takes undefined already: a column with a default needs no Generated<>.
 */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

interface RecordColumns {
  id: string;
  created: string;
  updated: string;
}

interface AuthColumns extends RecordColumns {
  email: string;
  emailVisibility: Bool;
  verified: Bool;
  password: string;
  tokenKey: string;
}

export interface SuperusersTable extends AuthColumns {}

export interface UsersTable extends AuthColumns {
  name: Generated<string>;
  username: Generated<string>;
  phone: Generated<string>;
  bio: Generated<string>;
  avatar: Generated<string>;
  organization: Generated<string>;
  role: Generated<string>;
  privileges: Json;
  settings: Json;
  joined: Generated<string>;
  lastSignIn: Generated<string>;
}

export interface OrganizationsTable extends RecordColumns {
  name: string;
  slug: string;
  logo: Generated<string>;
  timeZone: string;
  website: Generated<string>;
  contactEmail: Generated<string>;
  branding: Json;
  settings: Json;
  archived: Bool;
  archivedAt: Generated<string>;
  contactPhone: Generated<string>;
  addressLine1: Generated<string>;
  addressLine2: Generated<string>;
  city: Generated<string>;
  region: Generated<string>;
  postalCode: Generated<string>;
  legalName: Generated<string>;
  ein: Generated<string>;
  unlisted: Bool;
  landingChannel: Generated<string>;
  submissionLicence: Generated<string>;
  submissionPolicy: Generated<string>;
}

export interface RemittancesTable extends RecordColumns {
  organization: string;
  bankName: Generated<string>;
  accountName: Generated<string>;
  routingNumber: Generated<string>;
}

export interface ApiKeysTable extends RecordColumns {
  organization: string;
  name: string;
  role: string;
  prefix: string;
  keyHash: string;
  expires: Generated<string>;
  lastUsed: Generated<string>;
  createdBy: Generated<string>;
}

export interface CablecastConnectionsTable extends RecordColumns {
  organization: string;
  baseUrl: string;
  hasCredentials: Generated<Bool>;
  credentials: Generated<string>;
  lastCheck: Generated<string>;
  channelMap: Json;
  syncEveryMinutes: Generated<number>;
  nextSyncAt: Generated<string>;
  showsCursor: Generated<string>;
  failingSince: Generated<string>;
}

export interface CertificationKindsTable extends RecordColumns {
  organization: string;
  name: string;
  description: Generated<string>;
}

export interface CertificationsTable extends RecordColumns {
  organization: string;
  member: string;
  kind: string;
  granted: string;
  expires: Generated<string>;
  note: Generated<string>;
  remindedAt: Generated<string>;
}

export interface EquipmentTable extends RecordColumns {
  organization: string;
  name: string;
  category: Generated<string>;
  serial: Generated<string>;
  barcode: Generated<string>;
  status: Generated<string>;
  location: Generated<string>;
  photo: Generated<string>;
  notes: Generated<string>;
  certificationRequired: Generated<string>;
  replacementValue: Generated<number>;
  kit: Generated<string>;
}

export interface ReservationsTable extends RecordColumns {
  organization: string;
  equipment: string;
  member: string;
  starts: string;
  ends: string;
  status: Generated<string>;
  booking: Generated<string>;
  checkedOutAt: Generated<string>;
  checkedInAt: Generated<string>;
  checkoutNote: Generated<string>;
  returnNote: Generated<string>;
  note: Generated<string>;
  remindedAt: Generated<string>;
}

export interface SubmissionsTable extends RecordColumns {
  organization: string;
  title: string;
  description: Generated<string>;
  category: Generated<string>;
  rating: Generated<string>;
  language: Generated<string>;
  durationSec: Generated<number>;
  mediaUrl: Generated<string>;
  media: Generated<string>;
  awaitingFile: Bool;
  mediaInfo: Json;
  submitterName: string;
  submitterEmail: string;
  submitter: Generated<string>;
  licenceAccepted: Bool;
  policyAccepted: Bool;
  status: string;
  reviewNote: Generated<string>;
  show: Generated<string>;
  statusToken: Generated<string>;
}

export interface CablecastSyncsTable extends RecordColumns {
  organization: string;
  trigger: string;
  state: string;
  requestedBy: Generated<string>;
  started: Generated<string>;
  finished: Generated<string>;
  counts: Json;
  skipped: Json;
  error: Generated<string>;
}

export interface WebhooksTable extends RecordColumns {
  organization: string;
  url: string;
  events: Json;
  description: Generated<string>;
  enabled: Bool;
  secret: string;
  failingSince: Generated<string>;
  disabledReason: Generated<string>;
}

export interface WebhookDeliveriesTable extends RecordColumns {
  organization: string;
  webhook: string;
  event: string;
  payload: Json;
  status: string;
  attempts: Generated<number>;
  responseStatus: Generated<number>;
  responseMs: Generated<number>;
  error: Generated<string>;
  nextAttempt: Generated<string>;
  deliveredAt: Generated<string>;
  lockedBy: Generated<string>;
  lockedUntil: Generated<string>;
}

export interface JobQueueTable extends RecordColumns {
  organization: string;
  kind: string;
  target: string;
  state: string;
  progress: Generated<number>;
  attempts: Generated<number>;
  runAfter: Generated<string>;
  lockedBy: Generated<string>;
  lockedUntil: Generated<string>;
  error: Generated<string>;
  finished: Generated<string>;
}

export interface CaptionsTable extends RecordColumns {
  organization: string;
  show: string;
  kind: string;
  language: string;
  label: Generated<string>;
  isDefault: Generated<boolean | number>;
  status: string;
  source: Generated<string>;
  cues: Generated<unknown>;
}

export interface PodcastsTable extends RecordColumns {
  organization: string;
  title: string;
  slug: string;
  description: Generated<string>;
  author: Generated<string>;
  ownerEmail: Generated<string>;
  cover: Generated<string>;
  category: Generated<string>;
  explicit: Generated<boolean | number>;
  language: Generated<string>;
  type: Generated<string>;
  public: Generated<boolean | number>;
  guid: Generated<string>;
}

export interface EpisodesTable extends RecordColumns {
  organization: string;
  podcast: string;
  title: string;
  description: Generated<string>;
  audio: Generated<string>;
  durationSec: Generated<number>;
  season: Generated<number>;
  episode: Generated<number>;
  episodeType: Generated<string>;
  explicit: Generated<boolean | number>;
  publishedAt: Generated<string>;
  guid: Generated<string>;
  show: Generated<string>;
}

/** A slug an organization used to have: its old public URLs redirect to the current one. */
export interface OrganizationSlugsTable {
  slug: string;
  organization: string;
  created: string;
}

export interface ChannelsTable extends RecordColumns {
  organization: string;
  name: string;
  slug: string;
  number: Generated<number>;
  description: Generated<string>;
  logo: Generated<string>;
  streamUrl: Generated<string>;
  timeZone: string;
  public: Bool;
  color: Generated<string>;
  bumperTitle: Generated<string>;
  bumperDescription: Generated<string>;
  bumperImage: Generated<string>;
  sortOrder: Generated<number>;
  archived: Bool;
  archivedAt: Generated<string>;
  language: Generated<string>;
}

export interface SeriesTable extends RecordColumns {
  organization: string;
  title: string;
  description: Generated<string>;
  category: Generated<string>;
  thumbnail: Generated<string>;
}

export interface ShowsTable extends RecordColumns {
  organization: string;
  series: Generated<string>;
  title: string;
  subtitle: Generated<string>;
  description: Generated<string>;
  category: Generated<string>;
  tags: Json;
  rating: Generated<string>;
  language: Generated<string>;
  durationSec: Generated<number>;
  media: Generated<string>;
  mediaUrl: Generated<string>;
  thumbnail: Generated<string>;
  producer: Generated<string>;
  producerName: Generated<string>;
  season: Generated<number>;
  episode: Generated<number>;
  captionStatus: Generated<string>;
  status: Generated<string>;
  archivedAt: Generated<string>;
  externalIds: Json;
  mediaInfo: Generated<unknown>;
  webMedia: Generated<string>;
}

export interface TimeslotsTable extends RecordColumns {
  organization: string;
  channel: string;
  show: string;
  start: string;
  durationSec: number;
  status: Generated<string>;
  recurrence: Generated<string>;
  locked: Bool;
  bundle: Generated<string>;
  source: Generated<string>;
  note: Generated<string>;
  occurrence: Generated<string>;
  cablecastId: Generated<number>;
  sourceStart: Generated<string>;
  sourceDurationSec: Generated<number>;
}

export interface ExternalAuthsTable extends RecordColumns {
  collectionRef: string;
  recordRef: string;
  provider: string;
  providerId: string;
}

export interface InvitesTable extends RecordColumns {
  organization: string;
  email: string;
  role: string;
  token: string;
  expires: string;
  accepted: Bool;
}

export interface WaitlistTable extends RecordColumns {
  email: string;
  name: Generated<string>;
  station: Generated<string>;
  note: Generated<string>;
}

export interface RecurrencesTable extends RecordColumns {
  organization: string;
  channel: string;
  show: string;
  rrule: string;
  timeZone: string;
  startLocal: string;
  durationSec: number;
  until: Generated<string>;
  exceptions: Json;
}

export interface FeedbackTable extends RecordColumns {
  user: Generated<string>;
  email: Generated<string>;
  message: string;
  page: Generated<string>;
}

export interface EmbedsTable extends RecordColumns {
  organization: string;
  name: string;
  kind: string;
  channels: Json;
  theme: Generated<string>;
  accent: Generated<string>;
  width: Generated<number>;
  height: Generated<number>;
  options: Json;
  allowedOrigins: Json;
  archived: Bool;
  archivedAt: Generated<string>;
}

/** When a recurring job last ran anywhere in the cluster (one node claims each run). */
export interface JobsTable {
  name: string;
  lastRun: string;
}

/** When an organization last deleted a channel, show or timeslot (feeds' Last-Modified). */
export interface ScheduleDeletionsTable {
  organization: string;
  deleted: string;
}

/** One counter of the sign-in throttle (auth/login-throttle.ts) in its current window. */
export interface LoginAttemptsTable {
  key: string;
  count: number;
  /** Epoch milliseconds; PostgreSQL's bigint comes back as a string. */
  expires: ColumnType<number | string, number, number>;
}

export interface Database {
  _superusers: SuperusersTable;
  users: UsersTable;
  organizations: OrganizationsTable;
  channels: ChannelsTable;
  series: SeriesTable;
  shows: ShowsTable;
  timeslots: TimeslotsTable;
  _externalAuths: ExternalAuthsTable;
  invites: InvitesTable;
  waitlist: WaitlistTable;
  recurrences: RecurrencesTable;
  feedback: FeedbackTable;
  embeds: EmbedsTable;
  remittances: RemittancesTable;
  apiKeys: ApiKeysTable;
  cablecastConnections: CablecastConnectionsTable;
  cablecastSyncs: CablecastSyncsTable;
  certificationKinds: CertificationKindsTable;
  certifications: CertificationsTable;
  equipment: EquipmentTable;
  reservations: ReservationsTable;
  submissions: SubmissionsTable;
  webhooks: WebhooksTable;
  webhookDeliveries: WebhookDeliveriesTable;
  jobs: JobQueueTable;
  captions: CaptionsTable;
  podcasts: PodcastsTable;
  episodes: EpisodesTable;
  _organization_slugs: OrganizationSlugsTable;
  _schedule_deletions: ScheduleDeletionsTable;
  _jobs: JobsTable;
  _login_attempts: LoginAttemptsTable;
}

/**
 * The database, or a transaction on it, as code outside db/ and the repositories names it: they
 * pass it on to a repository and never build a query on it themselves.
 */
export type Transaction = Kysely<Database>;
