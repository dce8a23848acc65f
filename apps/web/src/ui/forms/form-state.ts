import { checkRules, type FieldDescriptor } from '@airgrid/domain';

// The logic of a rules form, apart from React: when a field is checked, what its message is,
// and how the server's field errors land on the form. `useRecordForm` keeps the state.

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;
/** Messages by field name; a field without a problem has no key. */
export type FormErrors = Record<string, string>;

/** An extra check beyond the seed rules (e.g. a schema pattern): a message, or null when fine. */
export type FieldCheck = (value: FormValue, values: Readonly<FormValues>) => string | null;

/**
 * What happened to a field. Seed-spec §5: "Fields validate on blur, change and model update,
 * not on input" — typing is `input`; leaving the field is `blur`; a committed choice (a select,
 * a checkbox) is `change`; the form setting values itself is `model`.
 */
export type ValidationTrigger = 'input' | 'blur' | 'change' | 'model';

/** Field types whose every change is a committed choice rather than typing. */
const COMMITTED_TYPES: ReadonlySet<string> = new Set([
  'select',
  'checkbox',
  'radio',
  'switch',
  'segmented',
  'file',
  'date',
  'color',
]);

/** The trigger a field's change event stands for: a keystroke, or a committed choice. */
export function changeTrigger(type: string): 'input' | 'change' {
  return COMMITTED_TYPES.has(type) ? 'change' : 'input';
}

/** Whether the trigger checks the field (everything but typing). */
export function validatesOn(trigger: ValidationTrigger): boolean {
  return trigger !== 'input';
}

/** A value as the rules read it: text as is, a ticked box as "true", anything empty as "". */
export function ruleText(value: FormValue | null | undefined): string {
  if (typeof value === 'boolean') return value ? 'true' : '';
  return value ?? '';
}

/** A form's starting values from its fields: the descriptor's value, or empty. */
export function initialValues(fields: readonly FieldDescriptor[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = field.value;
    values[field.name] =
      typeof value === 'boolean'
        ? value
        : value === null || value === undefined
          ? field.type === 'checkbox' || field.type === 'switch'
            ? false
            : ''
          : String(value);
  }
  return values;
}

/**
 * One field's message: its seed rules first (messages name the field by its label), then its
 * extra check. `same:other` compares with the other field's current value.
 */
export function fieldProblem(
  field: FieldDescriptor,
  values: Readonly<FormValues>,
  check?: FieldCheck,
): string | null {
  const value = values[field.name] ?? '';
  const others = Object.fromEntries(Object.entries(values).map(([key, v]) => [key, ruleText(v)]));
  const failure = checkRules(ruleText(value), field.rules, field.label, others);
  if (failure) return failure.message;
  return check ? check(value, values) : null;
}

/** The errors with one field's message set (or removed when it has none). */
export function withFieldError(
  errors: Readonly<FormErrors>,
  name: string,
  message: string | null,
): FormErrors {
  const next = { ...errors };
  if (message) next[name] = message;
  else delete next[name];
  return next;
}

/** Every field checked at once, as on submit. */
export function validateAll(
  fields: readonly FieldDescriptor[],
  values: Readonly<FormValues>,
  checks: Readonly<Record<string, FieldCheck>> = {},
): FormErrors {
  let errors: FormErrors = {};
  for (const field of fields) {
    errors = withFieldError(errors, field.name, fieldProblem(field, values, checks[field.name]));
  }
  return errors;
}

export interface PlacedErrors {
  /** Messages for fields the form shows, by form field name. */
  fieldErrors: FormErrors;
  /** Messages for fields the form does not have: they belong above the form. */
  unplaced: string[];
}

/**
 * Puts the server's field errors (PocketBase `data: {field: {message}}`, already reduced to
 * messages) under the form's fields. `aliases` maps API names to form names where they
 * differ, e.g. `{ newEmail: 'email' }` for the email-change request.
 */
export function placeServerErrors(
  serverErrors: Readonly<Record<string, string>>,
  fieldNames: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): PlacedErrors {
  const fieldErrors: FormErrors = {};
  const unplaced: string[] = [];
  for (const [apiName, message] of Object.entries(serverErrors)) {
    const name = aliases[apiName] ?? apiName;
    if (fieldNames.includes(name)) fieldErrors[name] = message;
    else unplaced.push(`${apiName}: ${message}`);
  }
  return { fieldErrors, unplaced };
}

/** Names of the fields whose value differs from the starting one, in field order. */
export function changedFields(
  initial: Readonly<FormValues>,
  values: Readonly<FormValues>,
): string[] {
  return Object.keys(values).filter((name) => values[name] !== initial[name]);
}

/** The part of a form's state the field events change. */
export interface FieldsState {
  values: FormValues;
  errors: FormErrors;
}

/**
 * A rules field's new value. Typing (`input`) only stores it, keeping the field's message as it
 * was; a committed choice (`change`: a select, a box) checks the field at once.
 */
export function changeField<S extends FieldsState>(
  state: S,
  field: FieldDescriptor,
  value: FormValue,
  check?: FieldCheck,
): S {
  const values = { ...state.values, [field.name]: value };
  if (!validatesOn(changeTrigger(field.type))) return { ...state, values };
  const errors = withFieldError(state.errors, field.name, fieldProblem(field, values, check));
  return { ...state, values, errors };
}

/** Leaving a rules field checks it and, when it passes, tidies its text (e.g. `formatPhone`). */
export function blurField<S extends FieldsState>(
  state: S,
  field: FieldDescriptor,
  check?: FieldCheck,
  format?: (value: string) => string,
): S {
  const problem = fieldProblem(field, state.values, check);
  const text = state.values[field.name];
  const values =
    !problem && format && typeof text === 'string' && text !== ''
      ? { ...state.values, [field.name]: format(text) }
      : state.values;
  return { ...state, values, errors: withFieldError(state.errors, field.name, problem) };
}

/**
 * Values the form sets itself (a model update): the rules fields among them are checked, each
 * against the new values; other values are stored as they are.
 */
export function setFields<S extends FieldsState>(
  state: S,
  fields: Readonly<Record<string, FieldDescriptor>>,
  values: Readonly<FormValues>,
  checks: Readonly<Record<string, FieldCheck>> = {},
): S {
  const next = { ...state.values, ...values };
  let errors = state.errors;
  for (const name of Object.keys(values)) {
    const field = fields[name];
    if (field) errors = withFieldError(errors, name, fieldProblem(field, next, checks[name]));
  }
  return { ...state, values: next, errors };
}
