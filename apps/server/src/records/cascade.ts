import { type CollectionDefinition, isMultiple } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { ApiError } from '../errors/api-error.js';
import { hasFileFields } from './file-changes.js';
import type { RecordAccess } from './record-access.js';
import { recordToRow, rowToRecord } from './record-codec.js';
import { eventRecord, type RecordEvent } from './record-events.js';
import type { AfterCommit, RecordFiles } from './record-files.js';
import * as repository from './record-repository.js';

// What deleting a record does to the records that point at it (API-CONTRACT §2.7).

/**
 * Deletes a record and, through relations marked cascadeDelete, its dependents. Other
 * references are cleared; a required one that is not cascading blocks the delete. Each record
 * deleted emits its event and, when it held files, queues their removal for after the commit.
 */
export async function deleteWithDependents(
  trx: Kysely<Database>,
  access: RecordAccess,
  files: RecordFiles | undefined,
  definition: CollectionDefinition,
  id: string,
  seen: Set<string>,
  emit: (event: RecordEvent) => void,
  later: (work: AfterCommit) => void,
): Promise<void> {
  const key = `${definition.name}:${id}`;
  if (seen.has(key)) return;
  seen.add(key);
  for (const other of access.uniqueModules()) {
    for (const field of other.definition.fields) {
      if (field.type !== 'relation' || field.collection !== definition.name) continue;
      const ids = await repository.referencingIds(
        trx,
        access.dialect,
        other.definition,
        field.name,
        isMultiple(field),
        id,
      );
      for (const refId of ids) {
        if (field.cascadeDelete) {
          await deleteWithDependents(
            trx,
            access,
            files,
            other.definition,
            refId,
            seen,
            emit,
            later,
          );
        } else if (field.required && !isMultiple(field)) {
          throw new ApiError(
            400,
            'Failed to delete record. Make sure that the record is not part of a required relation reference.',
          );
        } else {
          const row = await repository.findById(trx, other.definition, refId);
          if (!row) continue;
          const current = rowToRecord(other.definition, row)[field.name];
          const next = Array.isArray(current) ? current.filter((value) => value !== id) : '';
          await repository.updateRow(
            trx,
            other.definition,
            refId,
            recordToRow(other.definition, { [field.name]: next }, access.dialect.name),
          );
        }
      }
    }
  }
  // The event carries the record as it was, so subscribers' rules are checked against it.
  const before = await repository.findById(trx, definition, id);
  await repository.deleteRow(trx, definition, id);
  if (before && files && hasFileFields(definition))
    later(() => files.removeRecord(definition.id, id));
  if (before)
    emit({
      action: 'delete',
      collection: definition.name,
      record: eventRecord(rowToRecord(definition, before)),
    });
}
