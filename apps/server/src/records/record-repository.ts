import { allFields, type CollectionDefinition } from '@airgrid/schema';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/tables.js';
import { MAIN } from './filter/filter-compiler.js';
import { type SqlDialect, valueTypeOf } from './sql-dialect.js';

// The record engine's SQL. Table and column names come from collection definitions (never from
// requests); every value is a bound parameter.

type Db = Kysely<Database>;
type Row = Record<string, unknown>;

export interface PageQuery {
  where: RawBuilder<SqlBool>;
  orderBy: RawBuilder<unknown>[];
  limit: number;
  offset: number;
}

const table = (collection: CollectionDefinition) =>
  sql`${sql.table(collection.name)} as ${sql.id(MAIN)}`;

/** Insertion order: SQLite's rowid, PostgreSQL's identity column (see the second migration). */
export function insertionOrder(dialect: SqlDialect): RawBuilder<unknown> {
  return dialect.rowid(MAIN);
}

/** Selects only the collection's own columns, so PostgreSQL's `_rowid` never leaks. */
function columns(collection: CollectionDefinition): RawBuilder<unknown> {
  return sql.join(allFields(collection).map((field) => sql.ref(`${MAIN}.${field.name}`)));
}

export async function findPage(
  db: Db,
  collection: CollectionDefinition,
  query: PageQuery,
): Promise<Row[]> {
  const order = query.orderBy.length ? sql`order by ${sql.join(query.orderBy)}` : sql``;
  const { rows } = await sql<Row>`
    select ${columns(collection)} from ${table(collection)}
    where ${query.where} ${order}
    limit ${sql.lit(query.limit)} offset ${sql.lit(query.offset)}`.execute(db);
  return rows;
}

export async function countRows(
  db: Db,
  collection: CollectionDefinition,
  where: RawBuilder<SqlBool>,
): Promise<number> {
  const { rows } = await sql<{ total: number | string }>`
    select count(*) as total from ${table(collection)} where ${where}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

export async function findById(
  db: Db,
  collection: CollectionDefinition,
  id: string,
  where: RawBuilder<SqlBool> = sql<SqlBool>`1 = 1`,
): Promise<Row | undefined> {
  const { rows } = await sql<Row>`
    select ${columns(collection)} from ${table(collection)}
    where ${sql.ref(`${MAIN}.id`)} = ${id} and ${where} limit 1`.execute(db);
  return rows[0];
}

export async function findByIds(
  db: Db,
  collection: CollectionDefinition,
  ids: readonly string[],
  where: RawBuilder<SqlBool>,
) {
  if (ids.length === 0) return [];
  const { rows } = await sql<Row>`
    select ${columns(collection)} from ${table(collection)}
    where ${sql.ref(`${MAIN}.id`)} in (${sql.join(ids.map((id) => sql.val(id)))}) and ${where}`.execute(
    db,
  );
  return rows;
}

/**
 * Ids among `ids` that exist in the collection and, given a scope, whose `column` holds that
 * organization (records of other organizations read as missing).
 */
export async function existingIds(
  db: Db,
  collection: CollectionDefinition,
  ids: readonly string[],
  scope?: { column: string; organization: string },
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const inScope = scope ? sql`and ${sql.ref(scope.column)} = ${scope.organization}` : sql``;
  const { rows } = await sql<{ id: string }>`
    select id from ${sql.table(collection.name)}
    where id in (${sql.join(ids.map((id) => sql.val(id)))}) ${inScope}`.execute(db);
  return new Set(rows.map((row) => row.id));
}

/**
 * The condition {@link existingIds} checks, as SQL: every one of `ids` exists in the collection
 * (in the scope's organization, given one). Ids are primary keys, so counting matches is enough.
 */
export function allExist(
  collection: CollectionDefinition,
  ids: readonly string[],
  scope?: { column: string; organization: string },
): RawBuilder<SqlBool> {
  const distinct = [...new Set(ids)];
  const inScope = scope ? sql`and ${sql.ref(scope.column)} = ${scope.organization}` : sql``;
  return sql<SqlBool>`(select count(*) from ${sql.table(collection.name)}
    where id in (${sql.join(distinct.map((id) => sql.val(id)))}) ${inScope}) = ${sql.lit(distinct.length)}`;
}

/** A column or table name quoted as Kysely's `sql.id` quotes it on both databases. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The text around a collection's values in {@link valuesTable}, by dialect and collection.
 * It is the same for every create, so it is written once and a create binds only its values:
 * building it per create cost some five query nodes per column, each built, frozen and
 * compiled again (docs/decisions/0021-postgres-writes.md, addendum).
 */
const valuesTableTexts = new Map<string, TemplateStringsArray>();

function valuesTableText(dialect: SqlDialect, collection: CollectionDefinition) {
  const key = `${dialect.name}\0${collection.name}`;
  let text = valuesTableTexts.get(key);
  if (!text) {
    const fragments = [`${quoted(MAIN)} as (select `];
    allFields(collection).forEach((field, index) => {
      const [before, after] = dialect.typedText(valueTypeOf(field));
      fragments[fragments.length - 1] += `${index ? ', ' : ''}${before}`;
      fragments.push(`${after} as ${quoted(field.name)}`);
    });
    fragments[fragments.length - 1] += ')';
    // The shape of a template literal's strings, which `sql` reads as one.
    text = Object.assign(fragments, { raw: [...fragments] }) as TemplateStringsArray;
    valuesTableTexts.set(key, text);
  }
  return text;
}

/** The record's values as a one-row table aliased `m`, typed like its columns. */
function valuesTable(
  dialect: SqlDialect,
  collection: CollectionDefinition,
  row: Readonly<Row>,
): RawBuilder<unknown> {
  const values = allFields(collection).map((field) => row[field.name] ?? null);
  return sql(valuesTableText(dialect, collection), ...values);
}

/**
 * Evaluates a rule against values that are not stored yet (a create): the values become a
 * one-row table aliased `m`, so the rule sees the new record as PocketBase's createRule does.
 */
export async function valuesSatisfy(
  db: Db,
  dialect: SqlDialect,
  collection: CollectionDefinition,
  row: Readonly<Row>,
  condition: RawBuilder<SqlBool>,
): Promise<boolean> {
  const { rows } = await sql`
    with ${valuesTable(dialect, collection, row)}
    select 1 as ok from ${sql.id(MAIN)} where ${condition}`.execute(db);
  return rows.length > 0;
}

/**
 * Inserts the row only when `condition` holds for it, in one statement: the values become the
 * one-row table `m` (as in {@link valuesSatisfy}) and the insert selects from it. One statement
 * is atomic without a transaction, so a create costs one round trip. True when it inserted.
 */
export async function insertIfSatisfied(
  db: Db,
  dialect: SqlDialect,
  collection: CollectionDefinition,
  row: Readonly<Row>,
  condition: RawBuilder<SqlBool>,
): Promise<boolean> {
  const names = allFields(collection).map((field) => sql.id(field.name));
  const result = await sql`
    with ${valuesTable(dialect, collection, row)}
    insert into ${sql.table(collection.name)} (${sql.join(names)})
    select ${sql.join(names)} from ${sql.id(MAIN)} where ${condition}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function insertRow(
  db: Db,
  collection: CollectionDefinition,
  row: Readonly<Row>,
): Promise<void> {
  const names = Object.keys(row);
  await sql`
    insert into ${sql.table(collection.name)} (${sql.join(names.map((name) => sql.id(name)))})
    values (${sql.join(names.map((name) => sql.val(row[name])))})`.execute(db);
}

export async function updateRow(
  db: Db,
  collection: CollectionDefinition,
  id: string,
  row: Readonly<Row>,
): Promise<void> {
  const names = Object.keys(row);
  if (names.length === 0) return;
  await sql`
    update ${sql.table(collection.name)}
    set ${sql.join(names.map((name) => sql`${sql.id(name)} = ${sql.val(row[name])}`))}
    where id = ${id}`.execute(db);
}

export async function deleteRow(
  db: Db,
  collection: CollectionDefinition,
  id: string,
): Promise<void> {
  await sql`delete from ${sql.table(collection.name)} where id = ${id}`.execute(db);
}

/**
 * Ids of records whose relation field points at `id` (a single id or one of a list), the oldest
 * `limit` of them when a limit is given.
 */
export async function referencingIds(
  db: Db,
  dialect: SqlDialect,
  collection: CollectionDefinition,
  fieldName: string,
  multiple: boolean,
  id: string,
  limit?: number,
): Promise<string[]> {
  const column = sql.ref(fieldName);
  const condition = multiple ? dialect.jsonArrayHolds(column, id) : sql`${column} = ${id}`;
  const { rows } = await sql<{
    id: string;
  }>`select id from ${sql.table(collection.name)} where ${condition}
    ${limit === undefined ? sql`` : sql`order by created limit ${sql.lit(limit)}`}`.execute(db);
  return rows.map((row) => row.id);
}
