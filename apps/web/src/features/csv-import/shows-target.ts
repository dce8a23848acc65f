import { ClientResponseError } from 'pocketbase';
import { pb } from '../../lib/pocketbase';
import { OFFLINE_MESSAGE } from '../auth/use-submit';
import {
  asClause,
  countOf,
  type ImportOutcome,
  type ImportTarget,
  rowErrorsFromBatch,
} from './csv-import';
import { BATCH_LIMIT, SHOW_COLUMNS, showRecord, showsBlockedReason } from './shows-columns';

const noun = { one: 'show', other: 'shows' };

/**
 * Shows from CSV into the catalogue. Every row goes into ONE `/api/batch` request, which the
 * server runs in one transaction: if any row is refused, none is saved.
 */
export const showsTarget: ImportTarget = {
  id: 'shows',
  label: 'Shows',
  noun,
  paths: ['/shows'],
  columns: SHOW_COLUMNS,
  maxRows: BATCH_LIMIT,
  blockedReason: showsBlockedReason,
  async import(rows, onProgress) {
    const user = pb.authStore.record;
    const batch = pb.createBatch();
    for (const row of rows) batch.collection('shows').create(showRecord(row, user));
    const total = rows.length;
    onProgress({ completed: 0, total, label: `Saving ${countOf({ noun }, total)} in one batch…` });
    try {
      await batch.send();
    } catch (error) {
      return failure(error, rows);
    }
    onProgress({ completed: total, total, label: `Saved ${countOf({ noun }, total)}.` });
    return { ok: true, imported: total };
  },
};

function failure(error: unknown, rows: Parameters<ImportTarget['import']>[0]): ImportOutcome {
  if (!(error instanceof ClientResponseError)) {
    return {
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      errors: [],
    };
  }
  if (error.status === 0) {
    // The request may or may not have reached the server: say so rather than "nothing saved".
    return {
      ok: false,
      message: `${OFFLINE_MESSAGE} Look at the catalogue before importing again: the shows may have been saved.`,
      errors: [],
    };
  }
  const errors = rowErrorsFromBatch(error.response?.data, rows, SHOW_COLUMNS);
  const reason = errors.length > 0 ? 'the server refused the rows below' : asClause(error.message);
  return { ok: false, message: `Nothing was imported: ${reason}.`, errors };
}
