// The CSV import API (POST /api/v1/import/{target}): the csv-upload modal parses and maps a
// file in the browser and sends its rows here; the server checks every row with the same rules
// as one create at a time and saves all of them or none.

/** What a file can be imported into. */
export const IMPORT_TARGETS = ['shows', 'timeslots'] as const;
export type ImportTargetName = (typeof IMPORT_TARGETS)[number];

/** Most rows one import may hold: a year of half-hour airings on one channel fits in 4 files. */
export const MAX_IMPORT_ROWS = 5000;

/** One row: its spreadsheet row number (the header is row 1) and its values by field name. */
export interface ImportRowInput {
  row: number;
  values: Record<string, unknown>;
}

/** Body of POST /api/v1/import/{target}. */
export interface ImportRequest {
  rows: ImportRowInput[];
}

/** 200 answer: every row was saved, in one transaction. */
export interface ImportResult {
  imported: number;
  ids: string[];
}

/**
 * `data` of the 400 answer when some rows were refused (nothing was saved): for each refused
 * row, by its row number, the `{code, message}` of each field at fault. A problem of the whole
 * row is under the field `row`.
 */
export interface ImportRowErrors {
  rows: Record<string, Record<string, { code: string; message: string }>>;
}

/**
 * Timeslot rows name their channel and show the way a spreadsheet does; the server resolves
 * them within the organization. `start` is a wall-clock time in the channel's zone.
 */
export interface TimeslotImportValues {
  /** Channel id, slug, number or name. */
  channel: string;
  /** Show id or title. */
  show: string;
  /** "YYYY-MM-DD HH:mm" in the channel's time zone, or an ISO instant with an offset or Z. */
  start: string;
  /** Seconds; the show's own running time when absent. */
  durationSec?: number;
  status?: string;
  note?: string;
}
