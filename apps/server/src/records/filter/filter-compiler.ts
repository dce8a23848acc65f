import {
  type CollectionDefinition,
  type Field,
  findField,
  isMultiple,
  type RelationField,
} from '@airgrid/schema';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { RequestContext } from '../../request-types.js';
import {
  type SqlDialect,
  type TypedExpression,
  type ValueType,
  valueTypeOf,
} from '../sql-dialect.js';
import {
  type Comparison,
  FilterSyntaxError,
  type Group,
  type Operand,
  type Operator,
} from './filter-ast.js';
import { datetimeMacro } from './filter-macros.js';

// Compiles a parsed filter (or API rule) into one parameterized SQL condition over the main
// table, aliased `m`. Values are always bound parameters; identifiers are checked against the
// collection's fields before they reach SQL. Relation paths become correlated subqueries rather
// than joins on the main query, so rows never multiply and no DISTINCT is needed:
//   - a path through single relations only is a scalar subquery;
//   - a path through a multiple relation, a back-relation, `@collection.*` or `:each` is a
//     "source" the comparison iterates: `?=` means some element matches (EXISTS), plain `=`
//     means some element matches and none fails (EXISTS … AND NOT EXISTS … NOT), as in
//     PocketBase, where an empty list yields one row of NULLs.

/** The main table's alias in every query the record engine builds. */
export const MAIN = 'm';

/** The most relations one path may pass through (PocketBase's maxNestedRels). */
const MAX_RELATION_DEPTH = 6;
const MAX_COMPARISONS = 200;

interface CollectionAccess {
  definition: CollectionDefinition;
  listRule: string | null;
}

/** Who is asking: defined in request-types.ts, which http/'s request helpers share. */
export type { RequestContext };

export interface CompileOptions {
  /** What the SQL says differently on this database (records/sql-dialect.ts). */
  dialect: SqlDialect;
  collection(name: string): CollectionAccess | undefined;
  request: RequestContext;
  /** Epoch ms, for the datetime macros. */
  now: number;
  /**
   * `client`: a filter or sort from the query string: hidden fields are off limits, and every
   * collection reached through a relation must be listable by the requester.
   * `rule`: an API rule, written by us, with full access.
   */
  mode: 'client' | 'rule';
  /** Parses a rule (for the listRule of a collection reached through a relation). */
  parse(text: string): Group;
}

/** An error in a filter's meaning (unknown field, bad modifier): a 400, like a syntax error. */
class FilterError extends FilterSyntaxError {
  override name = 'FilterError';
}

/** A FROM-clause chain a multi-valued operand iterates, correlated to the outer query. */
interface Source {
  joins: RawBuilder<unknown>[];
}

interface Compiled extends TypedExpression {
  /** Set for bound literals, so `=` can tell empty values and coerce types. */
  literal?: { value: unknown };
  /** Set when the operand iterates a source (multi-valued). */
  source?: Source;
  /** An auth collection's `email`: non-superusers compare it only where the owner made it visible. */
  emailVisibility?: RawBuilder<unknown>;
}

const SEED = sql`(select 1 as one) as seed`;

/** Compiles a parsed filter or rule into a SQL condition on the collection aliased `m`. */
export function compileFilter(
  group: Group,
  collection: CollectionDefinition,
  options: CompileOptions,
): RawBuilder<SqlBool> {
  return new Compiler(options).compileRoot(group, collection);
}

/** Compiles one sort field (`-title`, `author.name`, `@random`) into an ORDER BY term. */
export function compileSortTerm(
  term: string,
  collection: CollectionDefinition,
  options: CompileOptions,
): RawBuilder<unknown> {
  return new Compiler(options).compileSort(term, collection);
}

class Compiler {
  #aliases = 0;
  #comparisons = 0;
  #root!: CollectionDefinition;

  constructor(private readonly options: CompileOptions) {}

  compileRoot(group: Group, collection: CollectionDefinition): RawBuilder<SqlBool> {
    this.#root = collection;
    return this.group(group);
  }

  compileSort(term: string, collection: CollectionDefinition): RawBuilder<unknown> {
    this.#root = collection;
    const trimmed = term.trim();
    const descending = trimmed.startsWith('-');
    const name = trimmed.replace(/^[-+]/, '');
    const direction = sql.raw(descending ? 'desc' : 'asc');
    if (name === '@random') return sql`random()`;
    if (name === '@rowid') return sql`${this.options.dialect.rowid(MAIN)} ${direction}`;
    if (
      !/^[\w.:@]*\w$/.test(name) ||
      name.startsWith('@request') ||
      name.startsWith('@collection')
    ) {
      throw new FilterError('invalid sort field');
    }
    const operand = this.identifier(name);
    if (operand.source || operand.literal || operand.type === 'null')
      throw new FilterError('invalid sort field');
    return sql`${operand.expr} ${direction}`;
  }

  private group(group: Group): RawBuilder<SqlBool> {
    const parts: RawBuilder<unknown>[] = [];
    group.items.forEach((item, index) => {
      const expr =
        item.expr.kind === 'group' ? sql`(${this.group(item.expr)})` : this.comparison(item.expr);
      if (index > 0) parts.push(sql.raw(item.join === '&&' ? ' and ' : ' or '));
      parts.push(expr);
    });
    return sql<SqlBool>`(${sql.join(parts, sql``)})`;
  }

  private comparison(node: Comparison): RawBuilder<SqlBool> {
    if (++this.#comparisons > MAX_COMPARISONS) {
      throw new FilterError(`too many comparisons (max ${MAX_COMPARISONS})`);
    }
    const changed = this.changedSugar(node);
    if (changed) return changed;
    const left = this.operand(node.left);
    const right = this.operand(node.right);
    const any = node.operator.startsWith('?');
    const operator = (any ? node.operator.slice(1) : node.operator) as Operator;
    let condition = this.compare(left, operator, right);
    for (const side of [left, right]) {
      if (side.emailVisibility)
        condition = sql<SqlBool>`(${condition} and ${side.emailVisibility})`;
    }
    const joins = [...(left.source?.joins ?? []), ...(right.source?.joins ?? [])];
    if (joins.length === 0) return condition;
    const from = sql.join([SEED, ...joins], sql` `);
    const exists = sql<SqlBool>`exists (select 1 from ${from} where ${condition})`;
    if (any) return exists;
    return sql<SqlBool>`(${exists} and not exists (select 1 from ${from} where not (${condition})))`;
  }

  /** `@request.body.f:changed op value` is `(@request.body.f:isset = true && @request.body.f != f) op value`. */
  private changedSugar(node: Comparison): RawBuilder<SqlBool> | undefined {
    const target = [node.left, node.right].find(
      (operand) => operand.kind === 'identifier' && operand.name.endsWith(':changed'),
    );
    if (target?.kind !== 'identifier') return undefined;
    const path = target.name.slice(0, -':changed'.length);
    if (!path.startsWith('@request.body.') || path.slice('@request.body.'.length).includes('.')) {
      throw new FilterError(':changed is allowed only on @request.body.<field>');
    }
    const field = path.slice('@request.body.'.length);
    const isset = this.comparison({
      kind: 'comparison',
      left: { kind: 'identifier', name: `${path}:isset` },
      operator: '=',
      right: { kind: 'identifier', name: 'true' },
    });
    const differs = this.comparison({
      kind: 'comparison',
      left: { kind: 'identifier', name: path },
      operator: '!=',
      right: { kind: 'identifier', name: field },
    });
    const changed = sql<SqlBool>`(${isset} and ${differs})`;
    const other = target === node.left ? node.right : node.left;
    const otherValue = this.operand(other);
    const truthy = this.isTrue(otherValue);
    if (truthy === undefined) throw new FilterError(':changed compares with true or false');
    const wantsChange = (node.operator.replace('?', '') === '=') === truthy;
    return wantsChange ? changed : sql<SqlBool>`not ${changed}`;
  }

  private isTrue(operand: Compiled): boolean | undefined {
    const value = operand.literal?.value;
    return typeof value === 'boolean' ? value : undefined;
  }

  // ── operands ────────────────────────────────────────────────────────────────────────────

  private operand(operand: Operand): Compiled {
    switch (operand.kind) {
      case 'text':
        return this.literal(operand.value);
      case 'number':
        return this.literal(operand.value);
      case 'function':
        throw new FilterError(`unsupported function ${operand.name}()`);
      case 'identifier':
        return this.identifier(operand.name);
    }
  }

  private literal(value: unknown): Compiled {
    if (value === null || value === undefined)
      return { expr: sql`null`, type: 'null', literal: { value: null } };
    // An object or list from @request.body compares as its JSON text: drivers bind scalars only.
    if (typeof value === 'object') value = JSON.stringify(value);
    const type: ValueType =
      typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'bool' : 'text';
    return { expr: this.param(value, type), type, literal: { value } };
  }

  /** A bound value; PostgreSQL gets an explicit type so `$1 = $2` can be planned. */
  private param(value: unknown, type: ValueType): RawBuilder<unknown> {
    return this.options.dialect.param(value, type);
  }

  private identifier(name: string): Compiled {
    // `@collection.name:alias.field:modifier` is the one identifier with two colons.
    if (name.startsWith('@collection.')) return this.collectionJoin(name);
    const [path = '', modifier, extra] = name.split(':');
    if (extra !== undefined || path === '') throw new FilterError(`invalid identifier ${name}`);
    if (path.startsWith('@')) return this.special(path, modifier);
    const lowered = path.toLowerCase();
    if (!modifier && !path.includes('.') && !findField(this.#root, path)) {
      if (lowered === 'null') return this.literal(null);
      if (lowered === 'true') return this.literal(true);
      if (lowered === 'false') return this.literal(false);
    }
    return this.fieldPath(path.split('.'), modifier, { collection: this.#root, alias: MAIN }, []);
  }

  private special(path: string, modifier: string | undefined): Compiled {
    const macro = datetimeMacro(path, this.options.now);
    if (macro !== undefined) {
      if (modifier) throw new FilterError(`${path} takes no modifier`);
      return this.literal(macro);
    }
    const { request } = this.options;
    if (path === '@request.method')
      return this.withModifier(this.literal(request.method), modifier);
    if (path === '@request.context')
      return this.withModifier(this.literal(request.context), modifier);
    if (path.startsWith('@request.query.')) {
      return this.requestValue(request.query, path.slice('@request.query.'.length), modifier);
    }
    if (path.startsWith('@request.headers.')) {
      return this.requestValue(request.headers, path.slice('@request.headers.'.length), modifier);
    }
    if (path.startsWith('@request.auth.'))
      return this.authPath(path.slice('@request.auth.'.length).split('.'), modifier);
    if (path.startsWith('@request.body.'))
      return this.bodyPath(path.slice('@request.body.'.length).split('.'), modifier);
    if (path.startsWith('@request.')) return this.literal(null);
    throw new FilterError(`unknown identifier ${path}`);
  }

  private requestValue(
    values: Readonly<Record<string, string>>,
    key: string,
    modifier: string | undefined,
  ): Compiled {
    if (modifier === 'isset') return this.literal(Object.hasOwn(values, key));
    const value = Object.hasOwn(values, key) ? values[key] : null;
    return this.withModifier(this.literal(value ?? null), modifier);
  }

  private withModifier(operand: Compiled, modifier: string | undefined): Compiled {
    if (!modifier) return operand;
    if (modifier === 'lower') {
      if (operand.literal) {
        const value = operand.literal.value;
        return this.literal(typeof value === 'string' ? value.toLowerCase() : value);
      }
      return {
        ...operand,
        expr: sql`lower(${this.asText(operand)})`,
        type: 'text',
        literal: undefined,
      };
    }
    throw new FilterError(`the :${modifier} modifier is not allowed here`);
  }

  /** `@request.auth.<field>[.<relation path>]`: NULL for guests, the record's values otherwise. */
  private authPath(segments: string[], modifier: string | undefined): Compiled {
    const auth = this.options.request.auth;
    if (!auth) return modifier === 'isset' ? this.literal(false) : this.literal(null);
    return this.valuePath(auth.collection, auth.record, segments, modifier, false);
  }

  /** `@request.body.<field>[.<relation path>]`, typed by the collection's field of that name. */
  private bodyPath(segments: string[], modifier: string | undefined): Compiled {
    const body = this.options.request.body;
    const [first] = segments;
    if (first === undefined) throw new FilterError('invalid @request.body path');
    if (modifier === 'isset') {
      if (segments.length > 1) throw new FilterError(':isset applies to a body key');
      return this.literal(Object.hasOwn(body, first));
    }
    return this.valuePath(this.#root, body, segments, modifier, true);
  }

  /**
   * A path that starts at known values (the auth record or the submitted body) instead of a
   * table row: the first field is a bound value, later segments traverse relations from it.
   */
  private valuePath(
    collection: CollectionDefinition,
    values: Readonly<Record<string, unknown>>,
    segments: string[],
    modifier: string | undefined,
    fromBody: boolean,
  ): Compiled {
    const [first, ...rest] = segments;
    if (first === undefined) throw new FilterError('invalid path');
    if (
      !fromBody &&
      rest.length === 0 &&
      (first === 'collectionId' || first === 'collectionName')
    ) {
      return this.withModifier(
        this.literal(first === 'collectionId' ? collection.id : collection.name),
        modifier,
      );
    }
    const field = findField(collection, first);
    const raw = Object.hasOwn(values, first) ? values[first] : undefined;
    if (!field) {
      // Unknown keys under @request.* are NULL, as in PocketBase.
      if (rest.length || modifier === 'each' || modifier === 'length') return this.literal(null);
      return this.withModifier(this.literal(raw ?? null), modifier);
    }
    const value = coerceToField(field, raw, fromBody);
    if (rest.length === 0) {
      if (modifier === 'length') {
        return this.literal(
          Array.isArray(value) ? value.length : value === null || value === '' ? 0 : 1,
        );
      }
      if (modifier === 'each') {
        if (!isMultiple(field)) throw new FilterError(`:each needs a multiple field, not ${first}`);
        const alias = this.alias();
        const joins = [this.eachJoin(this.param(Array.isArray(value) ? value : [], 'json'), alias)];
        return { expr: sql.ref(`${alias}.value`), type: 'text', source: { joins } };
      }
      if (Array.isArray(value))
        return this.withModifier(this.literal(JSON.stringify(value)), modifier);
      return this.withModifier(this.literal(value), modifier);
    }
    if (field.type !== 'relation') throw new FilterError(`${first} is not a relation`);
    const target = this.target(field);
    const alias = this.alias();
    const joins: RawBuilder<unknown>[] = [];
    if (isMultiple(field)) {
      const each = this.alias();
      joins.push(this.eachJoin(this.param(Array.isArray(value) ? value : [], 'json'), each));
      joins.push(this.relationJoin(target, alias, sql.ref(`${each}.value`)));
    } else {
      joins.push(this.relationJoin(target, alias, this.param(value ?? '', 'text')));
    }
    return this.fieldPath(rest, modifier, { collection: target, alias }, joins, isMultiple(field));
  }

  /** `@collection.<name>[:alias].<path>`: every row of another collection, iterated. */
  private collectionJoin(name: string): Compiled {
    const match = /^@collection\.(\w+)(?::\w+)?\.([\w.]+?)(?::(\w+))?$/.exec(name);
    if (!match) throw new FilterError(`invalid identifier ${name}`);
    const [, collectionName = '', path = '', modifier] = match;
    const target = this.options.collection(collectionName);
    if (!target) throw new FilterError(`unknown collection ${collectionName}`);
    const alias = this.alias();
    const join = sql`left join ${sql.table(collectionName)} as ${sql.id(alias)} on ${this.accessCondition(target, alias)}`;
    return this.fieldPath(
      path.split('.'),
      modifier,
      { collection: target.definition, alias },
      [join],
      true,
    );
  }

  /**
   * Walks `field.relation.field…` from a row aliased `at.alias`. Single relations stay scalar
   * (a subquery yielding one value); a multiple relation or a back-relation makes the operand
   * multi-valued.
   */
  private fieldPath(
    segments: string[],
    modifier: string | undefined,
    at: { collection: CollectionDefinition; alias: string },
    joins: RawBuilder<unknown>[],
    multi = false,
    depth = 0,
  ): Compiled {
    const [name, ...rest] = segments;
    if (name === undefined || name === '') throw new FilterError('invalid field path');
    if (depth > MAX_RELATION_DEPTH) throw new FilterError('too many nested relations');
    const field = findField(at.collection, name);

    if (!field) {
      const back = /^(\w+)_via_(\w+)$/.exec(name);
      if (back && rest.length > 0)
        return this.backRelation(back[1] ?? '', back[2] ?? '', rest, modifier, at, joins, depth);
      throw new FilterError(`unknown field ${name}`);
    }
    if (this.options.mode === 'client' && !this.options.request.isSuperuser) {
      if (field.hidden) throw new FilterError(`unknown field ${name}`);
      // An auth record's email shows only where emailVisibility allows; filtering or sorting by
      // it would reveal the hidden ones a character at a time.
      if (at.collection.type === 'auth' && field.name === 'email')
        throw new FilterError('only superusers can filter or sort by email');
    }
    const column = sql.ref(`${at.alias}.${field.name}`);

    if (rest.length > 0) {
      if (field.type === 'json') {
        if (modifier)
          throw new FilterError(`the :${modifier} modifier is not allowed on a JSON path`);
        return this.finish({ expr: this.jsonPath(column, rest), type: 'any' }, joins, multi);
      }
      if (field.type !== 'relation') throw new FilterError(`${name} is not a relation`);
      const target = this.target(field);
      const alias = this.alias();
      if (isMultiple(field)) {
        const each = this.alias();
        joins.push(this.eachJoin(column, each));
        joins.push(this.relationJoin(target, alias, sql.ref(`${each}.value`)));
      } else {
        joins.push(this.relationJoin(target, alias, column));
      }
      return this.fieldPath(
        rest,
        modifier,
        { collection: target, alias },
        joins,
        multi || isMultiple(field),
        depth + 1,
      );
    }

    let operand: Compiled = { expr: column, type: valueTypeOf(field) };
    if (
      field.type === 'email' &&
      at.collection.type === 'auth' &&
      this.options.mode === 'client' &&
      !this.options.request.isSuperuser
    ) {
      operand.emailVisibility = sql`${sql.ref(`${at.alias}.emailVisibility`)} = ${this.param(true, 'bool')}`;
    }
    if (modifier === 'length') {
      if (!isMultiple(field)) throw new FilterError(`:length needs a multiple field, not ${name}`);
      operand = { expr: this.options.dialect.jsonArrayLength(column), type: 'number' };
    } else if (modifier === 'each') {
      if (!isMultiple(field)) throw new FilterError(`:each needs a multiple field, not ${name}`);
      const each = this.alias();
      joins.push(this.eachJoin(column, each));
      operand = { expr: sql.ref(`${each}.value`), type: 'text' };
      multi = true;
    } else if (modifier === 'lower') {
      operand = { expr: sql`lower(${this.asText(operand)})`, type: 'text' };
    } else if (modifier) {
      throw new FilterError(`the :${modifier} modifier is not allowed on ${name}`);
    }
    return this.finish(operand, joins, multi);
  }

  private backRelation(
    collectionName: string,
    fieldName: string,
    rest: string[],
    modifier: string | undefined,
    at: { collection: CollectionDefinition; alias: string },
    joins: RawBuilder<unknown>[],
    depth: number,
  ): Compiled {
    const target = this.options.collection(collectionName);
    const field = target && findField(target.definition, fieldName);
    if (!target || !field || field.type !== 'relation' || field.collection !== at.collection.name) {
      throw new FilterError(`unknown back-relation ${collectionName}_via_${fieldName}`);
    }
    const alias = this.alias();
    const id = sql.ref(`${at.alias}.id`);
    const links = isMultiple(field)
      ? sql`exists (select 1 from ${this.options.dialect.jsonEach(sql.ref(`${alias}.${fieldName}`))} as back where back.value = ${id})`
      : sql`${sql.ref(`${alias}.${fieldName}`)} = ${id}`;
    joins.push(
      sql`left join ${sql.table(collectionName)} as ${sql.id(alias)} on ${links} and ${this.accessCondition(target, alias)}`,
    );
    return this.fieldPath(
      rest,
      modifier,
      { collection: target.definition, alias },
      joins,
      true,
      depth + 1,
    );
  }

  /** Turns a path's joins into a scalar subquery (single relations) or a source (multiple). */
  private finish(operand: Compiled, joins: RawBuilder<unknown>[], multi: boolean): Compiled {
    if (joins.length === 0) return operand;
    if (multi) return { ...operand, source: { joins } };
    const from = sql.join([SEED, ...joins], sql` `);
    const scalar = sql`(select ${operand.expr} from ${from} limit 1)`;
    const visibility = operand.emailVisibility
      ? sql`(select ${operand.emailVisibility} from ${from} limit 1)`
      : undefined;
    return {
      expr: scalar,
      type: operand.type,
      ...(visibility ? { emailVisibility: visibility } : {}),
    };
  }

  private target(field: RelationField): CollectionDefinition {
    const target = this.options.collection(field.collection);
    if (!target) throw new FilterError(`unknown collection ${field.collection}`);
    return target.definition;
  }

  private relationJoin(
    target: CollectionDefinition,
    alias: string,
    id: RawBuilder<unknown>,
  ): RawBuilder<unknown> {
    const access = this.options.collection(target.name);
    if (!access) throw new FilterError(`unknown collection ${target.name}`);
    return sql`left join ${sql.table(target.name)} as ${sql.id(alias)} on ${sql.ref(`${alias}.id`)} = ${id} and ${this.accessCondition(access, alias)}`;
  }

  /**
   * In a client filter, a collection reached through a relation must be listable by the
   * requester, and only rows its listRule lets them see take part (PocketBase v0.31+).
   */
  private accessCondition(target: CollectionAccess, alias: string): RawBuilder<unknown> {
    if (this.options.mode === 'rule' || this.options.request.isSuperuser) return sql`1 = 1`;
    if (target.listRule === null) {
      throw new FilterError(
        `"${target.definition.name}" fields can be accessed only by superusers`,
      );
    }
    if (target.listRule.trim() === '') return sql`1 = 1`;
    const rule = new Compiler({ ...this.options, mode: 'rule' });
    rule.#aliases = this.#aliases + 100;
    const condition = rule.compileRoot(this.options.parse(target.listRule), target.definition);
    this.#aliases = rule.#aliases;
    // The rule was compiled against `m`; point it at this join's alias instead.
    return sql`exists (select 1 from ${sql.table(target.definition.name)} as ${sql.id(MAIN)} where ${sql.ref(`${MAIN}.id`)} = ${sql.ref(`${alias}.id`)} and ${condition})`;
  }

  private eachJoin(json: RawBuilder<unknown>, alias: string): RawBuilder<unknown> {
    return this.options.dialect.jsonEachJoin(json, alias);
  }

  private jsonPath(column: RawBuilder<unknown>, path: string[]): RawBuilder<unknown> {
    for (const key of path) {
      if (!/^\w+$/.test(key)) throw new FilterError(`invalid JSON path segment ${key}`);
    }
    return this.options.dialect.jsonPath(column, path);
  }

  private alias(): string {
    this.#aliases += 1;
    return `j${this.#aliases}`;
  }

  // ── comparisons ─────────────────────────────────────────────────────────────────────────

  private compare(left: Compiled, operator: Operator, right: Compiled): RawBuilder<SqlBool> {
    switch (operator) {
      case '=':
        return this.equality(left, right, false);
      case '!=':
        return this.equality(left, right, true);
      case '~':
        return this.like(left, right, false);
      case '!~':
        return this.like(left, right, true);
      default: {
        const [a, b] = this.align(left, right);
        return sql<SqlBool>`${a} ${sql.raw(operator)} ${b}`;
      }
    }
  }

  /**
   * PocketBase's null-safe equality: a non-empty literal compares directly; an empty literal
   * ('' or null) matches empty or NULL values; two columns compare with NULL as ''.
   */
  private equality(left: Compiled, right: Compiled, negate: boolean): RawBuilder<SqlBool> {
    const leftEmpty = isEmptyLiteral(left);
    const rightEmpty = isEmptyLiteral(right);
    if (leftEmpty && rightEmpty) return negate ? sql<SqlBool>`1 = 0` : sql<SqlBool>`1 = 1`;
    if (leftEmpty || rightEmpty) return this.emptyCheck(leftEmpty ? right : left, negate);
    const [a, b] = this.align(left, right);
    if (left.literal || right.literal) {
      return negate ? this.options.dialect.isDistinct(a, b) : sql<SqlBool>`${a} = ${b}`;
    }
    const zero = this.options.dialect.zero(left.type === right.type ? left.type : 'text');
    const ca = sql`coalesce(${a}, ${zero})`;
    const cb = sql`coalesce(${b}, ${zero})`;
    return negate ? sql<SqlBool>`${ca} <> ${cb}` : sql<SqlBool>`${ca} = ${cb}`;
  }

  /** `x = ''` / `x = null`: empty text or NULL; numbers and bools are never empty (as on SQLite). */
  private emptyCheck(operand: Compiled, negate: boolean): RawBuilder<SqlBool> {
    const { expr, type } = operand;
    if (type === 'number' || type === 'bool') {
      return negate ? sql<SqlBool>`${expr} is not null` : sql<SqlBool>`${expr} is null`;
    }
    if (type === 'json') {
      const empty = this.options.dialect.jsonIsEmpty(expr);
      return negate
        ? sql<SqlBool>`(${expr} is not null and not (${empty}))`
        : sql<SqlBool>`(${expr} is null or ${empty})`;
    }
    const text = this.asText(operand);
    return negate
      ? sql<SqlBool>`(${text} <> '' and ${text} is not null)`
      : sql<SqlBool>`(${text} = '' or ${text} is null)`;
  }

  private like(left: Compiled, right: Compiled, negate: boolean): RawBuilder<SqlBool> {
    let pattern: RawBuilder<unknown>;
    if (right.literal) {
      const raw = right.literal.value === null ? '' : String(right.literal.value);
      pattern = this.param(hasUnescapedPercent(raw) ? raw : `%${escapeLike(raw)}%`, 'text');
    } else {
      pattern = sql`('%' || ${this.asText(right)} || '%')`;
    }
    return this.options.dialect.like(this.asText(left), pattern, negate);
  }

  /** Brings both sides to one type: a literal takes the column's type; mixed columns compare as text. */
  private align(left: Compiled, right: Compiled): [RawBuilder<unknown>, RawBuilder<unknown>] {
    if (left.literal && !right.literal) return [this.coerceLiteral(left, right.type), right.expr];
    if (right.literal && !left.literal) return [left.expr, this.coerceLiteral(right, left.type)];
    if (left.type === right.type) return [left.expr, right.expr];
    // Mixed types compare as text (SQLite compares across types itself: no casts there).
    return [this.asText(left), this.asText(right)];
  }

  private coerceLiteral(literal: Compiled, type: ValueType): RawBuilder<unknown> {
    const value = literal.literal?.value;
    if (value === null || value === undefined) return sql`null`;
    if (type === 'number') {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'boolean'
            ? Number(value)
            : Number(value);
      if (typeof value === 'string' && (value.trim() === '' || Number.isNaN(number)))
        return this.param(String(value), 'text');
      return this.param(number, 'number');
    }
    if (type === 'bool') {
      const bool = toBool(value);
      return bool === undefined ? this.param(String(value), 'text') : this.param(bool, 'bool');
    }
    if (type === 'text' || type === 'json' || type === 'any') {
      if (typeof value === 'boolean') return this.options.dialect.boolAsText(value);
      return this.param(typeof value === 'string' ? value : String(value), 'text');
    }
    return literal.expr;
  }

  private asText(operand: Compiled): RawBuilder<unknown> {
    return this.options.dialect.asText(operand);
  }
}

function isEmptyLiteral(operand: Compiled): boolean {
  if (!operand.literal) return false;
  const value = operand.literal.value;
  return value === null || value === '';
}

function toBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/** Converts a submitted or stored value to what the field holds (multipart sends text). */
function coerceToField(field: Field, value: unknown, fromBody: boolean): unknown {
  if (value === undefined) return null;
  if (!fromBody) {
    if (field.type === 'bool') return value === 1 || value === true;
    return value;
  }
  if (field.type === 'number' && typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isNaN(number) ? value : number;
  }
  if (field.type === 'bool') return toBool(value) ?? value;
  return value;
}

function hasUnescapedPercent(value: string): boolean {
  return /(^|[^\\])%/.test(value);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
