import { type CollectionDefinition, defineCollection, json, number, text } from '@airgrid/schema';
import { ApiError } from '../../errors/api-error.js';
import {
  FilterSyntaxError,
  type Group,
  type GroupItem,
  type Operand,
} from '../../records/filter/filter-ast.js';
import { parseFilter } from '../../records/filter/filter-parser.js';

// /api/logs' filter and sort: the record API's filter language (records/filter/) over a log's
// keys, as PocketBase allows them: id, created, level, message, data and data.<key>. The keys
// the request log writes are typed (so `data.status >= 400` compares numbers on both
// databases), each read as a column of logs-repository.ts's view of `_logs`: `data.status`
// is the view's `data_status`. Any other `data.<key>` is a JSON path, as for a record's JSON
// field. What the log does not have (`updated`, `@request.*`, `@collection.*`) is a 400.

/** The keys of a request's `data`, with the type each is compared as. */
export const LOG_DATA_KEYS = {
  type: 'text',
  method: 'text',
  url: 'text',
  status: 'number',
  execTime: 'number',
  auth: 'text',
  authId: 'text',
  userIP: 'text',
  remoteIP: 'text',
  error: 'text',
} as const;
export type LogDataKey = keyof typeof LOG_DATA_KEYS;

/** The view column a typed `data.<key>` is read from. */
export function dataColumn(key: LogDataKey): string {
  return `data_${key}`;
}

/**
 * The log as the filter compiler sees it: a collection no list holds (so no records route,
 * rule or realtime event knows it), its typed data keys as fields of their own.
 */
export const LOG_VIEW: CollectionDefinition = defineCollection({
  id: '_logs',
  name: '_logs',
  type: 'base',
  fields: [
    number('level'),
    text('message'),
    json('data'),
    ...Object.entries(LOG_DATA_KEYS).map(([key, type]) =>
      type === 'number'
        ? number(dataColumn(key as LogDataKey))
        : text(dataColumn(key as LogDataKey)),
    ),
  ],
});

/** The longest filter the record API takes (API-CONTRACT §2.1). */
const MAX_FILTER_LENGTH = 3500;
const MAX_SORT_FIELDS = 8;

const KEYS_SAID =
  'logs filter and sort by id, created, level, message, data and data.<key> ' +
  `(${Object.keys(LOG_DATA_KEYS).join(', ')})`;

class UnknownKey extends FilterSyntaxError {}

/** A field path as the view names it, or a 400 for what the log does not have. */
function viewName(name: string): string {
  const [path = '', modifier] = name.split(':', 2);
  const suffix = modifier === undefined ? '' : `:${modifier}`;
  if (['id', 'created', 'level', 'message', 'data'].includes(path)) return name;
  const key = /^data\.(\w+)$/.exec(path)?.[1];
  if (key !== undefined && Object.hasOwn(LOG_DATA_KEYS, key))
    return dataColumn(key as LogDataKey) + suffix;
  // Another key of data is a JSON path (`data.meta.x`), as for a record's JSON field.
  if (path.startsWith('data.')) return name;
  throw new UnknownKey(`unknown field "${path}" (${KEYS_SAID})`);
}

function operand(value: Operand): Operand {
  switch (value.kind) {
    case 'identifier': {
      if (['true', 'false', 'null'].includes(value.name)) return value;
      if (value.name.startsWith('@request') || value.name.startsWith('@collection'))
        throw new UnknownKey(`${value.name.split('.')[0]} is not available on logs`);
      if (value.name.startsWith('@')) return value;
      return { kind: 'identifier', name: viewName(value.name) };
    }
    case 'function':
      return { ...value, args: value.args.map(operand) };
    default:
      return value;
  }
}

function rewritten(group: Group): Group {
  return {
    kind: 'group',
    items: group.items.map(
      (item): GroupItem => ({
        join: item.join,
        expr:
          item.expr.kind === 'group'
            ? rewritten(item.expr)
            : { ...item.expr, left: operand(item.expr.left), right: operand(item.expr.right) },
      }),
    ),
  };
}

/** The 400 a filter's or sort's error is (the compiler's own are FilterSyntaxErrors too). */
export function invalid(what: 'filter' | 'sort', error: unknown): unknown {
  return error instanceof FilterSyntaxError
    ? new ApiError(400, `Invalid ${what}: ${error.message}`)
    : error;
}

/** The filter over the view, or null for none; a 400 when it cannot be read. */
export function logFilter(text: string | undefined): Group | null {
  if (!text?.trim()) return null;
  if (text.length > MAX_FILTER_LENGTH) throw new ApiError(400, 'Max filter length limit reached.');
  try {
    return rewritten(parseFilter(text));
  } catch (error) {
    throw invalid('filter', error);
  }
}

/** The sort's terms over the view (`-data_status`), newest first when none is given. */
export function logSort(text: string | undefined): string[] {
  const terms = (text ?? '')
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean);
  if (terms.length > MAX_SORT_FIELDS)
    throw new ApiError(400, `Too many sort fields (max ${MAX_SORT_FIELDS}).`);
  if (terms.length === 0) return ['-created', '-id'];
  try {
    return terms.map((term) => {
      const sign = /^[-+]/.test(term) ? (term[0] as string) : '';
      const name = term.slice(sign.length);
      if (name === '@random') return term;
      if (name.startsWith('@')) throw new UnknownKey(`${name} is not available on logs`);
      return sign + viewName(name);
    });
  } catch (error) {
    throw invalid('sort', error);
  }
}
