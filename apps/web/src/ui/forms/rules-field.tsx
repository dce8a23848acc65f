import { Select, Textarea, TextInput } from '@mantine/core';
import type { RecordForm } from './use-record-form';

export interface RulesFieldProps {
  form: Pick<RecordForm<object, unknown>, 'fields' | 'inputProps'>;
  name: string;
  autoComplete?: string;
  description?: string;
  /** Visible lines of a textarea. */
  rows?: number;
  disabled?: boolean;
  /** Shown but not editable: the value stays as readable as an editable one's. */
  readOnly?: boolean;
}

/**
 * The input for one rules field of a `useRecordForm`, chosen by the descriptor's type (text-like types,
 * `textarea`, `select`), with its label, placeholder, required asterisk and message wired in.
 */
export function RulesField({
  form,
  name,
  autoComplete,
  description,
  rows,
  disabled,
  readOnly,
}: RulesFieldProps) {
  const field = form.fields[name];
  if (!field) throw new Error(`The form has no field named ${name}.`);
  const { checked: _checked, ...props } = form.inputProps(name);
  const shared = { ...props, description, disabled, readOnly, autoComplete };

  if (field.type === 'textarea') return <Textarea {...shared} rows={rows} />;
  if (field.type === 'select') {
    const data = field.groupedOptions.length > 0 ? field.groupedOptions : field.options;
    // A required choice cannot be emptied: Mantine clears a Select when its chosen option is
    // clicked again, which left the invite form's Role empty and its Send failing.
    return <Select {...shared} data={data} allowDeselect={!field.required} />;
  }
  return <TextInput {...shared} type={field.type} />;
}
