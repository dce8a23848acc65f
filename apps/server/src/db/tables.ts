import type { COLLECTIONS, CollectionDefinition } from '@airgrid/schema';
import type { ColumnType, Generated, Kysely } from 'kysely';

// Row types of the tables as Kysely sees them. A collection's table is derived from its
// definition in packages/schema (`TableOf`); only the server's own tables are written here.
// Every column is NOT NULL with a zero value (PocketBase semantics: "" for text, dates and
// single relations, 0, false, "[]" / null for json), so the record engine never meets SQL NULL
// in a user field. db/schema-consistency.integration.test.ts compares the migrated database
// with every definition.

/** JSON columns are jsonb on PostgreSQL and TEXT on SQLite: written as strings, read as either. */
type Json = ColumnType<unknown, string | undefined, string>;
/**
 * Booleans are boolean on PostgreSQL and 0/1 on SQLite (the SQLite plugin binds true as 1).
 * Its insert type takes undefined already: a column with a default needs no Generated<>.
 */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

/** A required field's column must be given on insert; the others default to their zero value. */
type Defaulted<F, T> = F extends { required: true } ? T : Generated<T>;

/** The column that stores a field. Lists (multiple selects, relations, files) are JSON. */
type ColumnOf<F> = F extends { type: 'json' }
  ? Json
  : F extends { type: 'bool' }
    ? Bool
    : F extends { type: 'select' | 'relation' | 'file'; maxSelect: infer M }
      ? M extends 1
        ? Defaulted<F, string>
        : Json
      : F extends { type: 'number' }
        ? Defaulted<F, number>
        : Defaulted<F, string>;

interface RecordColumns {
  id: string;
  created: string;
  updated: string;
}

interface AuthColumns {
  email: string;
  emailVisibility: Bool;
  verified: Bool;
  password: string;
  tokenKey: string;
}

/** A collection's table: id and timestamps, auth columns for auth collections, its fields. */
type TableOf<C extends CollectionDefinition> = RecordColumns &
  (C['type'] extends 'auth' ? AuthColumns : unknown) & {
    [F in C['fields'][number] as F['name']]: ColumnOf<F>;
  };

type Collection = (typeof COLLECTIONS)[number];
type CollectionTables = { [C in Collection as C['name']]: TableOf<C> };
/** The table of the named collection. */
export type CollectionTable<N extends Collection['name']> = CollectionTables[N];

/** A slug an organization used to have: its old public URLs redirect to the current one. */
interface OrganizationSlugsTable {
  slug: string;
  organization: string;
  created: string;
}

/** When a recurring job last ran anywhere in the cluster (one node claims each run). */
interface JobsTable {
  name: string;
  lastRun: string;
}

/** When an organization last deleted a channel, show or timeslot (feeds' Last-Modified). */
interface ScheduleDeletionsTable {
  organization: string;
  deleted: string;
}

/** One counter of the sign-in throttle (auth/login-throttle.ts) in its current window. */
interface LoginAttemptsTable {
  key: string;
  count: number;
  /** Epoch milliseconds; PostgreSQL's bigint comes back as a string. */
  expires: ColumnType<number | string, number, number>;
}

/** One answered request in the request log (features/operator, PocketBase's `_logs`). */
interface LogsTable {
  id: string;
  created: string;
  /** slog's levels, as PocketBase: 0 info, 8 error. */
  level: number;
  message: string;
  /** JSON text on SQLite, jsonb on PostgreSQL (read back parsed). */
  data: ColumnType<unknown, string, string>;
}

/** Item starts a channel's playout aired through the end of a UTC day (features/playout). */
interface PlayoutDaysTable {
  channel: string;
  /** Days since 1970-01-01 (UTC). */
  day: number;
  /** PostgreSQL's bigint comes back as a string. */
  starts: ColumnType<number | string, number, number>;
}

/** The readiness problems a channel's staff were told of, once each (features/playout). */
interface PlayoutNoticesTable {
  channel: string;
  /** "{kind}:{timeslot}" or "gap:{start ms}". */
  key: string;
  /** Epoch ms; PostgreSQL's bigint comes back as a string. */
  notified: ColumnType<number | string, number, number>;
}

/** The filler and slate a channel's gaps play from `from` on (features/playout). */
interface PlayoutFillsTable {
  channel: string;
  /** Epoch ms; PostgreSQL's bigint comes back as a string. */
  from: ColumnType<number | string, number, number>;
  /** JSON text: { clips: [{ id, segments }], slate: { id, segments } }. */
  fill: string;
}

/** One beacon taken (features/analytics, decision 0052): no address, no user agent. */
interface AnalyticsEventsTable {
  organization: string;
  channel: string;
  show: string;
  ad: string;
  embed: string;
  origin: string;
  session: string;
  /** start | beat | end. */
  kind: string;
  /** Epoch ms; PostgreSQL's bigint comes back as a string. */
  at: ColumnType<number | string, number, number>;
}

/** A rollup row: one bucket of one attribution (features/analytics). */
interface AnalyticsRollupTable {
  /** Epoch ms of the bucket's start; PostgreSQL's bigint comes back as a string. */
  bucket: ColumnType<number | string, number, number>;
  organization: string;
  channel: string;
  show: string;
  ad: string;
  embed: string;
  origin: string;
  views: number;
  watchSeconds: number;
  sessions: number;
  peak: number;
}

/** How far each rollup went: its name and the next bucket to roll up (epoch ms). */
interface AnalyticsStateTable {
  name: string;
  next: ColumnType<number | string, number, number>;
}

export interface Database extends CollectionTables {
  _logs: LogsTable;
  _organization_slugs: OrganizationSlugsTable;
  _schedule_deletions: ScheduleDeletionsTable;
  _jobs: JobsTable;
  _login_attempts: LoginAttemptsTable;
  _playout_days: PlayoutDaysTable;
  _playout_fills: PlayoutFillsTable;
  _playout_notices: PlayoutNoticesTable;
  _analytics_events: AnalyticsEventsTable;
  _analytics_5m: AnalyticsRollupTable;
  _analytics_1h: AnalyticsRollupTable;
  _analytics_state: AnalyticsStateTable;
}

/**
 * The database, or a transaction on it, as code outside db/ and the repositories names it: they
 * pass it on to a repository and never build a query on it themselves.
 */
export type Transaction = Kysely<Database>;
