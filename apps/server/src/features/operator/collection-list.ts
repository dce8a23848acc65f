import { ApiError } from '../../errors/api-error.js';
import {
  type Comparison,
  FilterSyntaxError,
  type Group,
  type Operand,
} from '../../records/filter/filter-ast.js';
import { parseFilter } from '../../records/filter/filter-parser.js';
import {
  type ListQuery,
  type ListResult,
  pageNumber,
  pageSize,
  skipsTotal,
} from '../../records/list-query.js';
import type { CollectionSchema } from './collection-schema.js';

// GET /api/collections' page: `filter` and `sort` over the fields PocketBase lets them name
// (apis/collection.go: id, created, updated, name, system, type), read by the record API's
// filter parser and run over the few collections in memory; `page`, `perPage` and `skipTotal`
// as the record API reads them.

/** The collection keys a filter or sort may name, as in PocketBase. */
const SEARCHABLE = ['id', 'created', 'updated', 'name', 'system', 'type'] as const;
type Searchable = (typeof SEARCHABLE)[number];

/** The longest filter the record API takes (API-CONTRACT §2.1). */
const MAX_FILTER_LENGTH = 3500;
/** The most sort fields, as for records. */
const MAX_SORT_FIELDS = 8;

type Value = string | number | null;

class Unsupported extends Error {}

function isSearchable(name: string): name is Searchable {
  return (SEARCHABLE as readonly string[]).includes(name);
}

/** A collection's value for a key: booleans as 1 and 0, as SQLite stores them. */
function keyValue(collection: CollectionSchema, key: Searchable): Value {
  const value = collection[key];
  return typeof value === 'boolean' ? (value ? 1 : 0) : String(value);
}

function operandValue(operand: Operand, collection: CollectionSchema): Value {
  switch (operand.kind) {
    case 'text':
      return operand.value;
    case 'number':
      return operand.value;
    case 'identifier':
      if (operand.name === 'true') return 1;
      if (operand.name === 'false') return 0;
      if (operand.name === 'null') return null;
      if (isSearchable(operand.name)) return keyValue(collection, operand.name);
      throw new Unsupported(
        `unknown field "${operand.name}" (collections filter by ${SEARCHABLE.join(', ')})`,
      );
    case 'function':
      throw new Unsupported(`functions such as ${operand.name}() are not supported here`);
  }
}

/**
 * `~`'s pattern, case-insensitive: the text anywhere in the value; a text with its own `%`
 * wildcards (and `_` for one character) is the whole pattern, as in the record API.
 */
function likePattern(text: string): RegExp {
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = text.includes('%')
    ? text
        .split('%')
        .map((part) => literal(part).replace(/_/g, '.'))
        .join('.*')
    : `.*${literal(text)}.*`;
  return new RegExp(`^${source}$`, 'is');
}

function compare(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a ?? '');
  const y = String(b ?? '');
  return x < y ? -1 : x > y ? 1 : 0;
}

function holds(comparison: Comparison, collection: CollectionSchema): boolean {
  if (comparison.operator.startsWith('?'))
    throw new Unsupported('the "any of" operators (?=, ?~, ...) are not supported here');
  const left = operandValue(comparison.left, collection);
  const right = operandValue(comparison.right, collection);
  switch (comparison.operator) {
    case '=':
      return compare(left ?? '', right ?? '') === 0;
    case '!=':
      return compare(left ?? '', right ?? '') !== 0;
    case '>':
      return compare(left, right) > 0;
    case '>=':
      return compare(left, right) >= 0;
    case '<':
      return compare(left, right) < 0;
    case '<=':
      return compare(left, right) <= 0;
    case '~':
      return likePattern(String(right ?? '')).test(String(left ?? ''));
    case '!~':
      return !likePattern(String(right ?? '')).test(String(left ?? ''));
    default:
      throw new Unsupported(`the operator ${comparison.operator} is not supported here`);
  }
}

/** Whether the collection matches the group: `&&` binds tighter than `||`, as in SQL. */
function matches(group: Group, collection: CollectionSchema): boolean {
  let any = false;
  let all = true;
  group.items.forEach((item, index) => {
    if (index > 0 && item.join === '||') {
      any ||= all;
      all = true;
    }
    const holdsHere =
      item.expr.kind === 'group' ? matches(item.expr, collection) : holds(item.expr, collection);
    all &&= holdsHere;
  });
  return any || all;
}

/**
 * Runs every comparison once before any collection is looked at, so an unknown field or an
 * unsupported operator is a 400 even when no collection would reach it.
 */
function checkFilter(group: Group, sample: CollectionSchema): void {
  for (const item of group.items) {
    if (item.expr.kind === 'group') checkFilter(item.expr, sample);
    else holds(item.expr, sample);
  }
}

interface SortTerm {
  key: Searchable;
  descending: boolean;
}

function sortTerms(text: string | undefined): SortTerm[] {
  const terms = (text ?? '')
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean);
  if (terms.length > MAX_SORT_FIELDS)
    throw new ApiError(400, `Too many sort fields (max ${MAX_SORT_FIELDS}).`);
  return terms.map((term) => {
    const descending = term.startsWith('-');
    const key = term.replace(/^[-+]/, '');
    if (!isSearchable(key))
      throw new ApiError(
        400,
        `Invalid sort: collections sort by ${SEARCHABLE.join(', ')} (with - for descending).`,
      );
    return { key, descending };
  });
}

function filtered(collections: readonly CollectionSchema[], text: string | undefined) {
  if (!text?.trim()) return collections;
  if (text.length > MAX_FILTER_LENGTH) throw new ApiError(400, 'Max filter length limit reached.');
  try {
    const group = parseFilter(text);
    const [sample] = collections;
    if (sample) checkFilter(group, sample);
    return collections.filter((collection) => matches(group, collection));
  } catch (error) {
    if (error instanceof FilterSyntaxError || error instanceof Unsupported)
      throw new ApiError(400, `Invalid filter: ${error.message}`);
    throw error;
  }
}

/**
 * One page of the collections, in packages/schema's order unless `sort` says otherwise (ties
 * keep that order).
 */
export function listCollections(
  collections: readonly CollectionSchema[],
  query: ListQuery,
): ListResult {
  const page = pageNumber(query);
  const perPage = pageSize(query);
  const terms = sortTerms(query.sort);
  const matching = [...filtered(collections, query.filter)];
  if (terms.length > 0) {
    matching.sort((a, b) => {
      for (const { key, descending } of terms) {
        const order = compare(keyValue(a, key), keyValue(b, key));
        if (order !== 0) return descending ? -order : order;
      }
      return 0;
    });
  }
  const items = matching.slice((page - 1) * perPage, page * perPage);
  const skipTotal = skipsTotal(query);
  return {
    page,
    perPage,
    totalItems: skipTotal ? -1 : matching.length,
    totalPages: skipTotal ? -1 : Math.ceil(matching.length / perPage),
    items,
  };
}
