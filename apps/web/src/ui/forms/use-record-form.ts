import type { FieldDescriptor } from '@airgrid/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import {
  blurField,
  changedFields,
  changeField,
  initialValues as descriptorValues,
  type FieldCheck,
  type FieldsState,
  type FormErrors,
  type FormValue,
  setFields,
  validateAll,
} from './form-state';
import { appEffects } from './query-effects';
import { runSave, type SaveFlow, type SuccessToast } from './save-flow';

/** Any form's values: a record of fields (rules fields hold text or a tick). */
export type RecordValues = object;

export interface RecordFormOptions<V extends RecordValues, R> {
  /** Starting values (over the rules fields' own, when there are some). */
  initialValues: V | (() => V);
  /** Seed descriptors (`describeField`) checked by their rules on blur, change and submit. */
  fields?: readonly FieldDescriptor[];
  /** Checks beyond the seed rules, by field name (see `patternCheck`). */
  checks?: Readonly<Record<string, FieldCheck>>;
  /** Tidies a rules field's text when it is left without a problem, e.g. `formatPhone`. */
  formatOnBlur?: Readonly<Record<string, (value: string) => string>>;
  /** The whole form's check on submit, for forms whose fields are not descriptors. */
  validate?: (values: V) => FormErrors;
  /** The request Save sends: a create or an update. */
  save: (values: V) => Promise<R>;
  /** Query keys to invalidate after a save. */
  invalidate?: readonly QueryKey[];
  /** The success toast: a summary, or the whole message; null for none. */
  success?: (saved: R, values: V) => SuccessToast;
  /** After the toast, e.g. close the modal or go on. */
  onSaved?: (saved: R, values: V) => void | Promise<void>;
  /**
   * Fields whose server errors go under them (default: the rules fields' names, or, with
   * neither, every field the server names); the rest join the message above the form.
   */
  serverFields?: readonly string[];
  /** API field names that differ from the form's, e.g. `{ durationSec: 'duration' }`. */
  aliases?: Readonly<Record<string, string>>;
  /** The form's own reading of a failure (messages by field, and above the form). */
  explain?: SaveFlow<R>['explain'];
}

/** What a Mantine input needs from a rules field: label, placeholder, asterisk, value, error. */
interface RulesInputProps {
  name: string;
  label: string;
  placeholder: string;
  withAsterisk: boolean;
  value: string;
  checked?: boolean;
  error: string | undefined;
  onChange: (input: ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | FormValue | null) => void;
  onBlur: () => void;
}

/** A save other than the form's own (e.g. Remove next to Save), through the same flow. */
interface OtherSave<R> {
  /** Names the save in `pending` while it runs, for its button's spinner (default 'other'). */
  name?: string;
  save: () => Promise<R>;
  success?: (saved: R) => SuccessToast;
  onSaved?: (saved: R) => void | Promise<void>;
  /** Fields whose server errors go under them for this save (default: the form's). */
  serverFields?: readonly string[];
  /** This save's own reading of a failure (default: the server's field errors placed). */
  explain?: SaveFlow<R>['explain'];
}

export interface RecordForm<V extends RecordValues, R> {
  /** The rules fields by name. */
  fields: Readonly<Record<string, FieldDescriptor>>;
  /** The values at the last reset: what `changed` compares with. */
  initial: V;
  values: V;
  /** Names of the fields changed since the last reset. */
  changed: string[];
  /** Sets some values; the rules fields among them are checked (a model update, seed §5). */
  set: (values: Partial<V>) => void;
  /** Sets values from the current ones, e.g. when one choice moves others. */
  update: (next: (values: V) => V) => void;
  /** Starts over from these values (or the starting ones), with no messages. */
  reset: (values?: V) => void;
  /** Messages under the fields: the form's checks, then the server's. */
  errors: FormErrors;
  /** Shows messages under fields, replacing all others. */
  setErrors: (errors: Readonly<FormErrors>) => void;
  /** Drops every message, under the fields and above the form; the values stay. */
  clearMessages: () => void;
  /** The message above the form: null when the field messages say it all. */
  formError: string | null;
  /** The server's own message for the last failed save, as it came. */
  serverError: string | null;
  /** True while a save is on its way. */
  busy: boolean;
  /** Which save is on its way: 'submit' (the form's own), another save's name, or null. */
  pending: string | null;
  /** Checks every field and shows every message; true when the form can be sent. */
  check: () => boolean;
  /** The form's submit handler: check, save, invalidate, toast; the saved record or undefined. */
  submit: (event?: FormEvent) => Promise<R | undefined>;
  /** Another save through the same flow (busy flag, messages, invalidation, toast). */
  run: <S>(other: OtherSave<S>) => Promise<S | undefined>;
  /** Props for the input of one rules field. */
  inputProps: (name: string) => RulesInputProps;
}

interface State<V> {
  initial: V;
  values: V;
  errors: FormErrors;
  formError: string | null;
  serverError: string | null;
  /** The save on its way, by name, or null. */
  pending: string | null;
}

function readInput(input: Parameters<RulesInputProps['onChange']>[0]): FormValue {
  if (input === null) return '';
  if (typeof input === 'string' || typeof input === 'boolean') return input;
  const target = input.currentTarget;
  return target instanceof HTMLInputElement && target.type === 'checkbox'
    ? target.checked
    : target.value;
}

type RuleValues = Record<string, FormValue>;

/** The field events (form-state.ts) read a form's values as rules values: text or a tick. */
function rules<S extends { values: object }>(state: S): S & FieldsState {
  return state as S & FieldsState;
}

/** One empty list, so a form without rules fields keeps its callbacks from render to render. */
const NO_FIELDS: readonly FieldDescriptor[] = [];

/**
 * The web app's one form: values, checks, and the save flow (busy flag, create or update,
 * invalidate, toast, server field errors under their fields). Rules fields (seed descriptors)
 * validate on blur, change and model update, never on input (seed-spec §5); forms of other
 * inputs check the whole form with `validate` on submit.
 */
export function useRecordForm<V extends RecordValues, R = unknown>(
  options: RecordFormOptions<V, R>,
): RecordForm<V, R> {
  const fieldList = options.fields ?? NO_FIELDS;
  const fields = useMemo(
    () => Object.fromEntries(fieldList.map((field) => [field.name, field])),
    [fieldList],
  );
  const queryClient = useQueryClient();
  const [state, setState] = useState<State<V>>(() => {
    const given =
      typeof options.initialValues === 'function'
        ? (options.initialValues as () => V)()
        : options.initialValues;
    const values = { ...descriptorValues(fieldList), ...given } as V;
    return {
      initial: values,
      values,
      errors: {},
      formError: null,
      serverError: null,
      pending: null,
    };
  });
  // Read by `check` and `submit`, which must answer at once rather than after the next render.
  const latest = useRef(state);
  latest.current = state;
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const fieldOf = useCallback(
    (name: string): FieldDescriptor => {
      const field = fields[name];
      if (!field) throw new Error(`The form has no field named ${name}.`);
      return field;
    },
    [fields],
  );

  const set = useCallback(
    (values: Partial<V>) =>
      setState((current) =>
        setFields(rules(current), fields, values as RuleValues, optionsRef.current.checks),
      ),
    [fields],
  );

  const update = useCallback(
    (next: (values: V) => V) =>
      setState((current) => ({ ...current, values: next(current.values) })),
    [],
  );

  const reset = useCallback(
    (values?: V) =>
      setState((current) => {
        const start = values
          ? ({ ...descriptorValues(fieldList), ...values } as V)
          : current.initial;
        return { ...current, initial: start, values: start, errors: {}, formError: null };
      }),
    [fieldList],
  );

  const setErrors = useCallback(
    (errors: Readonly<FormErrors>) =>
      setState((current) => ({ ...current, errors: { ...errors } })),
    [],
  );

  const clearMessages = useCallback(
    () => setState((current) => ({ ...current, errors: {}, formError: null, serverError: null })),
    [],
  );

  const check = useCallback(() => {
    const { values } = latest.current;
    const { checks, validate } = optionsRef.current;
    const errors = {
      ...validateAll(fieldList, values as RuleValues, checks),
      ...validate?.(values),
    };
    setState((current) => ({ ...current, errors, formError: null }));
    return Object.keys(errors).length === 0;
  }, [fieldList]);

  const run = useCallback(
    async <S>(flow: SaveFlow<S>, name: string): Promise<S | undefined> => {
      setState((current) => ({
        ...current,
        pending: name,
        errors: {},
        formError: null,
        serverError: null,
      }));
      const outcome = await runSave(flow, appEffects(queryClient));
      if (outcome.ok) {
        setState((current) => ({ ...current, pending: null }));
        return outcome.saved;
      }
      const { errors, formError, serverError } = outcome;
      setState((current) => ({ ...current, pending: null, errors, formError, serverError }));
      return undefined;
    },
    [queryClient],
  );

  const serverFieldsOf = (given?: readonly string[]) =>
    given ??
    optionsRef.current.serverFields ??
    (fieldList.length > 0 ? fieldList.map((field) => field.name) : undefined);

  const submit = async (event?: FormEvent): Promise<R | undefined> => {
    event?.preventDefault();
    if (!check()) return undefined;
    const current = optionsRef.current;
    const values = latest.current.values;
    return run<R>(
      {
        save: () => current.save(values),
        invalidate: current.invalidate,
        success: current.success && ((saved) => current.success?.(saved, values) ?? null),
        onSaved: current.onSaved && ((saved) => current.onSaved?.(saved, values)),
        serverFields: serverFieldsOf(),
        aliases: current.aliases,
        explain: current.explain,
      },
      'submit',
    );
  };

  const runOther = <S>({ name = 'other', ...other }: OtherSave<S>): Promise<S | undefined> =>
    run<S>(
      {
        ...other,
        invalidate: optionsRef.current.invalidate,
        serverFields: serverFieldsOf(other.serverFields),
        aliases: optionsRef.current.aliases,
      },
      name,
    );

  const inputProps = (name: string): RulesInputProps => {
    const field = fieldOf(name);
    const value = (state.values as Record<string, unknown>)[name];
    return {
      name,
      label: field.label,
      placeholder: field.placeholder,
      withAsterisk: field.required,
      value: typeof value === 'string' ? value : '',
      ...(typeof value === 'boolean' ? { checked: value } : {}),
      error: state.errors[name],
      onChange: (input) => {
        const next = readInput(input);
        const check = optionsRef.current.checks?.[name];
        setState((current) => changeField(rules(current), field, next, check));
      },
      onBlur: () => {
        const { checks, formatOnBlur } = optionsRef.current;
        setState((current) =>
          blurField(rules(current), field, checks?.[name], formatOnBlur?.[name]),
        );
      },
    };
  };

  return {
    fields,
    initial: state.initial,
    values: state.values,
    changed: changedFields(state.initial as RuleValues, state.values as RuleValues),
    set,
    update,
    reset,
    errors: state.errors,
    setErrors,
    clearMessages,
    formError: state.formError,
    serverError: state.serverError,
    busy: state.pending !== null,
    pending: state.pending,
    check,
    submit,
    run: runOther,
    inputProps,
  };
}
