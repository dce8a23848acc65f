import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Wraps a better-sqlite3 connection so Kysely reuses prepared statements: Kysely prepares the
 * SQL of every query anew, and preparing costs more than running a simple indexed query. The
 * record engine's SQL text depends only on the collection, rule and filter (values are
 * parameters), so a few hundred statements cover the whole app. Least recently used are dropped.
 */
export function withStatementCache(database: SQLite.Database, capacity = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = database.prepare(sql);
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
