import {
  IMPORT_TARGETS,
  type ImportResult,
  type ImportRowInput,
  type ImportTargetName,
} from '@airgrid/schema';
import type { Transaction } from '../../db/tables.js';
import { ApiError, type ErrorData } from '../../errors/api-error.js';
import type { RecordRequest, RecordService } from '../../records/record-service.js';
import { memberOrganizationOf } from '../../request-types.js';
import {
  readLookups,
  releaseSavepoint,
  rollbackToSavepoint,
  takeSavepoint,
} from './import-repository.js';
import {
  type PreparedRow,
  prepareTimeslotRow,
  type RowProblem,
  TimeslotLookup,
} from './timeslot-rows.js';

const NOT_A_MEMBER = 'Only members of an organization can import into it.';

/** Turns one row's values into a create's values, or says what is wrong with them. */
type RowPreparer = (values: Readonly<Record<string, unknown>>) => PreparedRow;

/**
 * CSV imports (docs/decisions/0012-csv-import.md): every row is created with the same rules,
 * hooks and validation as a single create, in ONE transaction. Each row runs under a savepoint,
 * so a refused row (a field error, a collision, even a unique-constraint error on PostgreSQL)
 * is undone alone and the rest are still checked: the answer lists every refused row, and when
 * there is any, the transaction rolls back and nothing is saved.
 */
export class ImportService {
  constructor(private readonly records: RecordService) {}

  async import(
    request: RecordRequest,
    target: ImportTargetName,
    rows: readonly ImportRowInput[],
  ): Promise<ImportResult> {
    const organization = memberOrganization(request);
    const errors: Record<string, Record<string, RowProblem>> = {};
    const ids: string[] = [];
    try {
      await this.records.transaction(async (records, trx) => {
        const prepare = await this.preparer(target, trx, organization);
        for (const { row, values } of rows) {
          const prepared = prepare(values);
          if (!prepared.ok) {
            errors[String(row)] = prepared.errors;
            continue;
          }
          const problems = await createInSavepoint(trx, () =>
            records.create(target, prepared.values, request),
          );
          if (problems.ok) ids.push(problems.id);
          else errors[String(row)] = problems.errors;
        }
        // Throwing rolls back every row that was saved.
        if (Object.keys(errors).length > 0) throw new RowsRefused();
      });
    } catch (error) {
      if (!(error instanceof RowsRefused)) throw error;
      const count = Object.keys(errors).length;
      throw new ApiError(
        400,
        `Nothing was imported: ${count === 1 ? '1 row has' : `${count} rows have`} problems.`,
        { rows: errors } as unknown as ErrorData,
      );
    }
    return { imported: ids.length, ids };
  }

  private async preparer(
    target: ImportTargetName,
    trx: Transaction,
    organization: string,
  ): Promise<RowPreparer> {
    if (target === 'shows') return (values) => ({ ok: true, values: { ...values, organization } });
    const { channels, shows } = await readLookups(trx, organization);
    const lookup = new TimeslotLookup(channels, shows);
    return (values) => prepareTimeslotRow(values, lookup, organization);
  }
}

class RowsRefused extends Error {}

/** The requester's organization; superusers and users without one cannot import. */
function memberOrganization(request: RecordRequest): string {
  const auth = request.auth;
  if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  const organization = memberOrganizationOf(auth);
  if (organization === '') throw new ApiError(403, NOT_A_MEMBER);
  return organization;
}

/**
 * Runs one create under a savepoint: its id, or its field problems with the savepoint rolled
 * back. An error that is not a refusal (a bug, a lost connection) ends the import.
 */
async function createInSavepoint(
  trx: Transaction,
  create: () => Promise<Record<string, unknown>>,
): Promise<{ ok: true; id: string } | { ok: false; errors: Record<string, RowProblem> }> {
  await takeSavepoint(trx);
  try {
    const record = await create();
    await releaseSavepoint(trx);
    return { ok: true, id: String(record.id) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    await rollbackToSavepoint(trx);
    await releaseSavepoint(trx);
    return { ok: false, errors: refusalProblems(error) };
  }
}

/** A refused create as row problems: its field errors, or its message as the row's. */
function refusalProblems(error: ApiError): Record<string, RowProblem> {
  const problems: Record<string, RowProblem> = {};
  for (const [field, value] of Object.entries(error.data)) {
    if (typeof value.code === 'string' && typeof value.message === 'string')
      problems[field] = { code: value.code, message: value.message };
  }
  if (Object.keys(problems).length > 0) return problems;
  const message =
    error.status === 400 && error.message === 'Failed to create record.'
      ? 'You cannot create this record.'
      : error.message;
  return { row: { code: 'validation_refused', message } };
}

/** The import target a path names, or a 404. */
export function importTarget(name: string): ImportTargetName {
  const target = IMPORT_TARGETS.find((candidate) => candidate === name);
  if (!target)
    throw new ApiError(
      404,
      `Nothing to import into: ${JSON.stringify(name)}. Use shows or timeslots.`,
    );
  return target;
}
