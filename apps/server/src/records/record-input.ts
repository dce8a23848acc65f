import { checkRules, formatBytes, isRecordDateInRange, toRecordDate } from '@airgrid/domain';
import {
  allFields,
  type CollectionDefinition,
  type Field,
  type FileField,
  isMultiple,
} from '@airgrid/schema';
import type { FieldError } from '../errors/api-error.js';
import { mimeAllowed } from './mime-types.js';
import type { RecordValues } from './record-codec.js';
import { NewFile } from './record-files.js';

// From a request body to the values a record will hold: modifiers (`count+`, `+tags`, `tags-`)
// resolved against the stored record, each value normalized to its field's type, then checked
// against the field's limits, with PocketBase's per-field error codes.

/** Keys an auth collection accepts besides its fields. */
const AUTH_INPUT_KEYS = ['password', 'passwordConfirm', 'oldPassword'] as const;

export interface ResolvedInput {
  /** Values to write, by field name (only fields the body touched). */
  values: RecordValues;
  /** Auth-only inputs, kept apart: they are never stored as given. */
  password?: string;
  passwordConfirm?: string;
  oldPassword?: string;
  errors: Record<string, FieldError>;
  /** New files that end up in the record's values (by their stored names). */
  uploads: NewFile[];
}

/**
 * Applies a body to a record. Keys are processed shortest first, so `tags` then `tags+`.
 * Unknown keys are ignored; system fields cannot be set (except `id` on create); hidden fields
 * only by superusers.
 */
export function resolveInput(
  collection: CollectionDefinition,
  body: Readonly<Record<string, unknown>>,
  existing: Readonly<RecordValues> | null,
  isSuperuser: boolean,
): ResolvedInput {
  const fields = new Map(allFields(collection).map((field) => [field.name, field]));
  const result: ResolvedInput = { values: {}, errors: {}, uploads: [] };
  const current = (name: string) =>
    Object.hasOwn(result.values, name) ? result.values[name] : existing?.[name];

  for (const key of Object.keys(body).sort((a, b) => a.length - b.length)) {
    const raw = body[key];
    if (collection.type === 'auth' && (AUTH_INPUT_KEYS as readonly string[]).includes(key)) {
      result[key as (typeof AUTH_INPUT_KEYS)[number]] =
        raw === null || raw === undefined ? '' : String(raw);
      continue;
    }
    const match = /^(\+?)(\w+?)([+-]?)$/.exec(key);
    if (!match) continue;
    const [, prefix = '', name = '', suffix = ''] = match;
    const field = fields.get(name);
    if (!field || !canSet(collection, field, existing === null, isSuperuser)) continue;
    if (field.type === 'file') {
      result.values[name] = applyFiles(
        field,
        fileList(current(name)),
        fileList(raw),
        prefix,
        suffix,
      );
      continue;
    }
    try {
      checkCharacters(field, raw);
      if (!prefix && !suffix) {
        result.values[name] = normalize(field, raw);
      } else if (field.type === 'number' && !prefix) {
        const delta = normalize(field, raw) as number;
        const base = Number(current(name) ?? 0) || 0;
        result.values[name] = checkNumber(field, suffix === '+' ? base + delta : base - delta);
      } else if (isMultiple(field)) {
        const list = toList(current(name));
        const given = toList(raw);
        if (suffix === '-') result.values[name] = list.filter((item) => !given.includes(item));
        else if (prefix) result.values[name] = unique([...given, ...list]);
        else result.values[name] = unique([...list, ...given]);
      }
    } catch (error) {
      if (!(error instanceof InvalidValue)) throw error;
      result.errors[name] = error.detail;
      // Not the value sent: rules read `@request.body` merged with these values, and the
      // refused one (an object, say) must not reach them. The write fails on the error anyway.
      result.values[name] =
        existing && Object.hasOwn(existing, name) ? existing[name] : zeroValue(field);
    }
  }
  for (const field of collection.fields) {
    if (field.type === 'file' && Object.hasOwn(result.values, field.name))
      settleFiles(field, result, existing);
  }
  return result;
}

/** Strings (stored names) and new files, in order, without repeats; '' and null dropped. */
function fileList(value: unknown): (string | NewFile)[] {
  const items = (Array.isArray(value) ? (value as unknown[]) : [value]).flatMap(
    (item): (string | NewFile)[] =>
      item instanceof NewFile
        ? [item]
        : item === null || item === undefined || item === ''
          ? []
          : [String(item)],
  );
  const seen = new Set<string>();
  return items.filter((item) => {
    const name = fileName(item);
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

function fileName(item: string | NewFile): string {
  return item instanceof NewFile ? item.name : item;
}

/**
 * PocketBase's file setters: `f` replaces (names sent with new files keep those files), `+f`
 * prepends, `f+` appends, `f-` removes by name. A single-file field keeps the last one.
 */
function applyFiles(
  field: FileField,
  current: (string | NewFile)[],
  given: (string | NewFile)[],
  prefix: string,
  suffix: string,
): unknown {
  const removed = new Set(given.map(fileName));
  const next = fileList(
    suffix === '-'
      ? current.filter((item) => !removed.has(fileName(item)))
      : prefix
        ? [...given, ...current]
        : suffix === '+'
          ? [...current, ...given]
          : given,
  );
  if (isMultiple(field)) return next;
  return next.at(-1) ?? '';
}

/**
 * Turns a file field's resolved value into stored names: new files are checked (size, type,
 * image size) and listed as uploads; a name that is not already the record's is refused, so
 * a client cannot claim someone else's file.
 */
function settleFiles(
  field: FileField,
  result: ResolvedInput,
  existing: Readonly<RecordValues> | null,
) {
  const items = fileList(result.values[field.name]);
  const before = new Set(fileList(existing?.[field.name]).map(fileName));
  const invalid = items.filter(
    (item): item is string => typeof item === 'string' && !before.has(item),
  );
  const fresh = items.filter((item): item is NewFile => item instanceof NewFile);
  if (invalid.length) {
    result.errors[field.name] = {
      code: 'validation_invalid_file',
      message: `Invalid new files: ${invalid.map((name) => name.slice(0, 250)).join(', ')}.`,
      params: { invalidFiles: invalid },
    };
  } else {
    for (const file of fresh) {
      const problem = checkNewFile(field, file);
      if (problem) {
        result.errors[field.name] = problem;
        break;
      }
    }
  }
  result.uploads.push(...fresh);
  const names = items.map(fileName);
  result.values[field.name] = isMultiple(field) ? names : (names[0] ?? '');
}

/** Default largest file when a field sets none (PocketBase's 5 MiB). */
const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;

/** A file field's largest accepted file in bytes. */
export function maxFileSize(field: FileField): number {
  return field.maxSize > 0 ? field.maxSize : DEFAULT_MAX_FILE_SIZE;
}

const TYPE_LABELS: Readonly<Record<string, string>> = {
  'image/svg+xml': 'SVG',
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/jpg': 'JPG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
  'video/*': 'video',
  'audio/*': 'audio',
};

/** A new file against its field's limits: size, type (from the content), image size. */
export function checkNewFile(field: FileField, file: NewFile): FieldError | null {
  const original = file.upload.filename;
  const maxSize = maxFileSize(field);
  if (file.upload.truncated || file.upload.size > maxSize) {
    return {
      code: 'validation_file_size_limit',
      message: `Failed to upload ${JSON.stringify(original)}: the file is larger than the ${formatBytes(maxSize)} allowed.`,
      params: { file: original, maxSize },
    };
  }
  if (field.mimeTypes.length > 0 && !mimeAllowed(file.type.mime, field.mimeTypes)) {
    const actual = file.type.mime.split(';')[0] ?? file.type.mime;
    return {
      code: 'validation_invalid_mime_type',
      message: `Failed to upload ${JSON.stringify(original)}: it is ${TYPE_LABELS[actual] ? `a ${TYPE_LABELS[actual]} file` : `of type ${actual}`}, and only ${listTypes(field.mimeTypes)} files are allowed.`,
      params: { file: original, mimeType: actual, mimeTypes: field.mimeTypes },
    };
  }
  if (file.dimensions === 'unreadable') {
    return {
      code: 'validation_invalid_image',
      message: `Failed to upload ${JSON.stringify(original)}: the image cannot be read.`,
      params: { file: original },
    };
  }
  const max = field.maxImageSize;
  if (
    max &&
    file.dimensions &&
    (file.dimensions.width > max.width || file.dimensions.height > max.height)
  ) {
    const { width, height } = file.dimensions;
    return {
      code: 'validation_image_too_large',
      message: `The image must be at most ${max.width} × ${max.height} px (this one is ${width} × ${height}).`,
      params: { maxWidth: max.width, maxHeight: max.height, width, height },
    };
  }
  const min = field.minImageSize;
  if (
    min &&
    file.dimensions &&
    (file.dimensions.width < min.width || file.dimensions.height < min.height)
  ) {
    const { width, height } = file.dimensions;
    return {
      code: 'validation_image_too_small',
      message: `The image must be at least ${min.width} × ${min.height} px (this one is ${width} × ${height}).`,
      params: { minWidth: min.width, minHeight: min.height, width, height },
    };
  }
  if (field.squareImage && file.dimensions && file.dimensions.width !== file.dimensions.height) {
    const { width, height } = file.dimensions;
    return {
      code: 'validation_image_not_square',
      message: `The image must be square (this one is ${width} × ${height}).`,
      params: { width, height },
    };
  }
  return null;
}

function listTypes(types: readonly string[]): string {
  const labels = [...new Set(types.map((type) => TYPE_LABELS[type] ?? type))];
  return labels.length <= 1
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

function canSet(
  collection: CollectionDefinition,
  field: Field,
  creating: boolean,
  isSuperuser: boolean,
): boolean {
  if (field.name === 'id') return creating;
  if (field.type === 'autodate' || field.type === 'password' || field.name === 'tokenKey')
    return false;
  if (collection.type === 'auth' && ['email', 'emailVisibility', 'verified'].includes(field.name))
    return true;
  if (field.system) return isSuperuser;
  if (field.hidden) return isSuperuser;
  return true;
}

/** A field's empty value, as a new record holds it. */
export function zeroValue(field: Field): unknown {
  if (isMultiple(field)) return [];
  if (field.type === 'number') return 0;
  if (field.type === 'bool') return false;
  if (field.type === 'json') return null;
  return '';
}

class InvalidValue extends Error {
  constructor(readonly detail: FieldError) {
    super(detail.message);
  }
}

function toList(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.filter((item) => item !== null && item !== '').map(String);
  return [String(value)];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The deepest nesting a json field's value may have (request bodies are held to the same). */
export const MAX_JSON_DEPTH = 64;

const NUL_CHARACTERS: FieldError = {
  code: 'validation_invalid_characters',
  message: 'Must not contain NUL characters.',
};
const UNPAIRED_SURROGATES: FieldError = {
  code: 'validation_invalid_characters',
  message: 'Must not contain unpaired UTF-16 surrogates (invalid Unicode text).',
};
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Refuses a NUL character in any string a value holds, on both databases alike: PostgreSQL
 * cannot store one in text or jsonb, so SQLite must not either. A json field's value is walked
 * without recursion (keys too), and its depth is held to {@link MAX_JSON_DEPTH}; jsonb also
 * refuses unpaired surrogates, so json refuses them everywhere. File fields hold uploads and
 * stored names, which are checked against the record's own.
 */
function checkCharacters(field: Field, raw: unknown) {
  if (field.type === 'file') return;
  const stack: [unknown, number][] = [[raw, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value === 'string') {
      if (value.includes('\0')) throw new InvalidValue(NUL_CHARACTERS);
      if (field.type === 'json' && UNPAIRED_SURROGATE.test(value))
        throw new InvalidValue(UNPAIRED_SURROGATES);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw new InvalidValue({
        code: 'validation_json_too_deep',
        message: `Must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`,
        params: { maxDepth: MAX_JSON_DEPTH },
      });
    }
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
    } else {
      for (const [key, item] of Object.entries(value)) stack.push([key, depth], [item, depth + 1]);
    }
  }
}

const SAFE_INTEGER_MESSAGE = `Must be a whole number from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}.`;

/**
 * A number a field can hold: finite, and for whole-number fields no larger than the integers a
 * double holds exactly (2^53 - 1), which is also where PocketBase's int64 conversion stays exact.
 */
function checkNumber(field: Field, number: number): number {
  if (!Number.isFinite(number)) {
    throw new InvalidValue({
      code: 'validation_invalid_number',
      message: 'Must be a valid number.',
    });
  }
  if (field.type === 'number' && field.onlyInt && Math.abs(number) > Number.MAX_SAFE_INTEGER) {
    // The field's own bound says it best when it has one on that side.
    if (number > 0 && field.max !== undefined) throw new InvalidValue(tooLarge(field.max));
    if (number < 0 && field.min !== undefined) throw new InvalidValue(tooSmall(field.min));
    throw new InvalidValue(unsafeInteger());
  }
  return number;
}

function unsafeInteger(): FieldError {
  return {
    code: 'validation_unsafe_integer',
    message: SAFE_INTEGER_MESSAGE,
    params: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  };
}

function tooSmall(min: number): FieldError {
  return {
    code: 'validation_min_number_constraint',
    message: `Must be larger than ${min}.`,
    params: { min },
  };
}

function tooLarge(max: number): FieldError {
  return {
    code: 'validation_max_number_constraint',
    message: `Must be less than ${max}.`,
    params: { max },
  };
}

const DATE_RANGE_MESSAGE =
  'Must be a datetime from 0001-01-01 00:00:00.000Z to 9999-12-31 23:59:59.999Z.';

/** Converts a submitted value to the field's type (multipart sends text). */
function normalize(field: Field, raw: unknown): unknown {
  if (isMultiple(field)) return unique(toList(raw));
  switch (field.type) {
    case 'number': {
      if (raw === null || raw === undefined || raw === '') return 0;
      const number =
        typeof raw === 'number' ? raw : typeof raw === 'boolean' ? Number(raw) : Number(raw);
      return checkNumber(field, number);
    }
    case 'bool':
      return raw === true || raw === 1 || raw === '1' || raw === 'true';
    case 'date': {
      if (raw === null || raw === undefined || raw === '') return '';
      const ms = typeof raw === 'number' ? raw : Date.parse(String(raw).replace(' ', 'T'));
      if (Number.isNaN(ms)) {
        throw new InvalidValue({
          code: 'validation_invalid_date',
          message: 'Must be a valid datetime.',
        });
      }
      // PocketBase's range: years 1 to 9999, the dates the record format can write.
      if (!isRecordDateInRange(ms)) {
        throw new InvalidValue({
          code: 'validation_invalid_date',
          message: DATE_RANGE_MESSAGE,
          params: { min: '0001-01-01 00:00:00.000Z', max: '9999-12-31 23:59:59.999Z' },
        });
      }
      return toRecordDate(ms);
    }
    case 'json':
      return raw === undefined ? null : raw;
    case 'select':
    case 'relation':
    case 'file':
      return Array.isArray(raw)
        ? String(raw[0] ?? '')
        : raw === null || raw === undefined
          ? ''
          : String(raw);
    default:
      return raw === null || raw === undefined ? '' : typeof raw === 'string' ? raw : String(raw);
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
const JSON_MAX = 1024 * 1024;

/** Checks a record's full values against its fields: PocketBase's codes, clear messages. */
export function validateRecord(
  collection: CollectionDefinition,
  record: Readonly<RecordValues>,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of allFields(collection)) {
    if (field.type === 'password' || field.type === 'autodate' || field.name === 'tokenKey')
      continue;
    const problem = checkField(field, record[field.name], record);
    if (problem) errors[field.name] = problem;
  }
  return errors;
}

function isBlank(field: Field, value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (field.type === 'number') return value === 0;
  if (field.type === 'bool') return value !== true;
  if (field.type === 'json')
    return value === null || value === '' || (Array.isArray(value) && value.length === 0);
  return value === '' || value === null || value === undefined;
}

function checkField(
  field: Field,
  value: unknown,
  record: Readonly<RecordValues>,
): FieldError | null {
  if (isBlank(field, value)) {
    return field.required ? { code: 'validation_required', message: 'Cannot be blank.' } : null;
  }
  switch (field.type) {
    case 'text': {
      const text = String(value);
      if (field.min !== undefined && text.length < field.min) {
        return {
          code: 'validation_min_text_constraint',
          message: `Must be at least ${field.min} character(s).`,
          params: { min: field.min },
        };
      }
      if (field.max !== undefined && text.length > field.max) {
        return {
          code: 'validation_max_text_constraint',
          message: `Must be no more than ${field.max} character(s).`,
          params: { max: field.max },
        };
      }
      if (field.pattern && !new RegExp(field.pattern).test(text)) {
        return { code: 'validation_invalid_format', message: 'Invalid value format.' };
      }
      if (field.rules) {
        const others = Object.fromEntries(
          Object.entries(record).map(([key, v]) => [key, String(v ?? '')]),
        );
        const failure = checkRules(text, field.rules, field.name, others);
        if (failure)
          return { code: `validation_${failure.rule}`, message: sentence(failure.message) };
      }
      return null;
    }
    case 'email':
      return EMAIL.test(String(value))
        ? null
        : { code: 'validation_is_email', message: 'Must be a valid email address.' };
    case 'url':
      return URL_PATTERN.test(String(value))
        ? null
        : { code: 'validation_is_url', message: 'Must be a valid url.' };
    case 'number': {
      const number = Number(value);
      if (!Number.isFinite(number))
        return { code: 'validation_invalid_number', message: 'Must be a valid number.' };
      if (field.onlyInt && !Number.isInteger(number)) {
        return {
          code: 'validation_only_int_constraint',
          message: 'Decimal numbers are not allowed.',
        };
      }
      if (field.min !== undefined && number < field.min) return tooSmall(field.min);
      if (field.max !== undefined && number > field.max) return tooLarge(field.max);
      if (field.onlyInt && !Number.isSafeInteger(number)) return unsafeInteger();
      return null;
    }
    case 'select': {
      const values = Array.isArray(value) ? value : [value];
      const invalid = values.find((item) => !field.values.includes(String(item)));
      if (invalid !== undefined) {
        return {
          code: 'validation_invalid_value',
          message: `Invalid value ${JSON.stringify(invalid)}.`,
          params: { value: invalid },
        };
      }
      if (values.length > field.maxSelect) return tooMany(field.maxSelect);
      return null;
    }
    case 'relation':
    case 'file': {
      const values = Array.isArray(value) ? value : [value];
      if (field.type === 'file' && values.length > Math.max(field.maxSelect, 1)) {
        return {
          code: 'validation_too_many_files',
          message: `The maximum allowed files is ${field.maxSelect}.`,
          params: { maxSelect: field.maxSelect },
        };
      }
      if (values.length > field.maxSelect) return tooMany(field.maxSelect);
      if (field.type === 'relation' && values.some((id) => !/^[a-z0-9]{15}$/.test(String(id)))) {
        return {
          code: 'validation_missing_rel_records',
          message: 'Failed to find all relation records with the provided ids.',
        };
      }
      return null;
    }
    case 'json': {
      const size = JSON.stringify(value)?.length ?? 0;
      const max = field.maxSize || JSON_MAX;
      return size > max
        ? {
            code: 'validation_json_size_limit',
            message: `The maximum allowed JSON size is ${max} bytes.`,
            params: { maxSize: max },
          }
        : null;
    }
    default:
      return null;
  }
}

function tooMany(max: number): FieldError {
  return {
    code: 'validation_too_many_values',
    message: `Select no more than ${max}.`,
    params: { maxSelect: max },
  };
}

function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
