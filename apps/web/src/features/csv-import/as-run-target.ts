import { formatTime, formatUsDate, localToInstant } from '@airgrid/domain';
import {
  AS_RUN_IMPORT_MAX_LINES,
  type EndpointReply,
  type Endpoints,
} from '@airgrid/schema/contracts';
import { ClientResponseError } from 'pocketbase';
import { messages } from '../../i18n/messages';
import { callEndpoint } from '../../lib/api-client';
import { clockSetting } from '../../lib/localization-settings';
import { pb } from '../../lib/pocketbase';
import { type AiredAt, AS_RUN_COLUMNS, asRunBlockedReason } from './as-run-columns';
import {
  asClause,
  countOf,
  type ImportOutcome,
  type ImportReport,
  type ImportRow,
  type ImportTarget,
  type RowError,
} from './csv-import';
import { failure } from './send-import';

const t = messages();

type AsRunAnswer = EndpointReply<Endpoints['POST /api/v1/channels/:channel/as-run-imports']>;

/** The lines a report lists of each kind at most; the counts say the rest. */
const REPORT_LINES = 50;

/**
 * A channel's as-run log from the station's own playout (issue 40, item 6), opened from the
 * channel's page (`?import=as-run-log&channel=<id>#upload-csv`): the lines go to
 * POST /api/v1/channels/{channel}/as-run-imports, which reconciles them with the spots placed
 * and answers what aired, what was missed and what aired off-plan.
 */
export const asRunTarget: ImportTarget = {
  id: 'as-run-log',
  label: t.csvImport.asRunLog,
  noun: { one: 'log line', other: 'log lines' },
  // Opened by name only: the channel's page says which channel.
  paths: [],
  columns: AS_RUN_COLUMNS,
  maxRows: AS_RUN_IMPORT_MAX_LINES,
  blockedReason: asRunBlockedReason,
  async import(rows, onProgress, search) {
    const total = rows.length;
    onProgress({
      completed: 0,
      total,
      label: t.csvImport.importingAsRun(countOf(asRunTarget, total)),
    });
    try {
      const channel = await pb
        .collection('channels')
        .getOne<{ id: string; timeZone: string }>(search.get('channel') ?? '', {
          fields: 'id,timeZone',
        });
      const zone = channel.timeZone || 'UTC';
      const answer = await callEndpoint(pb, 'POST /api/v1/channels/:channel/as-run-imports', {
        params: { channel: channel.id },
        body: { lines: rows.map((row) => asRunLine(row, zone)) },
      });
      onProgress({
        completed: total,
        total,
        label: t.csvImport.savedTarget(countOf(asRunTarget, total)),
      });
      return { ok: true, imported: answer.lines.length, report: asRunReport(answer, zone) };
    } catch (error) {
      const refused = failure(error, asRunTarget, rows);
      if (refused.ok || !(error instanceof ClientResponseError)) return refused;
      return { ...refused, errors: lineErrors(error.response?.data) } satisfies ImportOutcome;
    }
  },
};

/** A checked row as the route takes it: its start an instant with the channel's zone. */
export function asRunLine(row: ImportRow, zone: string) {
  const at = row.values.start as AiredAt;
  const start =
    'instant' in at ? at.instant : new Date(localToInstant(at.local, zone)).toISOString();
  const duration = row.values.duration;
  return {
    line: row.row,
    start,
    spot: String(row.values.spot ?? ''),
    ...(typeof duration === 'number' ? { durationSec: duration } : {}),
  };
}

/** "Mon 01/06/2031 12:30:00 PM" on the channel's clock. */
function when(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  const clock = clockSetting(pb.authStore.record);
  return `${formatUsDate(ms, zone)} ${formatTime(ms, zone, clock, { seconds: true })}`;
}

/** What the import found: the counts, the period, and the missed, off-plan and skipped lines. */
export function asRunReport(answer: AsRunAnswer, zone: string): ImportReport {
  const t = messages();
  const sections: ImportReport['sections'] = [];
  const add = (title: string, lines: string[]) => {
    if (lines.length === 0) return;
    const shown = lines.slice(0, REPORT_LINES);
    if (lines.length > shown.length)
      shown.push(t.csvImport.andMoreMore(lines.length - shown.length));
    sections.push({ title, lines: shown });
  };
  add(
    t.csvImport.missedSpots,
    answer.missedPlacements.map((spot) =>
      t.csvImport.missedSpot(when(spot.plannedStart, zone), spot.adTitle, spot.campaignName),
    ),
  );
  const lines = (status: string) => answer.lines.filter((line) => line.status === status);
  add(
    t.csvImport.offPlanSpots,
    lines('off-plan').map((line) =>
      t.csvImport.offPlanSpot(line.line, when(line.start, zone), line.adTitle),
    ),
  );
  add(
    t.csvImport.skippedLines,
    lines('skipped').map((line) => t.csvImport.skippedLine(line.line, line.spot)),
  );
  return {
    summary: `${t.csvImport.asRunCounts(answer.aired, answer.missed, answer.offPlan, answer.skipped)} ${t.csvImport.asRunPeriod(
      when(answer.periodStart, zone),
      when(answer.periodEnd, zone),
    )}`,
    sections,
  };
}

/**
 * The refused lines of a 400 (`data["lines.12.start"] = {code, message}`, the message
 * "Line 12: start must be …") under the columns that filled the fields.
 */
export function lineErrors(data: unknown): RowError[] {
  const errors: RowError[] = [];
  const fields = typeof data === 'object' && data !== null ? Object.entries(data) : [];
  for (const [key, detail] of fields) {
    const match = /^lines\.(\d+)(?:\.(\w+))?$/.exec(key);
    if (!match) continue;
    const field = match[2] ?? '';
    const column = AS_RUN_COLUMNS.find((each) => (each.field ?? each.key) === field);
    const message = String((detail as { message?: unknown }).message ?? '').replace(
      /^Line \d+: (?:\w+ )?/,
      '',
    );
    errors.push({ row: Number(match[1]), column: column?.label ?? '', message: asClause(message) });
  }
  return errors.sort((a, b) => a.row - b.row);
}
