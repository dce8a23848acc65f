import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Dialect } from './column-types.js';
import { migrations } from './migrations/index.js';
import { preparingPool } from './postgres-prepared-statements.js';
import { withStatementCache } from './sqlite-statement-cache.js';
import type { Database } from './tables.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw SQLite connection (backup uses it); undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

/**
 * Kysely's SQLite driver opens transactions with a deferred `begin`: the write lock is taken at
 * the first write, and when another process (a cluster worker) wrote in between, SQLite answers
 * SQLITE_BUSY at once instead of waiting. Every transaction here writes, so it takes the lock
 * up front (`begin immediate`), where busy_timeout makes it wait its turn.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** Opens the configured database: SQLite in WAL mode, or a PostgreSQL pool. */
export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.dialect === 'sqlite') {
    const sqlite = new SQLite(config.file);
    // WAL lets readers run while one writer commits; NORMAL sync is safe with WAL and much faster.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    });
    return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: 10 });
  // An idle connection the server drops (a restart, a failover) must not crash the process:
  // the pool replaces it on the next query.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

export interface MigrationReport {
  applied: string[];
}

/** Brings the schema up to date. Throws with the failing migration's name and reason. */
export async function migrateToLatest(
  db: Kysely<Database>,
  onStep?: (name: string) => void,
): Promise<MigrationReport> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: '_migrations',
    migrationLockTableName: '_migrations_lock',
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const applied: string[] = [];
  for (const result of results) {
    if (result.status === 'Success') {
      applied.push(result.migrationName);
      onStep?.(result.migrationName);
    }
    if (result.status === 'Error') {
      throw new Error(`Migration ${result.migrationName} failed: ${describe(error)}`);
    }
  }
  if (error) throw new Error(`Migrations failed: ${describe(error)}`);
  return { applied };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
