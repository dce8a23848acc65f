import type { ImportTargetName } from '@airgrid/schema';
import { ClientResponseError } from 'pocketbase';
import { messages } from '../../i18n/messages';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import { offlineMessage } from '../../ui/forms/server-errors';
import {
  asClause,
  countOf,
  type ImportOutcome,
  type ImportProgress,
  type ImportRow,
  type ImportTarget,
  rowErrorsFromImport,
} from './csv-import';

/**
 * Sends checked rows to POST /api/v1/import/{target} (decision 0012): the server creates them
 * in one transaction and answers every refused row, so the outcome is all saved or none.
 */
export async function sendImport(
  target: Pick<ImportTarget, 'noun' | 'columns'> & { id: ImportTargetName },
  rows: readonly ImportRow[],
  values: (row: ImportRow) => Record<string, unknown>,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportOutcome> {
  const t = messages();
  const total = rows.length;
  onProgress({ completed: 0, total, label: t.csvImport.savingTarget(countOf(target, total)) });
  try {
    const result = await callEndpoint(pb, 'POST /api/v1/import/:target', {
      params: { target: target.id },
      body: { rows: rows.map((row) => ({ row: row.row, values: values(row) })) },
    });
    onProgress({ completed: total, total, label: t.csvImport.savedTarget(countOf(target, total)) });
    return { ok: true, imported: result.imported };
  } catch (error) {
    return failure(error, target, rows);
  }
}

export function failure(
  error: unknown,
  target: Pick<ImportTarget, 'noun' | 'columns'>,
  rows: readonly ImportRow[],
): ImportOutcome {
  const t = messages();
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
      message: t.csvImport.offlineImport(offlineMessage(), target.noun.other),
      errors: [],
    };
  }
  const errors = rowErrorsFromImport(error.response?.data, rows, target.columns);
  const reason = errors.length > 0 ? t.csvImport.theServerRefusedTheRows : asClause(error.message);
  return { ok: false, message: t.csvImport.nothingWasImportedReason(reason), errors };
}
