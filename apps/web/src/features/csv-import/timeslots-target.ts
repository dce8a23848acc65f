import { MAX_IMPORT_ROWS } from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import type { ImportOutcome, ImportProgress, ImportRow, ImportTarget } from './csv-import';
import { sendImport } from './send-import';
import { TIMESLOT_COLUMNS, timeslotsBlockedReason, timeslotValues } from './timeslots-columns';

const t = messages();

/** Timeslots from CSV onto the schedule, all saved or none, never double-booking a channel. */
export const timeslotsTarget = {
  id: 'timeslots' as const,
  label: t.csvImport.timeslots,
  noun: { one: 'timeslot', other: 'timeslots' },
  paths: ['/timeslots', '/channels'],
  columns: TIMESLOT_COLUMNS,
  maxRows: MAX_IMPORT_ROWS,
  blockedReason: timeslotsBlockedReason,
  import(
    rows: readonly ImportRow[],
    onProgress: (progress: ImportProgress) => void,
  ): Promise<ImportOutcome> {
    return sendImport(timeslotsTarget, rows, timeslotValues, onProgress);
  },
} satisfies ImportTarget;
