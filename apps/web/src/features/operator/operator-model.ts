// The operator console's pure rules: the request log's chart (its period, its filters, its rows
// and summary) and the checks a backup file passes before it is uploaded.

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * The periods the request log's chart shows: the last hour by minute (GET /api/logs/stats with
 * `interval=minute`, Airgrid's), a day and a week by hour (PocketBase's stats).
 */
export const LOG_PERIODS = {
  hour: { buckets: 60, bucketMs: MINUTE_MS, interval: 'minute' },
  day: { buckets: 24, bucketMs: HOUR_MS, interval: 'hour' },
  week: { buckets: 168, bucketMs: HOUR_MS, interval: 'hour' },
} as const;
export type LogPeriod = keyof typeof LOG_PERIODS;
export type StatsInterval = (typeof LOG_PERIODS)[LogPeriod]['interval'];

/** A line of GET /api/logs/stats: `date` "YYYY-MM-DD HH:MM:00.000Z", the minute or the hour. */
export interface BucketStat {
  date: string;
  total: number;
}

/** One bar of the chart: a minute's or an hour's lines by status class. */
export interface BucketRow {
  /** "YYYY-MM-DD HH:MM", UTC. */
  at: string;
  /** The axis label: "HH:MM" over an hour or a day, "MM-DD HH:MM" over a week. */
  label: string;
  answered: number;
  clientErrors: number;
  serverErrors: number;
}

/** A time as the records store it: "YYYY-MM-DD HH:MM:SS.sssZ". */
function recordDate(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ');
}

/** The period's first minute or hour, so that the current one is its last bar. */
export function periodStart(now: number, period: LogPeriod): number {
  const { buckets, bucketMs } = LOG_PERIODS[period];
  return Math.floor(now / bucketMs) * bucketMs - (buckets - 1) * bucketMs;
}

/**
 * The list's filter for the stats: the same lines, from `since` on, and optionally only the
 * client (4xx) or server (5xx) errors among them.
 */
export function statsFilter(filter: string, since: number, status?: 'client' | 'server'): string {
  const parts = [`created >= "${recordDate(since)}"`];
  if (filter.trim()) parts.unshift(`(${filter.trim()})`);
  if (status === 'client') parts.push('data.status >= 400 && data.status < 500');
  if (status === 'server') parts.push('data.status >= 500');
  return parts.join(' && ');
}

/** Every minute or hour of the period, one with no line as zeros (the stats leave them out). */
export function bucketRows(
  since: number,
  period: LogPeriod,
  stats: { all: BucketStat[]; client: BucketStat[]; server: BucketStat[] },
): BucketRow[] {
  const { buckets, bucketMs } = LOG_PERIODS[period];
  // "YYYY-MM-DD HH:MM": an hour's stats say "HH:00", as does its key here.
  const keyOf = (date: string) => date.slice(0, 16);
  const byBucket = (list: BucketStat[]) =>
    new Map(list.map((item) => [keyOf(item.date), item.total] as const));
  const all = byBucket(stats.all);
  const client = byBucket(stats.client);
  const server = byBucket(stats.server);
  return Array.from({ length: buckets }, (_, index) => {
    const key = keyOf(recordDate(since + index * bucketMs));
    const clientErrors = client.get(key) ?? 0;
    const serverErrors = server.get(key) ?? 0;
    return {
      at: key,
      label: period === 'week' ? `${key.slice(5, 10)} ${key.slice(11)}` : key.slice(11),
      answered: Math.max(0, (all.get(key) ?? 0) - clientErrors - serverErrors),
      clientErrors,
      serverErrors,
    };
  });
}

export const rowTotal = (row: BucketRow) => row.answered + row.clientErrors + row.serverErrors;

/** What the chart says in words: the totals and the busiest bar (null with no lines). */
export function summarize(rows: readonly BucketRow[]) {
  let busiest: BucketRow | null = null;
  let total = 0;
  let clientErrors = 0;
  let serverErrors = 0;
  for (const row of rows) {
    total += rowTotal(row);
    clientErrors += row.clientErrors;
    serverErrors += row.serverErrors;
    if (rowTotal(row) > 0 && (!busiest || rowTotal(row) > rowTotal(busiest))) busiest = row;
  }
  return { total, clientErrors, serverErrors, busiest };
}

/**
 * Why a chosen file cannot be a backup this server takes, before it is sent: not a .zip, or
 * larger than BACKUP_MAX_UPLOAD_MB (`maxBytes`, from the settings; unknown skips the check).
 */
export function backupFileProblem(
  file: { name: string; size: number },
  maxBytes: number | undefined,
): 'type' | 'size' | null {
  if (!/\.zip$/i.test(file.name)) return 'type';
  if (maxBytes !== undefined && file.size > maxBytes) return 'size';
  return null;
}

/** The longest backup key the server takes (backups-routes.ts), ".zip" included. */
const MAX_KEY = 154;

/**
 * The name an upload is stored under: the server takes letters, digits, `_`, `-` and `.` (not
 * first), ending in ".zip"; a browser's "backup (1).zip" becomes "backup_1_.zip".
 */
export function backupUploadName(name: string): string {
  const base = name
    .replace(/\.zip$/i, '')
    .replace(/[^a-zA-Z0-9_.-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, MAX_KEY - 4);
  return `${base || 'backup'}.zip`;
}

/** A size as the backups list shows it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}
