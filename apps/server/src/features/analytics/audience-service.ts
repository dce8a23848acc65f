import { FIVE_MINUTES_MS, HOUR_MS, type TimeGroup, timeGroupOf } from '@airgrid/domain';
import { ANALYTICS_RETENTION, AUDIENCE_MAX_GROUPS, type AudienceGroup } from '@airgrid/schema';
import type { EndpointReply, Endpoints } from '@airgrid/schema/contracts';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import type {
  AnalyticsRepository,
  BucketTotals,
  KeyColumn,
  RollupTable,
} from './analytics-repository.js';
import { watchingNow } from './viewers-now.js';

// The station's audience reports (decision 0052), read from the rollups.

type AudienceReply = EndpointReply<Endpoints['GET /api/v1/analytics/audience']>;
type NowReply = EndpointReply<Endpoints['GET /api/v1/analytics/now']>;
type Totals = AudienceReply['total'];

/** Windows up to this long read the five-minute rollups; longer ones the hourly. */
const FIVE_MINUTE_WINDOW_MS = 2 * 86_400_000;
const DAY_MS = 86_400_000;

const KEY_COLUMNS: ReadonlySet<string> = new Set(['channel', 'show', 'ad', 'embed', 'origin']);

function totals(views: number, watchSeconds: number, peak: number): Totals {
  return {
    views,
    watchSeconds,
    averageWatchSeconds: views > 0 ? Math.round(watchSeconds / views) : 0,
    peakConcurrent: peak,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

export class AudienceService {
  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly clock: Clock,
  ) {}

  /** The station's audience in [from, to) grouped `by`. */
  async audience(
    organization: string,
    from: number,
    to: number,
    by: AudienceGroup,
  ): Promise<AudienceReply> {
    const zone = organization ? await this.repository.timeZone(organization) : undefined;
    if (!zone) throw new ApiError(403, 'Only members of a station can read its audience.');
    const now = this.clock.now();
    const fiveMinutesKept = now - ANALYTICS_RETENTION.fiveMinuteDays * DAY_MS;
    const fine = to - from <= FIVE_MINUTE_WINDOW_MS && from >= fiveMinutesKept;
    const table: RollupTable = fine ? '_analytics_5m' : '_analytics_1h';
    const size = fine ? FIVE_MINUTES_MS : HOUR_MS;
    // Buckets that start in the window (an hourly window starts at the hour that holds `from`).
    const start = Math.floor(from / size) * size;
    const buckets = await this.repository.byBucket(table, organization, start, to);
    let views = 0;
    let watch = 0;
    let peak = 0;
    for (const bucket of buckets) {
      views += bucket.views;
      watch += bucket.watchSeconds;
      peak = Math.max(peak, bucket.peak);
    }
    let groups: AudienceReply['groups'];
    let truncated = false;
    if (KEY_COLUMNS.has(by)) {
      const column = by as KeyColumn;
      const rows = await this.repository.byKey(
        table,
        organization,
        column,
        start,
        to,
        AUDIENCE_MAX_GROUPS + 1,
      );
      truncated = rows.length > AUDIENCE_MAX_GROUPS;
      const kept = rows.slice(0, AUDIENCE_MAX_GROUPS);
      const labels = await this.repository.labels(
        organization,
        column,
        kept.map((row) => row.key),
      );
      groups = kept.map((row) => ({
        key: row.key,
        label: column === 'origin' ? row.key : (labels.get(row.key) ?? ''),
        ...totals(row.views, row.watchSeconds, row.peak),
      }));
    } else {
      groups = timeGroups(buckets, zone, by as TimeGroup);
    }
    return {
      from: iso(from),
      to: iso(to),
      by,
      grain: fine ? '5m' : '1h',
      timeZone: zone,
      total: totals(views, watch, peak),
      groups,
      truncated,
    };
  }

  /** Viewers now on each of the station's channels. */
  async now(organization: string): Promise<NowReply> {
    if (!organization || !(await this.repository.timeZone(organization)))
      throw new ApiError(403, 'Only members of a station can read its audience.');
    const at = this.clock.now();
    const counts = new Map(
      (await watchingNow(this.repository, at, organization)).map((row) => [
        row.channel,
        row.viewers,
      ]),
    );
    const channels = (await this.repository.channels(organization)).map((channel) => ({
      id: channel.id,
      name: channel.name,
      viewers: counts.get(channel.id) ?? 0,
    }));
    return {
      at: iso(at),
      total: channels.reduce((sum, channel) => sum + channel.viewers, 0),
      channels,
    };
  }
}

/** Buckets gathered by hour of day, weekday, both or date in the zone, in that order. */
function timeGroups(
  buckets: readonly BucketTotals[],
  zone: string,
  by: TimeGroup,
): AudienceReply['groups'] {
  const groups = new Map<string, { views: number; watch: number; peak: number }>();
  for (const bucket of buckets) {
    const key = timeGroupOf(bucket.bucket, zone, by);
    const group = groups.get(key) ?? { views: 0, watch: 0, peak: 0 };
    group.views += bucket.views;
    group.watch += bucket.watchSeconds;
    group.peak = Math.max(group.peak, bucket.peak);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => ({
      key,
      label: key,
      ...totals(group.views, group.watch, group.peak),
    }));
}
