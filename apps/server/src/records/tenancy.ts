import type { CollectionDefinition, Field, RelationField } from '@airgrid/schema';

// Tenancy is the engine's first security property: every relation a record holds stays inside
// its organization. Which column places a collection's records in an organization is derived
// from the definition, so a new collection with an `organization` relation is covered without
// anyone remembering to ask (docs/security.md).

/** The relation that places a record in an organization, by the glossary's name. */
const ORGANIZATION = 'organization';
const ORGANIZATIONS = 'organizations';

/**
 * The column holding the organization a record of this collection belongs to: `organization`
 * for organization-owned records and for members (auth records with an organization), `id` for
 * the organizations themselves; undefined for collections outside any organization (feedback,
 * the waitlist, superusers).
 */
export function organizationColumn(definition: CollectionDefinition): string | undefined {
  if (definition.name === ORGANIZATIONS) return 'id';
  const field = definition.fields.find((candidate) => candidate.name === ORGANIZATION);
  return field?.type === 'relation' && field.collection === ORGANIZATIONS
    ? ORGANIZATION
    : undefined;
}

/**
 * The organization a write's relations must stay in: the record's own for a collection inside
 * organizations, else the requester's (a signed-in member writing feedback about themselves);
 * null when nothing confines them (a superuser writing a collection outside organizations).
 */
export function writeScope(
  definition: CollectionDefinition,
  record: Readonly<Record<string, unknown>>,
  requester: { isSuperuser: boolean; organization: string },
): string | null {
  const column = organizationColumn(definition);
  if (column) return typeof record[column] === 'string' ? (record[column] as string) : '';
  return requester.isSuperuser ? null : requester.organization;
}

/**
 * The relation fields a write must check, each with the column of its target that must equal
 * the scope (undefined: the target is outside organizations, so existence is enough). The field
 * that defines the scope is left to the collection's rules (they say who may place a record in
 * which organization).
 */
export function scopedRelations(
  definition: CollectionDefinition,
  targetOf: (collection: string) => CollectionDefinition | undefined,
): { field: RelationField; target: CollectionDefinition; column: string | undefined }[] {
  const own = organizationColumn(definition);
  return definition.fields.flatMap((field: Field) => {
    if (field.type !== 'relation' || field.name === own) return [];
    const target = targetOf(field.collection);
    return target ? [{ field, target, column: organizationColumn(target) }] : [];
  });
}
