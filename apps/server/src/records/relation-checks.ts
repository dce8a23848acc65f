import type { CollectionDefinition } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { FieldError } from '../errors/api-error.js';
import { toIds } from './expand.js';
import type { RecordAccess, RecordRequest } from './record-access.js';
import type { RecordValues } from './record-codec.js';
import * as repository from './record-repository.js';
import { organizationColumn, scopedRelations, writeScope } from './tenancy.js';

// A write's relations must name records that exist inside its organization (records/tenancy.ts,
// docs/security.md); these helpers check them, and tell which relations a write changed.

/**
 * Refuses relations to records that are missing or belong to another organization, with the
 * same field error for both, so existence elsewhere is never revealed (records/tenancy.ts).
 * `only` limits the check to these fields (an update checks what it changes). False when a
 * relation was refused.
 */
export async function checkRelations(
  db: Kysely<Database>,
  access: RecordAccess,
  definition: CollectionDefinition,
  record: RecordValues,
  request: RecordRequest,
  errors: Record<string, FieldError>,
  only?: ReadonlySet<string>,
): Promise<boolean> {
  let ok = true;
  const scope = writeScope(definition, record, {
    isSuperuser: request.isSuperuser,
    organization: String(request.auth?.record.organization ?? ''),
  });
  const relations = scopedRelations(definition, (name) => access.findModule(name)?.definition);
  for (const { field, target, column } of relations) {
    if (errors[field.name] || (only && !only.has(field.name))) continue;
    const ids = toIds(record[field.name]);
    if (ids.length === 0) continue;
    const found = await repository.existingIds(
      db,
      target,
      ids,
      column && scope !== null ? { column, organization: scope } : undefined,
    );
    if (found.size !== new Set(ids).size) {
      ok = false;
      errors[field.name] = {
        code: 'validation_missing_rel_records',
        message: 'Failed to find all relation records with the provided ids.',
      };
    }
  }
  return ok;
}

/** The record's relation fields and their values, to see later which ones changed. */
export function relationValues(
  definition: CollectionDefinition,
  record: RecordValues,
): Map<string, string> {
  const values = new Map<string, string>();
  for (const field of definition.fields)
    if (field.type === 'relation') values.set(field.name, JSON.stringify(record[field.name] ?? ''));
  return values;
}

/** The relation fields whose value differs from `before`. */
export function changedKeys(before: Map<string, string>, record: RecordValues): Set<string> {
  const changed = new Set<string>();
  for (const [name, value] of before)
    if (JSON.stringify(record[name] ?? '') !== value) changed.add(name);
  return changed;
}

/** True when an update moves the record to another organization. */
export function organizationChanged(
  definition: CollectionDefinition,
  existing: RecordValues,
  record: RecordValues,
): boolean {
  const column = organizationColumn(definition);
  return column !== undefined && existing[column] !== record[column];
}
