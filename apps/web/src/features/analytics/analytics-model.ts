import {
  checkReportDays,
  csvText,
  daysIn,
  formatDuration,
  type PeriodChange,
  periodChange,
  presetDays,
  previousDays,
  REPORT_MAX_DAYS,
  REPORT_PRESETS,
  type ReportDays,
  type ReportPreset,
} from '@airgrid/domain';
import type { EndpointReply, Endpoints } from '@airgrid/schema/contracts';
import { messages } from '../../i18n/messages';

// The analytics page's pure parts: the period in the address, the summary with its changes,
// and each table as the page shows it and as CSV.

export type RerunsReport = EndpointReply<Endpoints['GET /api/v1/reports/reruns']>;
export type NeverAiredReport = EndpointReply<Endpoints['GET /api/v1/reports/never-aired']>;
export type CaptionsReport = EndpointReply<Endpoints['GET /api/v1/reports/captions']>;
export type CampaignsReport = EndpointReply<Endpoints['GET /api/v1/reports/campaigns']>;
export type AudienceReport = EndpointReply<Endpoints['GET /api/v1/analytics/audience']>;

/** The preset a page without one in its address shows. */
const DEFAULT_PRESET: ReportPreset = 'last-30-days';

/** The period the address asks for: its preset, its days, or what is wrong with them. */
export type PeriodChoice =
  | { preset: ReportPreset; days: ReportDays; problem: null }
  | { preset: 'custom'; days: ReportDays; problem: string };

/**
 * Reads `?range=last-7-days`, or `?range=custom&from=YYYY-MM-DD&to=YYYY-MM-DD` (both days
 * included), `today` being the station's date. Anything else reads as the default preset; a
 * custom period that is no period says why (and keeps what was typed, for the fields).
 */
export function readPeriod(search: URLSearchParams, today: string): PeriodChoice {
  const t = messages().analytics;
  const range = search.get('range') ?? '';
  const preset = (REPORT_PRESETS as readonly string[]).includes(range)
    ? (range as ReportPreset)
    : DEFAULT_PRESET;
  if (preset !== 'custom')
    return { preset, days: presetDays(preset, today) as ReportDays, problem: null };
  const days = { from: search.get('from') ?? '', to: search.get('to') ?? '' };
  const wrong = checkReportDays(days);
  if (wrong === null) return { preset, days, problem: null };
  const problem = {
    from: t.badFrom,
    to: t.badTo,
    order: t.badOrder,
    length: t.tooLong(REPORT_MAX_DAYS),
  }[wrong];
  return { preset, days, problem };
}

/** The address' query for a period: a preset alone, or a custom period's days. */
export function periodSearch(preset: ReportPreset, days?: ReportDays): string {
  const search = new URLSearchParams({ range: preset });
  if (preset === 'custom' && days) {
    search.set('from', days.from);
    search.set('to', days.to);
  }
  return search.toString();
}

/** A share as people read it: "50%", "33.3%"; "—" when there was nothing to share. */
export function formatShare(share: number, whole = 1): string {
  if (whole <= 0) return messages().analytics.none;
  const percent = Math.round(share * 1000) / 10;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

/** Airtime as hours and minutes ("12:30"), "0:00" for none. */
const formatAirtime = (seconds: number) =>
  seconds > 0 ? formatDuration(Math.round(seconds), 'length') : '0:00';

/** One number of the summary, with how it moved from the previous period. */
export interface SummaryFigure {
  key: 'airings' | 'airtime' | 'shows' | 'captioned' | 'spots';
  label: string;
  value: string;
  /** How it moved, in words; null while the previous period is not read. */
  change: string | null;
  direction: PeriodChange['direction'] | null;
}

interface SummaryInput {
  reruns: RerunsReport;
  captions: CaptionsReport;
  campaigns: CampaignsReport;
}

const airedShows = (reruns: RerunsReport) => reruns.shows.filter((show) => show.airings > 0).length;
const placedIn = (campaigns: CampaignsReport) =>
  campaigns.campaigns.reduce((sum, row) => sum + row.placedInPeriod, 0);

/** How a change reads: "up 25%", "down 3 points" (a share), "the same", "none before". */
export function describeChange(change: PeriodChange, kind: 'count' | 'share'): string {
  const t = messages().analytics;
  if (change.direction === 'same') return t.changeSame;
  let amount: string;
  if (kind === 'share') {
    const points = Math.round(Math.abs(change.difference) * 1000) / 10;
    amount = t.points(Number.isInteger(points) ? String(points) : points.toFixed(1));
  } else if (change.ratio === null) return t.changeFromNothing;
  else amount = formatShare(Math.abs(change.ratio));
  return change.direction === 'up' ? t.changeUp(amount) : t.changeDown(amount);
}

/** The summary's figures, each with its change when the previous period is known. */
export function summaryFigures(current: SummaryInput, previous?: SummaryInput): SummaryFigure[] {
  const t = messages().analytics;
  const figure = (
    key: SummaryFigure['key'],
    label: string,
    value: string,
    read: (input: SummaryInput) => number,
    kind: 'count' | 'share',
  ): SummaryFigure => {
    if (!previous) return { key, label, value, change: null, direction: null };
    const change = periodChange(read(current), read(previous));
    return { key, label, value, change: describeChange(change, kind), direction: change.direction };
  };
  return [
    figure('airings', t.airings, String(current.reruns.airings), (i) => i.reruns.airings, 'count'),
    figure(
      'airtime',
      t.airtime,
      formatAirtime(current.reruns.airtimeSec),
      (i) => i.reruns.airtimeSec,
      'count',
    ),
    figure(
      'shows',
      t.showsAired,
      String(airedShows(current.reruns)),
      (i) => airedShows(i.reruns),
      'count',
    ),
    figure(
      'captioned',
      t.captioned,
      formatShare(current.captions.total.share, current.captions.total.airtimeSec),
      (i) => i.captions.total.share,
      'share',
    ),
    figure(
      'spots',
      t.spotsPlaced,
      String(placedIn(current.campaigns)),
      (i) => placedIn(i.campaigns),
      'count',
    ),
  ];
}

/** The period line and the comparison line, with the days as the page writes them. */
export function periodLines(days: ReportDays, zone: string, write: (day: string) => string) {
  const t = messages().analytics;
  const before = previousDays(days);
  return {
    period: t.periodLine(write(days.from), write(days.to), daysIn(days), zone),
    compared: t.comparedWith(write(before.from), write(before.to)),
  };
}

/** A day (YYYY-MM-DD) as "Mar 10, 2026". */
export function writeDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** An instant (ISO) as the station's date and time, or "—". */
function writeInstant(iso: string | null, zone: string): string {
  if (!iso) return messages().analytics.none;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  }).format(new Date(iso));
}

/** A table: its header and its rows as text, what the page shows and the CSV holds. */
export interface ReportTable {
  columns: string[];
  rows: (string | number)[][];
}

export const tableCsv = (table: ReportTable) => csvText(table.columns, table.rows);

/** The file name of a table's CSV: `reruns-2026-03-01-to-2026-03-31.csv`. */
export const csvName = (name: string, days: ReportDays) => `${name}-${days.from}-to-${days.to}.csv`;

export function rerunsTable(report: RerunsReport): ReportTable {
  const t = messages().analytics;
  return {
    columns: [t.show, t.airings, t.airtime, t.share, t.channels, t.lastAiring, t.nextAiring],
    rows: report.shows.map((row) => [
      row.title,
      row.airings,
      formatAirtime(row.airtimeSec),
      formatShare(row.share),
      row.channels.map((channel) => `${channel.name} (${channel.airings})`).join('; '),
      writeInstant(row.lastAiring, report.timeZone),
      writeInstant(row.nextAiring, report.timeZone),
    ]),
  };
}

export function neverAiredTable(report: NeverAiredReport): ReportTable {
  const t = messages().analytics;
  return {
    columns: [t.show, t.kind, t.created, t.lastAiring, t.nextAiring],
    rows: report.shows.map((row) => [
      row.title,
      row.kind === 'never' ? t.neverKind : t.notInPeriodKind,
      writeInstant(row.created, report.timeZone),
      writeInstant(row.lastAiring, report.timeZone),
      writeInstant(row.nextAiring, report.timeZone),
    ]),
  };
}

export function captionsTable(report: CaptionsReport): ReportTable {
  const t = messages().analytics;
  return {
    columns: [t.channel, t.language, t.airtime, t.captionedTime, t.share],
    rows: [
      ...report.channels.map((row) => [
        row.number > 0 ? `${row.number} · ${row.name}` : row.name,
        row.language || t.anyLanguage,
        formatAirtime(row.airtimeSec),
        formatAirtime(row.captionedSec),
        formatShare(row.share, row.airtimeSec),
      ]),
      [
        t.allChannels,
        '',
        formatAirtime(report.total.airtimeSec),
        formatAirtime(report.total.captionedSec),
        formatShare(report.total.share, report.total.airtimeSec),
      ],
    ],
  };
}

export function uncaptionedTable(report: CaptionsReport): ReportTable {
  const t = messages().analytics;
  return {
    columns: [t.show, t.airings, t.uncaptionedTime],
    rows: report.uncaptioned.map((row) => [
      row.title,
      row.airings,
      formatAirtime(row.uncaptionedSec),
    ]),
  };
}

export function campaignsTable(report: CampaignsReport): ReportTable {
  const t = messages().analytics;
  return {
    columns: [
      t.campaign,
      t.sponsor,
      t.status,
      t.flight,
      t.goal,
      t.placed,
      t.owed,
      t.delivered,
      t.placedInPeriod,
      t.airedInPeriod,
    ],
    rows: report.campaigns.map((row) => [
      row.name,
      row.sponsorName,
      row.status,
      `${row.flightStart} – ${row.flightEnd}`,
      row.goal,
      row.placed,
      row.shortfall,
      formatShare(row.delivered, row.goal),
      row.placedInPeriod,
      row.airedInPeriod,
    ]),
  };
}

// ── audience ──────────────────────────────────────────────────────────────────────────────

/** Watch time to the second: "1:02:03", "2:03", "0:30". */
export const formatWatchTime = (seconds: number) =>
  seconds > 0 ? formatDuration(Math.round(seconds), 'runtime') : '0:00';

/**
 * The audience grouped by channel, show, spot, embed or website as a table: its name (what the
 * group is when it has none: not in a programme, the station's own pages), views, watch time,
 * average watch time, peak viewers.
 */
export function audienceTable(report: AudienceReport, nameHeader: string, unnamed: string) {
  const t = messages().analytics;
  return {
    columns: [nameHeader, t.views, t.watchTime, t.averageWatch, t.peakViewers],
    rows: report.groups.map((group) => [
      group.label || (group.key === '' ? unnamed : group.key),
      group.views,
      formatWatchTime(group.watchSeconds),
      formatWatchTime(group.averageWatchSeconds),
      group.peakConcurrent,
    ]),
  } satisfies ReportTable;
}

/** The ISO weekdays, Monday first, as the heatmap's rows. */
const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

/**
 * The audience by weekday and hour (`by=weekday-hour`, keys "1-18") as the heatmap's 7 × 24
 * watch seconds, and the same as a table: one row per weekday, one column per hour.
 */
export function audienceHeatmap(report: AudienceReport) {
  const t = messages().analytics;
  const byKey = new Map(report.groups.map((group) => [group.key, group.watchSeconds]));
  const values = WEEKDAYS.map((day) => HOURS.map((hour) => byKey.get(`${day}-${hour}`) ?? 0));
  let best = { day: 0, hour: 0, value: 0 };
  values.forEach((row, day) => {
    row.forEach((value, hour) => {
      if (value > best.value) best = { day, hour, value };
    });
  });
  const table: ReportTable = {
    columns: [t.weekday, ...HOURS],
    rows: values.map((row, day) => [t.weekdayNames[day] ?? '', ...row.map(formatWatchTime)]),
  };
  return { rows: t.weekdayNames, columns: HOURS, values, table, best };
}
