import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { addRowId } from './column-types.js';

/** A Kysely of the dialect that runs nothing and keeps the SQL it was given. */
function recording(dialect: 'postgres' | 'sqlite') {
  const statements: string[] = [];
  const db = new Kysely<unknown>({
    dialect:
      dialect === 'postgres'
        ? {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new PostgresIntrospector(db),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          }
        : {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new SqliteIntrospector(db),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          },
    log: (event) => {
      if (event.level === 'query') statements.push(event.query.sql);
    },
  });
  return { db, statements };
}

describe('addRowId', () => {
  it('adds the identity column and its unique index on PostgreSQL, as the migrations do', async () => {
    const { db, statements } = recording('postgres');
    await addRowId(db, 'cablecastSyncs');
    expect(statements).toEqual([
      'alter table "cablecastSyncs" add column "_rowid" bigint generated always as identity',
      'create unique index "idx_cablecastSyncs__rowid" on "cablecastSyncs" ("_rowid")',
    ]);
  });

  it('does nothing on SQLite', async () => {
    const { db, statements } = recording('sqlite');
    await addRowId(db, 'cablecastSyncs');
    expect(statements).toEqual([]);
  });
});
