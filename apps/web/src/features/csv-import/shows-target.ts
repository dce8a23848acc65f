import { MAX_IMPORT_ROWS } from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import { pb } from '../../lib/pocketbase';
import type { ImportOutcome, ImportProgress, ImportRow, ImportTarget } from './csv-import';
import { sendImport } from './send-import';
import { SHOW_COLUMNS, showRecord, showsBlockedReason } from './shows-columns';

const t = messages();

/** Shows from CSV into the catalogue, all saved or none (send-import.ts). */
export const showsTarget = {
  id: 'shows' as const,
  label: t.csvImport.shows,
  noun: { one: 'show', other: 'shows' },
  paths: ['/shows'],
  columns: SHOW_COLUMNS,
  maxRows: MAX_IMPORT_ROWS,
  blockedReason: showsBlockedReason,
  import(
    rows: readonly ImportRow[],
    onProgress: (progress: ImportProgress) => void,
  ): Promise<ImportOutcome> {
    const user = pb.authStore.record;
    return sendImport(showsTarget, rows, (row) => showRecord(row, user), onProgress);
  },
} satisfies ImportTarget;
