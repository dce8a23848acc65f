import { allFields, COLLECTIONS, type Field, isMultiple } from '@airgrid/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database.js';

// Migrations are explicit SQL and collections are definitions (packages/schema/src/collections):
// this holds the two together on each database, so neither can change without the other.

let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase(loadConfig({ ...database.env, LOG_LEVEL: 'silent' }).database);
  await migrateToLatest(handle.db);
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

interface Column {
  name: string;
  /** Part of the primary key. */
  primaryKey: boolean;
  /** The column's type as the database names it, lower case. */
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}

async function columnsOf(table: string): Promise<Column[]> {
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>`select name, type, "notnull", dflt_value, pk from pragma_table_info(${table})`.execute(
      handle.db,
    );
    return rows.map((row) => ({
      name: row.name,
      primaryKey: row.pk > 0,
      type: row.type.toLowerCase(),
      notNull: row.notnull === 1,
      hasDefault: row.dflt_value !== null,
    }));
  }
  const { rows } = await sql<{
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    primary_key: boolean;
  }>`
    select c.column_name, c.data_type, c.is_nullable, c.column_default,
      exists (
        select 1 from information_schema.table_constraints t
        join information_schema.key_column_usage k
          on k.constraint_name = t.constraint_name and k.table_schema = t.table_schema
        where t.constraint_type = 'PRIMARY KEY' and t.table_schema = c.table_schema
          and t.table_name = c.table_name and k.column_name = c.column_name
      ) as primary_key
    from information_schema.columns c
    where c.table_schema = current_schema() and c.table_name = ${table}`.execute(handle.db);
  return rows
    .filter((row) => row.column_name !== '_rowid')
    .map((row) => ({
      name: row.column_name,
      primaryKey: row.primary_key,
      type: row.data_type.toLowerCase(),
      notNull: row.is_nullable === 'NO',
      hasDefault: row.column_default !== null,
    }));
}

/** The column type a field is stored in, on this database. */
function columnTypeOf(field: Field): string {
  const postgres = handle.dialect === 'postgres';
  if (field.type === 'json' || isMultiple(field)) return postgres ? 'jsonb' : 'text';
  if (field.type === 'number') return postgres ? 'double precision' : 'real';
  if (field.type === 'bool') return postgres ? 'boolean' : 'integer';
  return 'text';
}

/** An index as both sides can say it: `unique (a, lower(b)) where`. */
function describeIndex(columns: readonly string[], unique: boolean, partial: boolean): string {
  const normal = columns.map((column) => column.replaceAll('"', '').replaceAll(' ', ''));
  return `${unique ? 'unique ' : ''}(${normal.join(', ')})${partial ? ' where' : ''}`;
}

async function indexesOf(table: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; unique: number; partial: number; origin: string }>`
      select name, "unique", partial, origin from pragma_index_list(${table})`.execute(handle.db);
    for (const index of rows.filter((row) => row.origin === 'c')) {
      const { rows: parts } = await sql<{ name: string | null }>`
        select name from pragma_index_xinfo(${index.name}) where key = 1 order by seqno`.execute(
        handle.db,
      );
      // An expression's column has no name: read it from the statement that made the index.
      const { rows: made } = await sql<{ sql: string }>`
        select sql from sqlite_master where type = 'index' and name = ${index.name}`.execute(
        handle.db,
      );
      const listed = made[0]?.sql.match(/\((.*)\)/)?.[1] ?? '';
      const expressions = listed.split(/,\s*(?![^()]*\))/);
      const columns = parts.map((part, at) => part.name ?? expressions[at] ?? '?');
      found.set(index.name, describeIndex(columns, index.unique === 1, index.partial === 1));
    }
    return found;
  }
  const { rows } = await sql<{
    name: string;
    unique: boolean;
    partial: boolean;
    columns: string[];
  }>`
    select i.relname as name, x.indisunique as unique, x.indpred is not null as partial,
      array(select pg_get_indexdef(x.indexrelid, k + 1, true)
            from generate_subscripts(x.indkey, 1) as k order by k) as columns
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname = ${table} and not x.indisprimary`.execute(
    handle.db,
  );
  for (const index of rows) {
    if (index.name === `idx_${table}__rowid`) continue;
    found.set(index.name, describeIndex(index.columns, index.unique, index.partial));
  }
  return found;
}

describe('the migrated database', () => {
  it('has a table for every collection, with exactly its fields as columns', async () => {
    for (const collection of COLLECTIONS) {
      const expected = allFields(collection)
        .map((field) => field.name)
        .sort();
      const columns = await columnsOf(collection.name);
      expect(columns.map((column) => column.name).sort(), collection.name).toEqual(expected);
    }
  });

  it('stores each field in the column type its field type needs', async () => {
    for (const collection of COLLECTIONS) {
      const columns = new Map(
        (await columnsOf(collection.name)).map((column) => [column.name, column]),
      );
      for (const field of allFields(collection)) {
        expect(columns.get(field.name)?.type, `${collection.name}.${field.name}`).toBe(
          columnTypeOf(field),
        );
      }
    }
  });

  it('makes every field NOT NULL with its zero value as the default (the id: NOT NULL)', async () => {
    for (const collection of COLLECTIONS) {
      for (const column of await columnsOf(collection.name)) {
        const where = `${collection.name}.${column.name}`;
        expect(column.notNull, where).toBe(true);
        if (column.name !== 'id') expect(column.hasDefault, where).toBe(true);
      }
    }
  });

  it('keys every table by its record id alone', async () => {
    for (const collection of COLLECTIONS) {
      const keyed = (await columnsOf(collection.name)).filter((column) => column.primaryKey);
      expect(
        keyed.map((column) => column.name),
        collection.name,
      ).toEqual(['id']);
    }
  });

  it('has exactly the indexes each collection defines', async () => {
    for (const collection of COLLECTIONS) {
      const expected = new Map(
        (collection.indexes ?? []).map((index) => [
          `idx_${collection.name}_${index.name}`,
          describeIndex(index.columns, index.unique === true, index.where !== undefined),
        ]),
      );
      expect(await indexesOf(collection.name), collection.name).toEqual(expected);
    }
  });
});
