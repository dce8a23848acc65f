import { checkRules, toRecordDate } from '@airgrid/domain';
import { allFields, type CollectionDefinition, type Field, isMultiple } from '@airgrid/schema';
import type { FieldError } from '../http/api-error.js';
import type { RecordValues } from './record-codec.js';

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
  const result: ResolvedInput = { values: {}, errors: {} };
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
    try {
      if (!prefix && !suffix) {
        result.values[name] = normalize(field, raw);
      } else if (field.type === 'number' && !prefix) {
        const delta = normalize(field, raw) as number;
        const base = Number(current(name) ?? 0) || 0;
        result.values[name] = suffix === '+' ? base + delta : base - delta;
      } else if (isMultiple(field)) {
        const list = toList(current(name));
        const given = toList(raw);
        if (suffix === '-') result.values[name] = list.filter((item) => !given.includes(item));
        else if (prefix) result.values[name] = unique([...given, ...list]);
        else result.values[name] = unique([...list, ...given]);
      }
    } catch (error) {
      if (error instanceof InvalidValue) result.errors[name] = error.detail;
      else throw error;
    }
  }
  return result;
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

/** Converts a submitted value to the field's type (multipart sends text). */
function normalize(field: Field, raw: unknown): unknown {
  if (isMultiple(field)) return unique(toList(raw));
  switch (field.type) {
    case 'number': {
      if (raw === null || raw === undefined || raw === '') return 0;
      const number =
        typeof raw === 'number' ? raw : typeof raw === 'boolean' ? Number(raw) : Number(raw);
      if (!Number.isFinite(number)) {
        throw new InvalidValue({
          code: 'validation_invalid_number',
          message: 'Must be a valid number.',
        });
      }
      return number;
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
      if (field.onlyInt && !Number.isInteger(number)) {
        return {
          code: 'validation_only_int_constraint',
          message: 'Decimal numbers are not allowed.',
        };
      }
      if (field.min !== undefined && number < field.min) {
        return {
          code: 'validation_min_number_constraint',
          message: `Must be larger than ${field.min}.`,
          params: { min: field.min },
        };
      }
      if (field.max !== undefined && number > field.max) {
        return {
          code: 'validation_max_number_constraint',
          message: `Must be less than ${field.max}.`,
          params: { max: field.max },
        };
      }
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
