import type { CollectionDefinition } from '@airgrid/schema';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Database } from '../db/tables.js';
import type { FieldError } from '../errors/api-error.js';
import { toIds } from './expand.js';
import type { RecordAccess, RecordRequest } from './record-access.js';
import type { RecordValues } from './record-codec.js';
import * as repository from './record-repository.js';
import { organizationColumn, scopedRelations, writeScope } from './tenancy.js';

// A write's relations must name records that exist inside its organization (records/tenancy.ts,
// docs/security.md); these helpers check them, and tell which relations a write changed.

/** One relation a write must check: its ids, and the organization they must belong to. */
interface RelationCheck {
  field: string;
  target: CollectionDefinition;
  ids: string[];
  scope: { column: string; organization: string } | undefined;
}

/**
 * The relations of a write that need a look at the database: fields with ids, each with the
 * organization its targets must belong to. `only` limits them to these fields; fields that
 * already have an error are skipped.
 */
function relationsToCheck(
  access: RecordAccess,
  definition: CollectionDefinition,
  record: RecordValues,
  request: RecordRequest,
  errors: Readonly<Record<string, FieldError>>,
  only?: ReadonlySet<string>,
): RelationCheck[] {
  const scope = writeScope(definition, record, {
    isSuperuser: request.isSuperuser,
    organization: String(request.auth?.record.organization ?? ''),
  });
  const relations = scopedRelations(definition, (name) => access.findModule(name)?.definition);
  return relations.flatMap(({ field, target, column }) => {
    if (errors[field.name] || (only && !only.has(field.name))) return [];
    const ids = toIds(record[field.name]);
    if (ids.length === 0) return [];
    const inScope = column && scope !== null ? { column, organization: scope } : undefined;
    return [{ field: field.name, target, ids, scope: inScope }];
  });
}

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
  for (const { field, target, ids, scope } of relationsToCheck(
    access,
    definition,
    record,
    request,
    errors,
    only,
  )) {
    const found = await repository.existingIds(db, target, ids, scope);
    if (found.size !== new Set(ids).size) {
      ok = false;
      errors[field] = {
        code: 'validation_missing_rel_records',
        message: 'Failed to find all relation records with the provided ids.',
      };
    }
  }
  return ok;
}

/**
 * The checks of {@link checkRelations} as SQL conditions, one per relation, for a write that
 * folds them into its own statement. They hold exactly when checkRelations finds no problem.
 */
export function relationConditions(
  access: RecordAccess,
  definition: CollectionDefinition,
  record: RecordValues,
  request: RecordRequest,
): RawBuilder<SqlBool>[] {
  return relationsToCheck(access, definition, record, request, {}).map(({ target, ids, scope }) =>
    repository.allExist(target, ids, scope),
  );
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
