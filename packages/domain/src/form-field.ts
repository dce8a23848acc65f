import { isRequired } from './validation-rules.js';

// The seed's form-field descriptor (seed-spec §3): a form is a list of these, and the web app
// turns each into an input. Only the label is needed; the rest has defaults, so a form reads
// like `describeField({ label: 'Phone Number', rules: 'phone' })`.

/** One choice of a select, radio group or segmented control. */
export interface FieldOption {
  value: string;
  label: string;
}

/** Choices under a heading, in the shape Mantine's Select takes for grouped data. */
export interface FieldOptionGroup {
  group: string;
  items: FieldOption[];
}

/** A choice as a form author may write it: the value alone, or value and label. */
export type FieldOptionInput = string | { value: string | number; label?: string };

export interface FieldInput {
  label: string;
  /** The starting value; null when the form starts empty. */
  value?: unknown;
  /** The input's kind: text, email, tel, textarea, select, checkbox, file, … */
  type?: string;
  options?: readonly FieldOptionInput[];
  groupedOptions?: readonly { group: string; items: readonly FieldOptionInput[] }[];
  name?: string;
  placeholder?: string;
  /** Seed-spec §5 rules, pipe-separated, e.g. "required|max:20|phone". */
  rules?: string;
}

export interface FieldDescriptor {
  label: string;
  value: unknown;
  type: string;
  options: FieldOption[];
  groupedOptions: FieldOptionGroup[];
  name: string;
  placeholder: string;
  required: boolean;
  rules: string;
}

/**
 * A field name made from a label, in camelCase ("Full Name" → "fullName"), the way the
 * collections in packages/schema name their fields (timeZone, streamUrl, bumperTitle) and the
 * seed named its profile form (fullName, phoneNumber, emailAddress). Accents are dropped and
 * anything that is not a letter or digit separates words. A name cannot start with a digit
 * (PocketBase field names and JavaScript identifiers both refuse that), so such a name gets
 * the prefix "field". Returns '' when the label has no letters or digits at all.
 */
export function fieldNameFromLabel(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const name = words
    .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
  return /^\d/.test(name) ? `field${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;
}

function toOption(option: FieldOptionInput): FieldOption {
  if (typeof option === 'string') return { value: option, label: option };
  const value = String(option.value);
  return { value, label: option.label ?? value };
}

/**
 * The normalized descriptor of a form field (seed-spec §3): value null, type text, name a
 * camelCase slug of the label, placeholder the label, required when the rules say `required`.
 * Throws when neither the label nor an explicit name yields a name, since such a field could
 * never be submitted or show its errors.
 */
export function describeField(input: FieldInput): FieldDescriptor {
  const label = input.label.trim();
  const name = input.name?.trim() || fieldNameFromLabel(label);
  if (name === '') {
    throw new Error(`The form field labelled ${JSON.stringify(input.label)} needs a name.`);
  }
  const rules = input.rules ?? '';
  return {
    label,
    value: input.value === undefined ? null : input.value,
    type: input.type ?? 'text',
    options: (input.options ?? []).map(toOption),
    groupedOptions: (input.groupedOptions ?? []).map((group) => ({
      group: group.group,
      items: group.items.map(toOption),
    })),
    name,
    placeholder: input.placeholder ?? label,
    required: isRequired(rules),
    rules,
  };
}
