import { fromRecordDate, toRecordDate } from '@airgrid/domain';
import {
  EDITOR_ROLES,
  type JobKind,
  type JobState,
  MAX_DURATION_SEC,
  type PlayoutProfileId,
  playoutProfileOf,
} from '@airgrid/schema';
import type { Kysely } from 'kysely';
import { jsonColumn } from '../../db/column-types.js';
import type { Database } from '../../db/tables.js';
import { claimRecurringRun } from '../../jobs/recurring-runs-repository.js';

// The playout's reads and its two write-once tables (decision 0043): `_playout_days`, the item
// starts a channel aired through the end of each UTC day, and `_playout_fills`, the filler and
// slate in force from an instant on. Both are written with "insert, or keep what is there", so
// two nodes racing to write one row agree on the first.

/** A channel as the playout reads it. */
export interface PlayoutChannel {
  id: string;
  organization: string;
  name: string;
  timeZone: string;
  public: boolean;
  archived: boolean;
  /** The source ("" is a stream). */
  source: string;
  profile: PlayoutProfileId;
  /** Show ids of the filler rotation, in order. */
  filler: string[];
  color: string;
  logo: string;
  bumperTitle: string;
  bumperDescription: string;
  bumperImage: string;
  /** What the channel speaks (BCP 47), '' when unsaid. */
  language: string;
}

/** A packaged media. */
export interface PackageRow {
  id: string;
  organization: string;
  /** The show, the spot (`ad`) or the channel (a slate) it was made for; the others are ''. */
  show: string;
  ad: string;
  channel: string;
  profile: string;
  source: string;
  segmentSec: number;
  segments: number;
  /** The media's own length, before padding. */
  durationSec: number;
  /** Epoch ms. */
  created: number;
}

/** The packages of a fill version, by id: what filler clips and the slate aired. */
export interface StoredFill {
  clips: { id: string; segments: number }[];
  slate: { id: string; segments: number };
}

/** A show's media as readiness reads it. */
export interface ShowMediaRow {
  id: string;
  /** The media file's name ('' when none). */
  media: string;
  /** What the probe read of its length, when it has. */
  durationSec: number | null;
}

/** The latest packaging job of a show. */
export interface PackagingJobRow {
  show: string;
  state: JobState;
  progress: number;
  error: string;
}

/** A cancelled timeslot (the guide's window leaves them out). */
export interface CancelledSlotRow {
  id: string;
  start: string;
  durationSec: number;
  show: string;
  title: string;
}

const CHANNEL_COLUMNS = [
  'id',
  'organization',
  'name',
  'timeZone',
  'public',
  'archived',
  'source',
  'playoutProfile',
  'filler',
  'color',
  'logo',
  'bumperTitle',
  'bumperDescription',
  'bumperImage',
  'language',
] as const;

type ChannelRow = Pick<Database['channels'], (typeof CHANNEL_COLUMNS)[number]>;

function toChannel(
  row: {
    [K in keyof ChannelRow]: ChannelRow[K] extends infer V ? V | unknown : never;
  },
): PlayoutChannel {
  const filler = jsonColumn(row.filler);
  return {
    id: String(row.id),
    organization: String(row.organization),
    name: String(row.name),
    timeZone: String(row.timeZone ?? '') || 'UTC',
    public: Boolean(row.public),
    archived: Boolean(row.archived),
    source: String(row.source ?? ''),
    profile: playoutProfileOf(String(row.playoutProfile ?? '')).id,
    filler: Array.isArray(filler) ? filler.map(String) : [],
    color: String(row.color ?? ''),
    logo: String(row.logo ?? ''),
    bumperTitle: String(row.bumperTitle ?? ''),
    bumperDescription: String(row.bumperDescription ?? ''),
    bumperImage: String(row.bumperImage ?? ''),
    language: String(row.language ?? ''),
  };
}

function toPackage(row: {
  id: string;
  organization: string;
  show: string;
  ad: string;
  channel: string;
  profile: string;
  source: string;
  segmentSec: number;
  segments: number;
  durationSec: number | null;
  created: string;
}): PackageRow {
  return {
    ...row,
    ad: String(row.ad ?? ''),
    segmentSec: Number(row.segmentSec),
    segments: Number(row.segments),
    durationSec: Number(row.durationSec ?? 0),
    created: fromRecordDate(row.created) ?? 0,
  };
}

const PACKAGE_COLUMNS = [
  'id',
  'organization',
  'show',
  'ad',
  'channel',
  'profile',
  'source',
  'segmentSec',
  'segments',
  'durationSec',
  'created',
] as const;

export class PlayoutRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async channel(id: string): Promise<PlayoutChannel | undefined> {
    const row = await this.db
      .selectFrom('channels')
      .select([...CHANNEL_COLUMNS])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toChannel(row) : undefined;
  }

  /** The channels that air through Airgrid playout (not archived), of one organization or all. */
  async playoutChannels(organization?: string): Promise<PlayoutChannel[]> {
    let query = this.db
      .selectFrom('channels')
      .select([...CHANNEL_COLUMNS])
      .where('source', '=', 'playout')
      .where('archived', '=', false);
    if (organization) query = query.where('organization', '=', organization);
    const rows = await query.orderBy('id').execute();
    return rows.map(toChannel);
  }

  /** The shows' packages in a profile, oldest first. */
  showPackages(shows: readonly string[], profile: string): Promise<PackageRow[]> {
    return this.packagesOf('show', shows, profile);
  }

  /** The spots' packages in a profile, oldest first. */
  adPackages(ads: readonly string[], profile: string): Promise<PackageRow[]> {
    return this.packagesOf('ad', ads, profile);
  }

  private async packagesOf(
    holder: 'show' | 'ad',
    ids: readonly string[],
    profile: string,
  ): Promise<PackageRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('playoutPackages')
      .select([...PACKAGE_COLUMNS])
      .where(holder, 'in', [...ids])
      .where('profile', '=', profile)
      .orderBy('created')
      .orderBy('id')
      .execute();
    return rows.map(toPackage);
  }

  /** The channel's slates in a profile, oldest first. */
  async slatePackages(channel: string, profile: string): Promise<PackageRow[]> {
    const rows = await this.db
      .selectFrom('playoutPackages')
      .select([...PACKAGE_COLUMNS])
      .where('channel', '=', channel)
      .where('profile', '=', profile)
      .orderBy('created')
      .orderBy('id')
      .execute();
    return rows.map(toPackage);
  }

  /** One package, or undefined. */
  async package(id: string): Promise<PackageRow | undefined> {
    const row = await this.db
      .selectFrom('playoutPackages')
      .select([...PACKAGE_COLUMNS])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toPackage(row) : undefined;
  }

  /** Every package, for the sweep of superseded ones (a station holds hundreds, not millions). */
  async allPackages(): Promise<PackageRow[]> {
    const rows = await this.db
      .selectFrom('playoutPackages')
      .select([...PACKAGE_COLUMNS])
      .orderBy('created')
      .execute();
    return rows.map(toPackage);
  }

  /** Whether a package with this id exists (the storage sweep's question). */
  async packageExists(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('playoutPackages')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The shows scheduled (not cancelled) on the channels in [from, to), epoch ms. */
  async scheduledShows(channels: readonly string[], from: number, to: number): Promise<string[]> {
    if (channels.length === 0) return [];
    const rows = await this.db
      .selectFrom('timeslots')
      .select('show')
      .distinct()
      .where('channel', 'in', [...channels])
      .where('status', '!=', 'cancelled')
      .where('start', '<', toRecordDate(to))
      // A timeslot lasts at most MAX_DURATION_SEC: one that started earlier has ended by `from`.
      .where('start', '>', toRecordDate(from - MAX_DURATION_SEC * 1000))
      .execute();
    return rows.map((row) => String(row.show)).filter((id) => id !== '');
  }

  /** The spots placed on a channel starting in [from, to), epoch ms: the placement, ad, start. */
  async placedSpots(
    channel: string,
    from: number,
    to: number,
  ): Promise<{ id: string; ad: string; start: number }[]> {
    const rows = await this.db
      .selectFrom('placements')
      .select(['id', 'ad', 'start'])
      .where('channel', '=', channel)
      .where('start', '>=', toRecordDate(from))
      .where('start', '<', toRecordDate(to))
      .execute();
    return rows.flatMap((row) => {
      const start = fromRecordDate(row.start);
      return start === null ? [] : [{ id: row.id, ad: row.ad, start }];
    });
  }

  /** The spots placed on the channels in [from, to), epoch ms: what playout must package. */
  async placedAds(channels: readonly string[], from: number, to: number): Promise<string[]> {
    if (channels.length === 0) return [];
    const rows = await this.db
      .selectFrom('placements')
      .select('ad')
      .distinct()
      .where('channel', 'in', [...channels])
      .where('start', '>=', toRecordDate(from))
      .where('start', '<', toRecordDate(to))
      .execute();
    return rows.map((row) => row.ad).filter((id) => id !== '');
  }

  /** The shows' break points, as stored (a JSON list; shows without any are left out). */
  async showBreakPoints(ids: readonly string[]): Promise<Map<string, unknown>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('shows')
      .select(['id', 'breakPoints'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, jsonColumn(row.breakPoints)]));
  }

  /** A spot's media file name and organization. */
  async adMedia(id: string): Promise<{ organization: string; media: string } | undefined> {
    const row = await this.db
      .selectFrom('ads')
      .select(['organization', 'media'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row
      ? { organization: String(row.organization), media: String(row.media ?? '') }
      : undefined;
  }

  /** A show's media file names (its original and web copy) and organization. */
  async showMedia(
    id: string,
  ): Promise<{ organization: string; media: string; mediaInfo: unknown } | undefined> {
    const row = await this.db
      .selectFrom('shows')
      .select(['organization', 'media', 'mediaInfo'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row
      ? {
          organization: String(row.organization),
          media: String(row.media ?? ''),
          mediaInfo: jsonColumn(row.mediaInfo),
        }
      : undefined;
  }

  /**
   * Whether a job of this kind on this target is waiting or running, or failed after `since`
   * (epoch ms): then packaging is not asked for again (a file ffmpeg cannot read would fail
   * over and over).
   */
  async jobInHand(kind: JobKind, target: string, since: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind)
      .where('target', '=', target)
      .where((eb) =>
        eb.or([
          eb('state', 'in', ['queued', 'running']),
          eb.and([eb('state', '=', 'failed'), eb('finished', '>', toRecordDate(since))]),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Claims this period's sweep of superseded packages, for one node of the cluster. */
  claimSweep(now: number, everyMs: number): Promise<boolean> {
    return claimRecurringRun(this.db, 'playout-sweep', now, everyMs);
  }

  /** Claims this period's look at what needs packaging, for one node of the cluster. */
  claimReconcile(now: number, everyMs: number): Promise<boolean> {
    return claimRecurringRun(this.db, 'playout-packaging', now, everyMs);
  }

  /**
   * The cues of a show's caption track viewers get by default: a complete captions or subtitles
   * track, the one marked default first, then the oldest. Empty when it has none.
   */
  async captionCues(show: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('captions')
      .select('cues')
      .where('show', '=', show)
      .where('status', '=', 'complete')
      .where('kind', 'in', ['captions', 'subtitles'])
      .orderBy('isDefault', 'desc')
      .orderBy('created')
      .limit(1)
      .executeTakeFirst();
    return row ? jsonColumn(row.cues) : [];
  }

  /** Item starts through the end of `day`, when stored. */
  async startsThrough(channel: string, day: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('_playout_days')
      .select('starts')
      .where('channel', '=', channel)
      .where('day', '=', day)
      .executeTakeFirst();
    return row ? Number(row.starts) : undefined;
  }

  /** Stores the count through the end of `day` unless one is there; answers the stored one. */
  async keepStartsThrough(channel: string, day: number, starts: number): Promise<number> {
    await this.db
      .insertInto('_playout_days')
      .values({ channel, day, starts })
      .onConflict((conflict) => conflict.columns(['channel', 'day']).doNothing())
      .execute();
    return (await this.startsThrough(channel, day)) ?? starts;
  }

  /** The channel's fill versions, oldest first (the latest hundred: older ones are long past). */
  async fills(channel: string): Promise<{ from: number; fill: StoredFill }[]> {
    const rows = await this.db
      .selectFrom('_playout_fills')
      .select(['from', 'fill'])
      .where('channel', '=', channel)
      .orderBy('from', 'desc')
      .limit(100)
      .execute();
    return rows.reverse().flatMap((row) => {
      const fill = jsonColumn(row.fill) as StoredFill | null;
      return fill?.slate ? [{ from: Number(row.from), fill }] : [];
    });
  }

  /** Adds a fill version from `from` on, unless one starts there already. */
  async addFill(channel: string, from: number, fill: StoredFill): Promise<void> {
    await this.db
      .insertInto('_playout_fills')
      .values({ channel, from, fill: JSON.stringify(fill) })
      .onConflict((conflict) => conflict.columns(['channel', 'from']).doNothing())
      .execute();
  }

  // Readiness before air (playout-readiness.ts).

  /** The shows' media file names and probed lengths. */
  async showsMedia(ids: readonly string[]): Promise<ShowMediaRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('shows')
      .select(['id', 'media', 'mediaInfo'])
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((row) => {
      const info = jsonColumn(row.mediaInfo) as { durationSec?: unknown } | null;
      const seconds = Number(info?.durationSec);
      return {
        id: row.id,
        media: String(row.media ?? ''),
        durationSec: Number.isFinite(seconds) && seconds > 0 ? seconds : null,
      };
    });
  }

  /** The latest 'playout-package' job of each show that has one. */
  async packagingJobs(shows: readonly string[]): Promise<PackagingJobRow[]> {
    if (shows.length === 0) return [];
    const rows = await this.db
      .selectFrom('jobs')
      .select(['target', 'state', 'progress', 'error'])
      .where('kind', '=', 'playout-package')
      .where(
        'target',
        'in',
        shows.map((show) => `shows/${show}`),
      )
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const latest = new Map<string, PackagingJobRow>();
    for (const row of rows) {
      const show = row.target.slice('shows/'.length);
      if (latest.has(show)) continue;
      latest.set(show, {
        show,
        state: row.state as JobState,
        progress: Number(row.progress ?? 0),
        error: String(row.error ?? ''),
      });
    }
    return [...latest.values()];
  }

  /** The channel's cancelled timeslots overlapping [from, to), epoch ms, with their show. */
  async cancelledSlots(channel: string, from: number, to: number): Promise<CancelledSlotRow[]> {
    const rows = await this.db
      .selectFrom('timeslots as t')
      .innerJoin('shows as s', 's.id', 't.show')
      .select(['t.id', 't.start', 't.durationSec', 't.show', 's.title'])
      .where('t.channel', '=', channel)
      .where('t.status', '=', 'cancelled')
      .where('t.start', '<', toRecordDate(to))
      .where('t.start', '>', toRecordDate(from - MAX_DURATION_SEC * 1000))
      .orderBy('t.start')
      .execute();
    return rows.map((row) => ({ ...row, durationSec: Number(row.durationSec) }));
  }

  /** Ids of the organization's owners, admins and editors: who hears of a problem before air. */
  async staff(organization: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('organization', '=', organization)
      .where('role', 'in', [...EDITOR_ROLES])
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Claims this period's readiness notices, for one node of the cluster. */
  claimReadinessNotices(now: number, everyMs: number): Promise<boolean> {
    return claimRecurringRun(this.db, 'playout-readiness-notices', now, everyMs);
  }

  /**
   * Remembers that the channel's staff are told of `key`: true for the one caller that wrote it
   * (so each problem is told once), false when it was told already.
   */
  async noteNotice(channel: string, key: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('_playout_notices')
      .values({ channel, key, notified: now })
      .onConflict((conflict) => conflict.columns(['channel', 'key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Forgets notices older than `before` (epoch ms): their timeslots have aired. */
  async forgetNotices(before: number): Promise<void> {
    await this.db.deleteFrom('_playout_notices').where('notified', '<', before).execute();
  }
}
