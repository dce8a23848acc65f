import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

type Column = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/**
 * Column builders shared by migrations so both dialects get the same shapes: every user field
 * is NOT NULL with its zero value. Dates are PocketBase-format UTC text on both dialects, so
 * string comparison orders them and filters behave the same everywhere.
 */
export function columns(dialect: Dialect) {
  const notNull =
    (value: ReturnType<typeof sql>): Column =>
    (col) =>
      col.notNull().defaultTo(value);
  return {
    id: (col: ColumnDefinitionBuilder) => col.primaryKey().notNull(),
    text: notNull(sql`''`),
    date: notNull(sql`''`),
    number: notNull(sql`0`),
    bool: notNull(dialect === 'postgres' ? sql`false` : sql`0`),
    jsonArray: notNull(dialect === 'postgres' ? sql`'[]'::jsonb` : sql`'[]'`),
    jsonObject: notNull(dialect === 'postgres' ? sql`'{}'::jsonb` : sql`'{}'`),
    types: {
      text: 'text' as const,
      number: (dialect === 'postgres' ? 'double precision' : 'real') as 'real',
      bool: (dialect === 'postgres' ? 'boolean' : 'integer') as 'integer',
      json: (dialect === 'postgres' ? 'jsonb' : 'text') as 'text',
    },
  };
}

/** Reads which dialect a Kysely instance talks to (migrations receive only the instance). */
export function dialectOf(db: Kysely<unknown>): Dialect {
  const adapter = db.getExecutor().adapter.constructor.name;
  return adapter.startsWith('Postgres') ? 'postgres' : 'sqlite';
}

/** Adds id, created and updated, the columns every record table starts with. */
export function withRecordColumns<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id' | 'created' | 'updated'> {
  const c = columns(dialect);
  return table
    .addColumn('id', 'text', c.id)
    .addColumn('created', 'text', c.date)
    .addColumn('updated', 'text', c.date);
}

/**
 * On PostgreSQL, gives a new record table the `_rowid` insertion-order column and its unique
 * index: SQLite lists rows in rowid order when no sort is given, and PostgreSQL needs `_rowid`
 * to do the same (and to serve `@rowid`). SQLite needs nothing. Call it in every migration that
 * creates a record table; the migrations before it spell the same statements out, and stay so
 * (they are append-only).
 */
export async function addRowId(db: Kysely<unknown>, table: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table ${sql.table(table)} add column "_rowid" bigint generated always as identity`.execute(
    db,
  );
  await db.schema.createIndex(`idx_${table}__rowid`).on(table).column('_rowid').unique().execute();
}

/**
 * A JSON column's value as read: SQLite returns the text, PostgreSQL (jsonb) the value. Text
 * that is not JSON reads as null.
 */
export function jsonColumn(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
