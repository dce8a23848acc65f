// CSV (RFC 4180) for the exports stations open in a spreadsheet: the as-run log, the daily
// log of programmes and spots, affidavits.

/**
 * A cell: quoted when it holds a comma, a quote or a line break; text a spreadsheet would run
 * as a formula (=, +, -, @, a tab or a carriage return first) is prefixed with an apostrophe
 * (OWASP's CSV injection advice). Numbers are written as they are.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header and its rows as CSV text, lines ending in CRLF. */
export function csvText(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
