// The operator console's pure rules: the request log's chart (its period, its filters, its rows
// and summary) and the checks a backup file passes before it is uploaded.

const HOUR_MS = 3_600_000;

/** The periods the request log's chart shows, in hours: a day and a week (the retention). */
export const LOG_PERIODS = [24, 168] as const;
export type LogPeriod = (typeof LOG_PERIODS)[number];

/** A line of GET /api/logs/stats: the lines of one hour, `date` "YYYY-MM-DD HH:00:00.000Z". */
export interface HourStat {
  date: string;
  total: number;
}

/** One bar of the chart: an hour's lines by status class. */
export interface HourRow {
  /** "YYYY-MM-DD HH:00", UTC. */
  hour: string;
  /** The axis label: "HH:00" over a day, "MM-DD HH:00" over a week. */
  label: string;
  answered: number;
  clientErrors: number;
  serverErrors: number;
}

/** A time as the records store it: "YYYY-MM-DD HH:MM:SS.sssZ". */
function recordDate(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ');
}

/** The first hour the chart shows: `hours` hours, the current one last. */
export function periodStart(now: number, hours: number): number {
  return Math.floor(now / HOUR_MS) * HOUR_MS - (hours - 1) * HOUR_MS;
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

/** Every hour of the period, an hour with no line as zeros (the stats leave them out). */
export function hourRows(
  since: number,
  hours: number,
  stats: { all: HourStat[]; client: HourStat[]; server: HourStat[] },
): HourRow[] {
  const byHour = (list: HourStat[]) =>
    new Map(list.map((item) => [item.date.slice(0, 13), item.total] as const));
  const all = byHour(stats.all);
  const client = byHour(stats.client);
  const server = byHour(stats.server);
  return Array.from({ length: hours }, (_, index) => {
    const key = recordDate(since + index * HOUR_MS).slice(0, 13);
    const clientErrors = client.get(key) ?? 0;
    const serverErrors = server.get(key) ?? 0;
    return {
      hour: `${key}:00`,
      label: hours > 24 ? `${key.slice(5, 10)} ${key.slice(11)}:00` : `${key.slice(11)}:00`,
      answered: Math.max(0, (all.get(key) ?? 0) - clientErrors - serverErrors),
      clientErrors,
      serverErrors,
    };
  });
}

export const rowTotal = (row: HourRow) => row.answered + row.clientErrors + row.serverErrors;

/** What the chart says in words: the totals and the busiest hour (null with no lines). */
export function summarize(rows: readonly HourRow[]) {
  let busiest: HourRow | null = null;
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
