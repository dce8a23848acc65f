import type { Field } from './fields.js';

export type CollectionType = 'base' | 'auth';

export interface CollectionDefinition {
  /** Stable id, as PocketBase gives it ("pbc_" + crc32 of type and name, or a fixed one). */
  id: string;
  name: string;
  type: CollectionType;
  /** The collection's own fields; `id`, `created`, `updated` and auth fields are added. */
  fields: readonly Field[];
  /** Records belong to one organization: rules confine members to theirs. */
  organizationOwned?: boolean;
}

const RECORD_FIELDS: readonly Field[] = [
  {
    name: 'id',
    type: 'text',
    system: true,
    required: true,
    min: 15,
    max: 15,
    pattern: '^[a-z0-9]+$',
  },
];
const TIMESTAMP_FIELDS: readonly Field[] = [
  { name: 'created', type: 'autodate', system: true, onCreate: true, onUpdate: false },
  { name: 'updated', type: 'autodate', system: true, onCreate: true, onUpdate: true },
];
const AUTH_FIELDS: readonly Field[] = [
  { name: 'password', type: 'password', system: true, hidden: true, required: true, min: 8 },
  { name: 'tokenKey', type: 'text', system: true, hidden: true, required: true },
  { name: 'email', type: 'email', system: true, required: true },
  { name: 'emailVisibility', type: 'bool', system: true },
  { name: 'verified', type: 'bool', system: true },
];

const fieldLists = new WeakMap<CollectionDefinition, readonly Field[]>();

/** Every field of a collection, system fields included (computed once per collection). */
export function allFields(collection: CollectionDefinition): readonly Field[] {
  let fields = fieldLists.get(collection);
  if (!fields) {
    fields = [
      ...RECORD_FIELDS,
      ...(collection.type === 'auth' ? AUTH_FIELDS : []),
      ...collection.fields,
      ...TIMESTAMP_FIELDS,
    ];
    fieldLists.set(collection, fields);
  }
  return fields;
}

export function findField(collection: CollectionDefinition, name: string): Field | undefined {
  return allFields(collection).find((field) => field.name === name);
}
