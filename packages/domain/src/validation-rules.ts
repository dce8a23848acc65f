// The seed's form validation rules (seed-spec §5): pipe-separated, each with an optional
// parameter after a colon, e.g. "required|max:20|phone". The web app checks them on blur and
// change; the server checks the same rules on the fields that declare them.

export interface RuleFailure {
  rule: string;
  message: string;
}

const PATTERNS = {
  zipcode: /^\d{5}(-\d{4})?$/,
  // North American numbers: area code and exchange start with 2-9.
  phone: /^(\+?1[\s.-]?)?\(?[2-9]\d{2}\)?[\s.-]?[2-9]\d{2}[\s.-]?\d{4}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/i,
  numeric: /^\d+$/,
  ein: /^\d{2}-\d{7}$/,
  url: /^(https?:\/\/)?(www\.)?[a-z0-9-]+\.[a-z]{2,63}(\/\S*)?$/i,
  routing: /^(?!0{9})\d{9}$/,
  lowercase: /^[a-z]+$/,
  // A server address with an optional path ("{host}/cablecastapi/v1/" in the seed): the scheme
  // may be left out (the server then uses https), and a page under the API pasted from the
  // browser (with a query) is fine, since the server keeps only what comes before /cablecastapi.
  cablecast: /^(https?:\/\/)?[a-z0-9.-]+(:\d+)?(\/\S*)?$/i,
} as const;

const MESSAGES: Record<string, (field: string, parameter?: string) => string> = {
  required: (field) => `The ${field} field is required.`,
  min: (field, n) => `The ${field} field must be at least ${n} characters.`,
  max: (field, n) => `The ${field} field must be at most ${n} characters.`,
  zipcode: () => 'zipcode is invalid',
  phone: () => 'phone_number is invalid',
  email: () => 'email is invalid',
  numeric: () => 'value must be numeric',
  same: (_field, other) => `${other} must match`,
  ein: () => 'ein is invalid',
  url: () => 'url is incorrectly formatted',
  routing: () => 'routing_number is invalid',
  lowercase: () => 'value must be lowercase',
  cablecast: () => 'is incorrectly formatted',
};

/** The rules in a pipe-separated rules text, as [name, parameter] pairs. */
export function parseRules(rules: string): [string, string | undefined][] {
  return rules
    .split('|')
    .map((rule) => rule.trim())
    .filter(Boolean)
    .map((rule) => {
      const colon = rule.indexOf(':');
      return colon < 0 ? [rule, undefined] : [rule.slice(0, colon), rule.slice(colon + 1)];
    });
}

/** True when the rules text makes the field required. */
export function isRequired(rules: string): boolean {
  return parseRules(rules).some(([name]) => name === 'required');
}

/**
 * Checks a value against a rules text. Empty values pass every rule but `required`, as in the
 * seed. `others` holds the form's other values, for `same:otherField`.
 */
export function checkRules(
  value: string,
  rules: string,
  field: string,
  others: Readonly<Record<string, string>> = {},
): RuleFailure | null {
  for (const [rule, parameter] of parseRules(rules)) {
    const message = Object.hasOwn(MESSAGES, rule) ? MESSAGES[rule] : undefined;
    const fail = () => ({
      rule,
      message: message ? message(field, parameter) : `The ${field} field is not valid.`,
    });
    if (rule === 'required') {
      if (value.trim() === '') return fail();
      continue;
    }
    if (value === '') continue;
    if (rule === 'string') continue;
    if (rule === 'min' || rule === 'max') {
      const limit = Number(parameter);
      if (Number.isNaN(limit)) continue;
      if (rule === 'min' ? value.length < limit : value.length > limit) return fail();
      continue;
    }
    if (rule === 'same') {
      if (value !== (others[parameter ?? ''] ?? '')) return fail();
      continue;
    }
    const pattern = Object.hasOwn(PATTERNS, rule)
      ? PATTERNS[rule as keyof typeof PATTERNS]
      : undefined;
    if (!pattern) return { rule, message: `The ${field} field is not valid.` };
    if (!pattern.test(value)) return fail();
  }
  return null;
}

/** Formats a 10-digit North American number as +1 (xxx) xxx-xxxx; other input is returned as is. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (digits.length !== 10) return value;
  return `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
