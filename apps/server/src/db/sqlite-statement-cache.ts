import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** better-sqlite3 cannot bind JavaScript booleans: they are bound as 1 and 0. */
function bindable(parameters: ReadonlyArray<unknown>): ReadonlyArray<unknown> {
  if (!parameters.some((value) => typeof value === 'boolean')) return parameters;
  return parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}

/** A prepared statement that binds booleans as integers (see {@link bindable}). */
function bindingBooleans(statement: SQLite.Statement): SqliteStatement {
  return {
    reader: statement.reader,
    all: (parameters) => statement.all(bindable(parameters)),
    run: (parameters) => statement.run(bindable(parameters)),
    iterate: (parameters) => statement.iterate(bindable(parameters)),
  };
}

/**
 * Wraps a better-sqlite3 connection for Kysely:
 *
 * - It reuses prepared statements: Kysely prepares the SQL of every query anew, and preparing
 *   costs more than running a simple indexed query. The record engine's SQL text depends only
 *   on the collection, rule and filter (values are parameters), so a few hundred statements
 *   cover the whole app. Least recently used are dropped.
 * - It binds booleans as 1 and 0, so code writes `true` on both dialects (a boolean column on
 *   PostgreSQL, an integer on SQLite). Doing it here, on the parameter list, replaced a Kysely
 *   plugin that copied every query's whole operation tree to do the same (measured: about a
 *   tenth of a create's CPU time).
 */
export function withStatementCache(database: SQLite.Database, capacity = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = bindingBooleans(database.prepare(sql));
        if (cache.size >= capacity) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
