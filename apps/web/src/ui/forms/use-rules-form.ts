import type { FieldDescriptor } from '@airgrid/domain';
import { type ChangeEvent, useCallback, useMemo, useRef, useState } from 'react';
import {
  changedFields,
  changeTrigger,
  type FieldCheck,
  type FormErrors,
  type FormValue,
  type FormValues,
  fieldProblem,
  initialValues,
  validateAll,
  validatesOn,
  withFieldError,
} from './form-state';

export interface RulesFormOptions {
  /** Starting values, over the descriptors' own (e.g. the signed-in user's profile). */
  initialValues?: Readonly<FormValues>;
  /** Checks beyond the seed rules, by field name (see `patternCheck`). */
  checks?: Readonly<Record<string, FieldCheck>>;
  /** Tidies a field's text when it is left without a problem, e.g. `formatPhone`. */
  formatOnBlur?: Readonly<Record<string, (value: string) => string>>;
}

/** What a Mantine input needs from the form: label, placeholder, asterisk, value, error. */
export interface RulesInputProps {
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

export interface RulesForm {
  fields: Readonly<Record<string, FieldDescriptor>>;
  /** The values at the last reset: what `changed` compares with. */
  initial: FormValues;
  values: FormValues;
  errors: FormErrors;
  /** Names of the fields changed since the last reset. */
  changed: string[];
  /** Sets values programmatically; a model update checks the fields it sets (seed §5). */
  setValues: (values: Readonly<FormValues>) => void;
  /** Starts over from these values (or the fields' own), with no messages. */
  reset: (values?: Readonly<FormValues>) => void;
  /** Checks every field, shows every message; true when the form can be sent. */
  validate: () => boolean;
  /** Shows messages from elsewhere (the server) under their fields, replacing all others. */
  setErrors: (errors: Readonly<FormErrors>) => void;
  /** Props for the input of one field. */
  inputProps: (name: string) => RulesInputProps;
}

interface State {
  initial: FormValues;
  values: FormValues;
  errors: FormErrors;
}

function readInput(input: Parameters<RulesInputProps['onChange']>[0]): FormValue {
  if (input === null) return '';
  if (typeof input === 'string' || typeof input === 'boolean') return input;
  const target = input.currentTarget;
  return target instanceof HTMLInputElement && target.type === 'checkbox'
    ? target.checked
    : target.value;
}

/**
 * A form whose fields are seed descriptors (`describeField`) checked by their rules. Seed-spec
 * §5: fields validate on blur, change and model update, not on input — typing never shows a
 * message, leaving the field does, and a message stays until the field is checked again.
 */
export function useRulesForm(
  fieldList: readonly FieldDescriptor[],
  options: RulesFormOptions = {},
): RulesForm {
  const fields = useMemo(
    () => Object.fromEntries(fieldList.map((field) => [field.name, field])),
    [fieldList],
  );
  const [state, setState] = useState<State>(() => {
    const values = { ...initialValues(fieldList), ...options.initialValues };
    return { initial: values, values, errors: {} };
  });
  // Read by `validate`, which must answer at once rather than after the next render.
  const latest = useRef(state);
  latest.current = state;
  const { checks = {}, formatOnBlur = {} } = options;
  const optionsRef = useRef({ checks, formatOnBlur });
  optionsRef.current = { checks, formatOnBlur };

  const fieldOf = useCallback(
    (name: string): FieldDescriptor => {
      const field = fields[name];
      if (!field) throw new Error(`The form has no field named ${name}.`);
      return field;
    },
    [fields],
  );

  const setValues = useCallback(
    (values: Readonly<FormValues>) =>
      setState((current) => {
        const next = { ...current.values, ...values };
        let errors = current.errors;
        for (const name of Object.keys(values)) {
          const problem = fieldProblem(fieldOf(name), next, optionsRef.current.checks[name]);
          errors = withFieldError(errors, name, problem);
        }
        return { ...current, values: next, errors };
      }),
    [fieldOf],
  );

  const reset = useCallback(
    (values?: Readonly<FormValues>) => {
      const start = { ...initialValues(fieldList), ...values };
      setState({ initial: start, values: start, errors: {} });
    },
    [fieldList],
  );

  const validate = useCallback(() => {
    const { checks: extra } = optionsRef.current;
    setState((current) => ({ ...current, errors: validateAll(fieldList, current.values, extra) }));
    return Object.keys(validateAll(fieldList, latest.current.values, extra)).length === 0;
  }, [fieldList]);

  const setErrors = useCallback(
    (errors: Readonly<FormErrors>) =>
      setState((current) => ({ ...current, errors: { ...errors } })),
    [],
  );

  const inputProps = (name: string): RulesInputProps => {
    const field = fieldOf(name);
    const value = state.values[name];
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
        setState((current) => {
          const values = { ...current.values, [name]: next };
          if (!validatesOn(changeTrigger(field.type))) return { ...current, values };
          const problem = fieldProblem(field, values, optionsRef.current.checks[name]);
          return { ...current, values, errors: withFieldError(current.errors, name, problem) };
        });
      },
      onBlur: () =>
        setState((current) => {
          const problem = fieldProblem(field, current.values, optionsRef.current.checks[name]);
          const format = optionsRef.current.formatOnBlur[name];
          const text = current.values[name];
          const values =
            !problem && format && typeof text === 'string' && text !== ''
              ? { ...current.values, [name]: format(text) }
              : current.values;
          return { ...current, values, errors: withFieldError(current.errors, name, problem) };
        }),
    };
  };

  return {
    fields,
    initial: state.initial,
    values: state.values,
    errors: state.errors,
    changed: changedFields(state.initial, state.values),
    setValues,
    reset,
    validate,
    setErrors,
    inputProps,
  };
}
