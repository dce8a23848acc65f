import { allFields, COLLECTIONS } from '@airgrid/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database.js';

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

async function columnsOf(table: string): Promise<string[]> {
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{
      name: string;
    }>`select name from pragma_table_info(${table})`.execute(handle.db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(handle.db);
  return rows.map((row) => row.column_name).filter((name) => name !== '_rowid');
}

describe('the migrated database', () => {
  it('has a table for every collection, with exactly its fields as columns', async () => {
    for (const collection of COLLECTIONS) {
      const expected = allFields(collection)
        .map((field) => field.name)
        .sort();
      expect((await columnsOf(collection.name)).sort(), collection.name).toEqual(expected);
    }
  });
});
