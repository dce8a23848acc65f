import { allFields, type CollectionDefinition, type Field, isMultiple } from '@airgrid/schema';
import type { Dialect } from '../db/column-types.js';

/** A record as the API sees it: every field with its JSON value. */
export type RecordValues = Record<string, unknown>;

/** Turns a table row into API values: 0/1 → booleans, JSON text → values, NULL → zero values. */
export function rowToRecord(
  collection: CollectionDefinition,
  row: Readonly<Record<string, unknown>>,
): RecordValues {
  const record: RecordValues = {};
  for (const field of allFields(collection))
    record[field.name] = fromColumn(field, row[field.name]);
  return record;
}

function fromColumn(field: Field, raw: unknown): unknown {
  if (isMultiple(field)) {
    const value = typeof raw === 'string' ? safeParse(raw) : raw;
    return Array.isArray(value) ? value.map(String) : [];
  }
  switch (field.type) {
    case 'bool':
      return raw === true || raw === 1 || raw === '1';
    case 'number':
      return typeof raw === 'number' ? raw : Number(raw ?? 0) || 0;
    case 'json':
      return typeof raw === 'string' ? safeParse(raw) : (raw ?? null);
    default:
      return raw === null || raw === undefined ? '' : String(raw);
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Turns API values into column values for an insert or update (only the keys given). */
export function recordToRow(
  collection: CollectionDefinition,
  values: Readonly<RecordValues>,
  _dialect: Dialect,
) {
  const row: Record<string, unknown> = {};
  for (const field of allFields(collection)) {
    if (!Object.hasOwn(values, field.name)) continue;
    const value = values[field.name];
    if (isMultiple(field) || field.type === 'json') row[field.name] = JSON.stringify(value ?? null);
    else if (field.type === 'bool') row[field.name] = value === true;
    else row[field.name] = value;
  }
  return row;
}

/** What a requester may see of a record (API-CONTRACT §1.3). */
export interface Viewer {
  isSuperuser: boolean;
  /** The requester's record id and collection, when signed in. */
  authId?: string;
  authCollectionId?: string;
  /** The requester satisfies the collection's manageRule for this record. */
  canManage?: boolean;
}

/**
 * The record's public JSON: hidden fields only for superusers, never the password or token key,
 * and an auth record's email only when visible to this viewer. Keys are sorted, as PocketBase
 * (a Go map) sends them.
 */
export function exportRecord(
  collection: CollectionDefinition,
  record: Readonly<RecordValues>,
  viewer: Viewer,
) {
  const isSelf =
    collection.type === 'auth' &&
    viewer.authId === record.id &&
    viewer.authCollectionId === collection.id;
  const showEmail =
    collection.type !== 'auth' ||
    record.emailVisibility === true ||
    isSelf ||
    viewer.isSuperuser ||
    viewer.canManage === true;
  const out: Record<string, unknown> = {};
  for (const key of exportedKeys(collection)) {
    if (key.hidden && !viewer.isSuperuser) continue;
    if (key.name === 'email' && !showEmail) continue;
    out[key.name] =
      key.name === 'collectionId'
        ? collection.id
        : key.name === 'collectionName'
          ? collection.name
          : record[key.name];
  }
  return out;
}

interface ExportedKey {
  name: string;
  hidden: boolean;
}

const exportedKeyLists = new WeakMap<CollectionDefinition, ExportedKey[]>();

/** The keys a record's JSON may have, sorted once per collection (never password or tokenKey). */
function exportedKeys(collection: CollectionDefinition): ExportedKey[] {
  let keys = exportedKeyLists.get(collection);
  if (!keys) {
    keys = [
      { name: 'collectionId', hidden: false },
      { name: 'collectionName', hidden: false },
      ...allFields(collection)
        .filter((field) => field.type !== 'password' && field.name !== 'tokenKey')
        .map((field) => ({ name: field.name, hidden: field.hidden === true })),
    ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    exportedKeyLists.set(collection, keys);
  }
  return keys;
}
