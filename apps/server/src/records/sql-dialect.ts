import { type Field, isMultiple } from '@airgrid/schema';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/column-types.js';

// What the record engine's SQL says differently on SQLite and PostgreSQL, in one object per
// database, chosen once where the engine is built. The filter compiler and the repository ask
// it for each piece instead of branching on the dialect's name.

/** The type the compiler gives an expression; PostgreSQL casts parameters to it. */
export type ValueType = 'text' | 'number' | 'bool' | 'json' | 'null' | 'any';

/** The type of a field's column. */
export function valueTypeOf(field: Field): ValueType {
  if (isMultiple(field) || field.type === 'json') return 'json';
  if (field.type === 'number') return 'number';
  if (field.type === 'bool') return 'bool';
  return 'text';
}

/** An expression with its type, and its value when it is a bound literal. */
export interface TypedExpression {
  expr: RawBuilder<unknown>;
  type: ValueType;
  literal?: { value: unknown } | undefined;
}

export interface SqlDialect {
  readonly name: Dialect;
  /** The hidden column that orders rows by insertion: SQLite's rowid, PostgreSQL's `_rowid`. */
  rowid(alias: string): RawBuilder<unknown>;
  /** A value already in its column's form (JSON as text), typed so PostgreSQL can plan it. */
  typed(value: unknown, type: ValueType): RawBuilder<unknown>;
  /** The SQL text {@link typed} puts before and after the value's placeholder. */
  typedText(type: ValueType): readonly [before: string, after: string];
  /** A bound filter value: PostgreSQL gets an explicit type so `$1 = $2` can be planned. */
  param(value: unknown, type: ValueType): RawBuilder<unknown>;
  /** An expression compared as text: SQLite compares across types itself; PostgreSQL casts. */
  asText(operand: TypedExpression): RawBuilder<unknown>;
  /** A boolean literal met by a text or JSON column: SQLite stores booleans as 1 and 0. */
  boolAsText(value: boolean): RawBuilder<unknown>;
  /** What NULL reads as when two columns of this type are compared. */
  zero(type: ValueType): RawBuilder<unknown>;
  /** `a` differs from `b`, NULL being a value like any other. */
  isDistinct(a: RawBuilder<unknown>, b: RawBuilder<unknown>): RawBuilder<SqlBool>;
  /** `subject` contains `pattern` (a LIKE pattern escaped with `\`), ignoring case. */
  like(
    subject: RawBuilder<unknown>,
    pattern: RawBuilder<unknown>,
    negate: boolean,
  ): RawBuilder<SqlBool>;
  /** A JSON value that counts as empty: `[]`, `null`, `""` (and SQLite's empty text). */
  jsonIsEmpty(expr: RawBuilder<unknown>): RawBuilder<SqlBool>;
  /** The length of a JSON array column. */
  jsonArrayLength(json: RawBuilder<unknown>): RawBuilder<unknown>;
  /** A table function over a JSON array's elements as text, each in a column `value`. */
  jsonEach(json: RawBuilder<unknown>): RawBuilder<unknown>;
  /** A left join that iterates a JSON array's elements, each as `{alias}.value`. */
  jsonEachJoin(json: RawBuilder<unknown>, alias: string): RawBuilder<unknown>;
  /** The value at `path` (checked word keys and indexes) inside a JSON column, as text. */
  jsonPath(column: RawBuilder<unknown>, path: readonly string[]): RawBuilder<unknown>;
  /** A JSON array column holds `value` as one of its elements. */
  jsonArrayHolds(column: RawBuilder<unknown>, value: string): RawBuilder<SqlBool>;
}

const PG_TYPES: Partial<Record<ValueType, string>> = {
  number: 'double precision',
  bool: 'boolean',
  json: 'jsonb',
};

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  rowid: (alias) => sql.ref(`${alias}.rowid`),
  typed: (value) => sql.val(value),
  typedText: () => ['', ''],
  param: (value) => sql.val(value),
  asText: (operand) => operand.expr,
  boolAsText: (value) => sql.val(value ? 1 : 0),
  zero: () => sql`''`,
  isDistinct: (a, b) => sql<SqlBool>`${a} is not ${b}`,
  like: (subject, pattern, negate) =>
    sql<SqlBool>`${subject} ${sql.raw(negate ? 'not like' : 'like')} ${pattern} escape '\\'`,
  jsonIsEmpty: (expr) => sql<SqlBool>`${expr} in ('[]', 'null', '""', '')`,
  jsonArrayLength: (json) => sql`json_array_length(${json})`,
  jsonEach: (json) => sql`json_each(${json})`,
  jsonEachJoin: (json, alias) => sql`left join json_each(${json}) as ${sql.id(alias)} on 1 = 1`,
  jsonPath(column, path) {
    const jsonPath = path.map((key) => (/^\d+$/.test(key) ? `[${key}]` : `.${key}`)).join('');
    return sql`json_extract(${column}, ${sql.val(`$${jsonPath}`)})`;
  },
  jsonArrayHolds: (column, value) =>
    sql<SqlBool>`exists (select 1 from json_each(${column}) where value = ${value})`,
};

export const postgresDialect: SqlDialect = {
  name: 'postgres',
  rowid: (alias) => sql.ref(`${alias}._rowid`),
  typed: (value, type) => sql`cast(${sql.val(value)} as ${sql.raw(PG_TYPES[type] ?? 'text')})`,
  typedText: (type) => ['cast(', ` as ${PG_TYPES[type] ?? 'text'})`],
  param(value, type) {
    const bound = type === 'json' ? JSON.stringify(value) : type === 'text' ? String(value) : value;
    return this.typed(bound, type);
  },
  asText(operand) {
    if (operand.type === 'text') return operand.expr;
    if (operand.literal)
      return this.param(
        operand.literal.value === null ? null : String(operand.literal.value),
        'text',
      );
    return sql`cast(${operand.expr} as text)`;
  },
  boolAsText(value) {
    return this.param(String(value), 'text');
  },
  zero(type) {
    if (type === 'number') return sql`0`;
    if (type === 'bool') return sql`false`;
    if (type === 'json') return sql`'null'::jsonb`;
    return sql`''`;
  },
  isDistinct: (a, b) => sql<SqlBool>`${a} is distinct from ${b}`,
  like: (subject, pattern, negate) =>
    sql<SqlBool>`${subject} ${sql.raw(negate ? 'not ilike' : 'ilike')} ${pattern} escape '\\'`,
  jsonIsEmpty: (expr) => sql<SqlBool>`${expr} in ('[]'::jsonb, 'null'::jsonb, '""'::jsonb)`,
  jsonArrayLength: (json) => sql`jsonb_array_length(${json})`,
  jsonEach: (json) => sql`jsonb_array_elements_text(${json})`,
  jsonEachJoin: (json, alias) =>
    sql`left join lateral jsonb_array_elements_text(${json}) as ${sql.id(alias)}(value) on true`,
  jsonPath: (column, path) => sql`(${column} #>> ${sql.val(`{${path.join(',')}}`)})`,
  jsonArrayHolds: (column, value) =>
    sql<SqlBool>`${column} @> ${sql.val(JSON.stringify([value]))}::jsonb`,
};

/** The dialect object for a database. */
export function sqlDialect(dialect: Dialect): SqlDialect {
  return dialect === 'postgres' ? postgresDialect : sqliteDialect;
}
