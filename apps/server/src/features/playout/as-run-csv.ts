import { csvText } from '@airgrid/domain';
import type { AsRunRow } from './as-run-repository.js';

// The as-run log as CSV (RFC 4180): what the route sends and a spreadsheet opens.

const HEADER = ['start', 'end', 'duration_sec', 'kind', 'title', 'timeslot', 'package'];

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** The entries as CSV lines, a header first; instants in UTC to the second. */
export function asRunCsv(rows: readonly AsRunRow[]): string {
  return csvText(
    HEADER,
    rows.map((row) => [
      iso(row.start),
      iso(row.end),
      Math.round((row.end - row.start) / 1000),
      row.kind,
      row.title,
      row.timeslot,
      row.mediaId,
    ]),
  );
}
