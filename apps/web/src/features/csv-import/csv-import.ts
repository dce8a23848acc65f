import { formatBytes } from '@airgrid/domain';
import Papa from 'papaparse';
import type { AuthRecord } from 'pocketbase';
import { messages } from '../../i18n/messages';
import type { CellResult } from './cell-parsers';

// The CSV importer's logic, free of React and of the network: what an import target is, which
// files are refused and why, how CSV headers map to a target's columns, and which rows have
// which errors. Row numbers are the spreadsheet's: the header is row 1, the first show row 2.

/** The largest CSV file accepted. Far above what `maxRows` rows need; it stops a wrong file. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** One field of the target that a CSV column can fill. */
export interface ImportColumn<V = unknown> {
  /** Key of the parsed value in `ImportRow.values`. */
  key: string;
  /** The record field a server error names, when it differs from `key`. */
  field?: string;
  label: string;
  required: boolean;
  /** Other header names that mean this column (compared like `normalizeHeader`). */
  aliases: readonly string[];
  /** What the cell holds, shown under the column's choice. */
  hint: string;
  /** A sample cell for the downloadable template. */
  example: string;
  /** Parses a trimmed, non-empty cell. */
  parse(text: string): CellResult<V>;
  /**
   * Parses a cell whose header is the record field's own name, where that name implies another
   * unit: a `durationSec` column holds seconds, a `Duration` column minutes. `parse` without it.
   */
  parseField?(text: string): CellResult<V>;
  /** How the preview shows a parsed value; `String(value)` without it. */
  format?(value: V): string;
}

/** A row ready to import: its spreadsheet row number and its parsed values by column key. */
export interface ImportRow {
  row: number;
  values: Record<string, unknown>;
}

export interface RowError {
  /** The spreadsheet row number (header = 1). */
  row: number;
  /** The column's label, or '' when the problem is the whole row's. */
  column: string;
  message: string;
}

/** How far an import has got, in units the target chooses (rows, requests). */
export interface ImportProgress {
  completed: number;
  total: number;
  label: string;
}

/**
 * What an import found beside its count, for the last step to show: a summary line and lists
 * of lines (the as-run log's missed and off-plan spots).
 */
export interface ImportReport {
  summary: string;
  sections: { title: string; lines: string[] }[];
}

export type ImportOutcome =
  | { ok: true; imported: number; report?: ImportReport }
  | { ok: false; message: string; errors: RowError[] };

/** Something a CSV file can create (shows, timeslots). One module per target. */
export interface ImportTarget {
  /**
   * Its name in `?import=`: the server's import target (POST /api/v1/import/{id}) for shows and
   * timeslots, or a target with its own route (the as-run log).
   */
  id: string;
  /** "Shows": the modal's title says "Import shows from CSV". */
  label: string;
  noun: { one: string; other: string };
  /** Paths (and their sub-paths) where the modal imports this target unless `?import=` says. */
  paths: readonly string[];
  columns: readonly ImportColumn[];
  /** Most rows one file may hold: everything is imported at once or not at all. */
  maxRows: number;
  /**
   * Why this user cannot import here (signed out, no organization, role, nothing to import
   * into), or null. `search` is the page's query: a target may read what it imports into.
   */
  blockedReason(user: AuthRecord | null, search: URLSearchParams): string | null;
  import(
    rows: readonly ImportRow[],
    onProgress: (progress: ImportProgress) => void,
    search: URLSearchParams,
  ): Promise<ImportOutcome>;
}

/** "1 show", "42 shows". */
export function countOf(target: Pick<ImportTarget, 'noun'>, count: number): string {
  return `${count} ${count === 1 ? target.noun.one : target.noun.other}`;
}

// --- choosing the target --------------------------------------------------------------------

/**
 * The target the modal imports: `?import=<id>` when given, otherwise the one whose area the
 * page is in (so `/timeslots#upload-csv` will import timeslots), otherwise the first.
 */
export function chooseTarget(
  targets: readonly ImportTarget[],
  search: string,
  pathname: string,
): { target: ImportTarget } | { error: string } {
  const t = messages();
  const id = new URLSearchParams(search).get('import');
  if (id !== null) {
    const named = targets.find((target) => target.id === id);
    if (named) return { target: named };
    const known = targets.map((target) => target.id).join(', ');
    return { error: t.csvImport.thereIsNoCsvImport(id, known) };
  }
  const inArea = targets.find((target) =>
    target.paths.some((path) => pathname === path || pathname.startsWith(`${path}/`)),
  );
  const target = inArea ?? targets[0];
  return target ? { target } : { error: t.csvImport.thereIsNothingToImport };
}

// --- reading the file ------------------------------------------------------------------------

const CSV_TYPES = new Set([
  'text/csv',
  'application/csv',
  'text/x-csv',
  'text/comma-separated-values',
]);

/**
 * Refuses a file before reading it: not a CSV file (by name or type; Windows reports .csv
 * files as `application/vnd.ms-excel`, so the name decides first), empty, or too large.
 */
export function checkFile(
  file: { name: string; type: string; size: number },
  maxBytes = MAX_FILE_BYTES,
): string | null {
  const t = messages();
  const isCsv = /\.csv$/i.test(file.name) || CSV_TYPES.has(file.type.toLowerCase());
  if (!isCsv) {
    return t.csvImport.nameIsNotACsv(file.name);
  }
  if (file.size === 0) return t.csvImport.nameIsEmpty(file.name);
  if (file.size > maxBytes) {
    return t.csvImport.nameIsSizeTheLargest(
      file.name,
      formatBytes(file.size),
      formatBytes(maxBytes),
    );
  }
  return null;
}

/**
 * The file's text. UTF-8 when the bytes are valid UTF-8, otherwise Windows-1252 (what older
 * Excel saves as "CSV"), so accented names survive either way. Binary data is refused.
 */
export function decodeCsv(bytes: Uint8Array): { text: string } | { error: string } {
  const t = messages();
  if (bytes.includes(0)) {
    return { error: t.csvImport.thisFileIsNotA };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  text = text.replace(/^\uFEFF/, '');
  return text.trim() === '' ? { error: t.csvImport.thisFileIsEmpty } : { text };
}

/** A data row of the file: its spreadsheet row number and its cells, trimmed. */
interface DataRow {
  row: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  /** The header's spreadsheet row number: 1 unless blank lines come first. */
  headerRow: number;
  /** The non-blank rows below the header. */
  rows: DataRow[];
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Splits CSV text into the header and the data rows. The separator (comma, semicolon, tab or
 * bar) is detected. A quoted cell may span lines; it is still one spreadsheet row, so row
 * numbers count records, not lines. Blank rows are skipped but keep their numbers.
 */
export function parseCsv(text: string): CsvTable | { error: string } {
  const t = messages();
  const result = Papa.parse<string[]>(text.replace(/\r\n?/g, '\n'), {
    header: false,
    skipEmptyLines: false,
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  const quote = result.errors.find((error) => error.type === 'Quotes');
  if (quote) {
    const row = (quote.row ?? 0) + 1;
    return {
      error:
        quote.code === 'MissingQuotes'
          ? t.csvImport.rowRowOpensAQuote(row)
          : t.csvImport.rowRowHasAQuote(row),
    };
  }
  const records = result.data.map((cells, index) => ({
    row: index + 1,
    cells: cells.map((cell) => cell.trim()),
  }));
  const nonBlank = records.filter((record) => !isBlank(record.cells));
  const [first, ...rows] = nonBlank;
  if (!first) return { error: t.csvImport.thisFileIsEmpty };
  return { header: first.cells, headerRow: first.row, rows };
}

/** A cell that is a number, time or date: header names are never only that. */
const LOOKS_LIKE_VALUE = /^[\d\s:.,/+-]+$/;

/**
 * Refuses a parsed file that cannot be imported as a whole: no header row (the first row
 * names nothing the target knows and holds values such as numbers), no rows below the header,
 * or more rows than the target takes at once.
 */
export function checkTable(table: CsvTable, target: ImportTarget): string | null {
  const t = messages();
  const mapping = autoMap(target.columns, table.header);
  const namesNothing = Object.values(mapping).every((index) => index === null);
  if (namesNothing && table.header.some((cell) => cell !== '' && LOOKS_LIKE_VALUE.test(cell))) {
    const examples = target.columns
      .slice(0, 3)
      .map((column) => column.label)
      .join(', ');
    return t.csvImport.theFirstRowMustName(examples, target.noun.other);
  }
  if (table.rows.length === 0) {
    return t.csvImport.thisFileHasAHeader(target.noun.other);
  }
  if (table.rows.length > target.maxRows) {
    return t.csvImport.thisFileHasLengthRows(table.rows.length, countOf(target, target.maxRows));
  }
  return null;
}

export interface LoadedCsv {
  table: CsvTable;
  mapping: ColumnMapping;
}

/** What `loadCsv` reads: a browser `File`, or anything shaped like one in tests. */
export interface CsvSource {
  name: string;
  type: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * Reads, parses and checks a chosen file, then maps its columns. `onStage` is awaited as each
 * stage starts, so the progress bar can show it before the (synchronous) work runs.
 */
export async function loadCsv(
  file: CsvSource,
  target: ImportTarget,
  onStage: (stage: StageId, label: string) => Promise<void> | void,
): Promise<LoadedCsv | { error: string }> {
  const t = messages();
  const refused = checkFile(file);
  if (refused) return { error: refused };
  await onStage('read', t.csvImport.readingName(file.name));
  let buffer: ArrayBuffer;
  try {
    buffer = await file.arrayBuffer();
  } catch {
    // The file was moved or deleted after it was chosen, or the browser lost access to it.
    return { error: t.csvImport.nameCouldNotBeRead(file.name) };
  }
  const decoded = decodeCsv(new Uint8Array(buffer));
  if ('error' in decoded) return decoded;
  await onStage('parse', t.csvImport.splittingItIntoRows);
  const table = parseCsv(decoded.text);
  if ('error' in table) return table;
  await onStage('check', t.csvImport.checkingLengthRows(table.rows.length));
  const problem = checkTable(table, target);
  if (problem) return { error: problem };
  return { table, mapping: autoMap(target.columns, table.header) };
}

// --- mapping columns ---------------------------------------------------------------------------

/** For each target column key, the index of the CSV column that fills it, or null. */
export type ColumnMapping = Readonly<Record<string, number | null>>;

/** Compares header names ignoring case, accents, spaces and punctuation: "Show-Title " = "show title". */
export function normalizeHeader(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Maps the CSV header to the target's columns. Each column takes the first header equal to its
 * label, then to its key, then to its record field's name, then to its aliases in order; a CSV column fills one column at most,
 * and columns earlier in the target choose first.
 */
export function autoMap(
  columns: readonly ImportColumn[],
  header: readonly string[],
): ColumnMapping {
  const names = header.map(normalizeHeader);
  const taken = new Set<number>();
  const mapping: Record<string, number | null> = {};
  for (const column of columns) {
    mapping[column.key] = null;
    const candidates = [column.label, column.key, column.field ?? '', ...column.aliases]
      .filter((name) => name !== '')
      .map(normalizeHeader);
    for (const candidate of candidates) {
      const index = names.findIndex(
        (name, i) => name !== '' && name === candidate && !taken.has(i),
      );
      if (index >= 0) {
        mapping[column.key] = index;
        taken.add(index);
        break;
      }
    }
  }
  return mapping;
}

/** Points a column at a CSV column (or none); another column holding that CSV column lets go. */
export function assignColumn(
  mapping: ColumnMapping,
  key: string,
  index: number | null,
): ColumnMapping {
  const next: Record<string, number | null> = {};
  for (const [other, current] of Object.entries(mapping)) {
    next[other] = index !== null && current === index ? null : current;
  }
  next[key] = index;
  return next;
}

/** Required columns no CSV column fills yet. */
export function unmappedRequired(
  columns: readonly ImportColumn[],
  mapping: ColumnMapping,
): ImportColumn[] {
  return columns.filter((column) => column.required && (mapping[column.key] ?? null) === null);
}

/** "A", "B", …, "Z", "AA": the spreadsheet's name for a column index. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** The choices for a column: each CSV header, with its letter when the name is blank or repeated. */
export function headerOptions(header: readonly string[]): { value: string; label: string }[] {
  const t = messages();
  return header.map((name, index) => {
    const repeated = header.filter((other) => other === name).length > 1;
    const label =
      name === ''
        ? t.csvImport.columnIndex(columnLetter(index))
        : repeated
          ? t.csvImport.nameColumnIndex(name, columnLetter(index))
          : name;
    return { value: String(index), label };
  });
}

// --- checking rows -----------------------------------------------------------------------------

export interface CheckedCell {
  text: string;
  value?: unknown;
  error?: string;
}

interface CheckedRow {
  row: number;
  /** By column key, for mapped columns. */
  cells: Record<string, CheckedCell>;
  errors: RowError[];
}

export interface CheckResult {
  rows: CheckedRow[];
  /** The rows without errors, ready to import. */
  valid: ImportRow[];
  errors: RowError[];
  invalidRows: number;
}

/**
 * Parses every mapped cell of every row with its column's parser. A blank required cell, a
 * cell its parser refuses, and a value right of the last named header column (usually a comma
 * that needed quotes) are errors of that row.
 */
export function checkRows(
  columns: readonly ImportColumn[],
  table: CsvTable,
  mapping: ColumnMapping,
): CheckResult {
  const checked = table.rows.map((data) => checkRow(columns, table.header, data, mapping));
  const valid = checked
    .filter((row) => row.errors.length === 0)
    .map((row) => ({ row: row.row, values: valuesOf(row) }));
  return {
    rows: checked,
    valid,
    errors: checked.flatMap((row) => row.errors),
    invalidRows: checked.length - valid.length,
  };
}

function checkRow(
  columns: readonly ImportColumn[],
  header: readonly string[],
  data: DataRow,
  mapping: ColumnMapping,
): CheckedRow {
  const t = messages();
  const cells: Record<string, CheckedCell> = {};
  const errors: RowError[] = [];
  for (const column of columns) {
    const index = mapping[column.key] ?? null;
    if (index === null) continue;
    const text = data.cells[index] ?? '';
    if (text === '') {
      cells[column.key] = { text };
      if (column.required) {
        cells[column.key] = { text, error: t.csvImport.cannotBeBlank };
        errors.push({ row: data.row, column: column.label, message: t.csvImport.cannotBeBlank });
      }
      continue;
    }
    const byField =
      column.parseField !== undefined &&
      column.field !== undefined &&
      normalizeHeader(header[index] ?? '') === normalizeHeader(column.field);
    const result = byField && column.parseField ? column.parseField(text) : column.parse(text);
    if ('error' in result) {
      cells[column.key] = { text, error: result.error };
      errors.push({ row: data.row, column: column.label, message: result.error });
    } else {
      cells[column.key] = { text, value: result.value };
    }
  }
  const lastNamed = header.reduce((last, name, index) => (name !== '' ? index : last), -1);
  const stray = data.cells.findIndex((cell, index) => index > lastNamed && cell !== '');
  if (stray >= 0) {
    errors.push({
      row: data.row,
      column: t.csvImport.columnStray(columnLetter(stray)),
      message: t.csvImport.hasAValueButNo,
    });
  }
  return { row: data.row, cells, errors };
}

function valuesOf(row: CheckedRow): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, cell] of Object.entries(row.cells)) {
    if (cell.value !== undefined) values[key] = cell.value;
  }
  return values;
}

/** How the preview shows a checked cell: the parsed value, or the text as typed. */
export function displayCell(column: ImportColumn, cell: CheckedCell | undefined): string {
  if (!cell) return '';
  if (cell.error !== undefined || cell.value === undefined) return cell.text;
  return column.format ? column.format(cell.value) : String(cell.value);
}

/** "Row 7, Duration: must be a number of minutes…". */
export function formatRowError(error: RowError): string {
  const t = messages();
  return error.column === ''
    ? t.csvImport.rowRowMessage(error.row, error.message)
    : t.csvImport.rowRowColumnMessage(error.row, error.column, error.message);
}

// --- server failures -----------------------------------------------------------------------------

/** "Must be no more than 200 character(s)." → "must be no more than 200 character(s)". */
export function asClause(message: string): string {
  const text = message.trim().replace(/\.$/, '');
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The refused rows of an import's 400 answer (`data.rows[rowNumber][field] = {code, message}`,
 * packages/schema/src/import.ts) as row errors under the columns that filled the fields. A
 * field no column fills (the organization, say) keeps its name; a problem of the whole row
 * (field `row`) has no column. Envelope errors and malformed bodies find no row.
 */
export function rowErrorsFromImport(
  data: unknown,
  rows: readonly ImportRow[],
  columns: readonly ImportColumn[],
): RowError[] {
  const t = messages();
  const numbers = new Set(rows.map((row) => row.row));
  const errors: RowError[] = [];
  for (const [key, fields] of Object.entries(asObject(asObject(data).rows))) {
    const row = Number(key);
    if (!/^\d+$/.test(key) || !numbers.has(row)) continue;
    for (const [field, detail] of Object.entries(asObject(fields))) {
      const message = asObject(detail).message;
      const column = columns.find((candidate) => (candidate.field ?? candidate.key) === field);
      errors.push({
        row,
        column: field === 'row' ? '' : (column?.label ?? field),
        message: typeof message === 'string' ? asClause(message) : t.csvImport.wasRefused,
      });
    }
  }
  return errors.sort((a, b) => a.row - b.row);
}

// --- progress ------------------------------------------------------------------------------------

/**
 * The stages every import goes through, and the share of the progress bar each one fills when
 * done. The bar only moves when a stage really finishes (or the target reports completed
 * units): reading, parsing and checking are quick; saving waits on the server.
 */
const STAGES = [
  { id: 'read', share: 20 },
  { id: 'parse', share: 20 },
  { id: 'check', share: 20 },
  { id: 'save', share: 40 },
] as const;

export type StageId = (typeof STAGES)[number]['id'];

/** Percent of the bar for a stage in progress, with `fraction` (0–1) of that stage done. */
export function progressPercent(stage: StageId, fraction = 0): number {
  let percent = 0;
  for (const { id, share } of STAGES) {
    if (id === stage) return Math.round(percent + share * Math.min(1, Math.max(0, fraction)));
    percent += share;
  }
  return percent;
}

// --- the template --------------------------------------------------------------------------------

/** A CSV file with the target's header and one example row, to fill in. */
export function templateCsv(target: Pick<ImportTarget, 'columns'>): string {
  return Papa.unparse([
    target.columns.map((column) => column.label),
    target.columns.map((column) => column.example),
  ]);
}
