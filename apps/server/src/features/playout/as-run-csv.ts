import type { AsRunRow } from './as-run-repository.js';

// The as-run log as CSV (RFC 4180): what the route sends and a spreadsheet opens.

const HEADER = ['start', 'end', 'duration_sec', 'kind', 'title', 'timeslot', 'package'];

/**
 * A cell: quoted when it holds a comma, a quote or a line break; text a spreadsheet would run
 * as a formula (=, +, -, @ first) is prefixed with an apostrophe (OWASP's CSV injection advice).
 */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** The entries as CSV lines, a header first; instants in UTC to the second. */
export function asRunCsv(rows: readonly AsRunRow[]): string {
  const lines = [HEADER.join(',')];
  for (const row of rows) {
    lines.push(
      [
        iso(row.start),
        iso(row.end),
        Math.round((row.end - row.start) / 1000),
        row.kind,
        row.title,
        row.timeslot,
        row.mediaId,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
