import type { Field } from './fields.js';

export type CollectionType = 'base' | 'auth';

/**
 * An index of a collection's table, named `idx_{collection}_{name}`. A column may be an
 * expression (`lower(email)`); `where` makes it partial. Migrations create it; the schema test
 * (apps/server/src/db/schema-consistency.integration.test.ts) holds the two together.
 */
export interface IndexDefinition {
  name: string;
  columns: readonly string[];
  unique?: boolean;
  where?: string;
}

export interface CollectionDefinition<
  N extends string = string,
  T extends CollectionType = CollectionType,
  F extends readonly Field[] = readonly Field[],
> {
  /** Stable id, as PocketBase gives it ("pbc_" + crc32 of type and name, or a fixed one). */
  id: string;
  name: N;
  type: T;
  /** The collection's own fields; `id`, `created`, `updated` and auth fields are added. */
  fields: F;
  /** Records belong to one organization: rules confine members to theirs. */
  organizationOwned?: boolean;
  /** Its table's indexes (besides the primary key), as the migrations make them. */
  indexes?: readonly IndexDefinition[];
}

/**
 * A collection, defined once: its record type (`RecordOf`) and the server's table type
 * (`TableOf`) are derived from what this returns, and a test compares it with the migrated
 * database. The definition is returned as given; `const` keeps every field's literal type.
 */
export function defineCollection<
  const N extends string,
  const T extends CollectionType,
  const F extends readonly Field[],
>(definition: CollectionDefinition<N, T, F>): CollectionDefinition<N, T, F> {
  return definition;
}

/**
 * The longest duration a show, a timeslot or a recurrence's airing may have, in seconds: 7 days.
 * Generous for any programme, and it keeps start + duration far inside the dates a record holds.
 */
export const MAX_DURATION_SEC = 7 * 24 * 3600;

/** Length of every record id. */
export const RECORD_ID_LENGTH = 15;

/** What every record has. */
export interface BaseRecord {
  id: string;
  created: string;
  updated: string;
}

/** A field's value in a record as the API sends it (PocketBase: zero values, never null). */
export type FieldValue<F> = F extends { type: 'number' }
  ? number
  : F extends { type: 'bool' }
    ? boolean
    : F extends { type: 'select'; values: readonly (infer V)[]; maxSelect: infer M }
      ? M extends 1
        ? F extends { required: true }
          ? V
          : V | ''
        : V[]
      : F extends { type: 'relation' | 'file'; maxSelect: infer M }
        ? M extends 1
          ? string
          : string[]
        : F extends { type: 'json' }
          ? unknown
          : string;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A collection's own fields that records carry (hidden ones never leave the server). */
type VisibleFields<C extends CollectionDefinition> = {
  [F in C['fields'][number] as F extends { hidden: true } ? never : F['name']]: FieldValue<F>;
};

interface AuthRecordFields {
  email: string;
  emailVisibility: boolean;
  verified: boolean;
}

/**
 * A record of the collection as the API sends it, derived from its definition. JSON fields
 * are `unknown` there; `Refined` gives them (or any field) a narrower type:
 * `RecordOf<typeof shows, { tags: string[] }>`.
 */
export type RecordOf<
  C extends CollectionDefinition,
  Refined extends { [K in keyof VisibleFields<C>]?: unknown } = Record<never, never>,
> = Simplify<
  BaseRecord &
    (C['type'] extends 'auth' ? AuthRecordFields : unknown) &
    Omit<VisibleFields<C>, keyof Refined> &
    Refined
>;

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
