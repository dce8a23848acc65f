import { checkRules } from '@airgrid/domain';
import type { CablecastCheck, CablecastConnectionRecord } from '@airgrid/schema';

// What the Cablecast card decides, without React or the SDK.

/** What the form holds: the address, and the credentials only when they are being replaced. */
export type CablecastFormValues = {
  baseUrl: string;
  user: string;
  password: string;
  /** True when the user name and password fields are shown (none stored, or Replace chosen). */
  editingCredentials: boolean;
};

/**
 * The `apiKey` to send: undefined keeps what is stored (fields hidden), '' reads anonymously
 * (both fields empty), otherwise `user:password` (Cablecast's Basic credentials).
 */
export function apiKeyOf(values: CablecastFormValues): string | undefined {
  if (!values.editingCredentials) return undefined;
  const user = values.user.trim();
  if (user === '' && values.password === '') return '';
  return `${user}:${values.password}`;
}

/**
 * Whether the address fails the seed's `cablecast` rule (a server address with an optional
 * path), checked before anything is sent. An empty address is left to the server, whose
 * message says what to enter; so are the finer points it names better (decision 0030).
 */
export function addressBreaksRule(baseUrl: string): boolean {
  return checkRules(baseUrl.trim(), 'cablecast', 'baseUrl') !== null;
}

/**
 * Whether the typed address is another server than the saved one. Near enough to the server's
 * own reading (scheme https when none, case, trailing slashes and the API path dropped) that
 * retyping the saved address does not count as a move.
 */
export function addressMoved(typed: string, record: CablecastConnectionRecord | null): boolean {
  if (!record) return false;
  return serverOf(typed) !== serverOf(record.baseUrl);
}

function serverOf(address: string): string {
  const trimmed = address.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  return withScheme
    .replace(/[?#].*$/, '')
    .replace(/\/cablecastapi(\/.*)?$/i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/**
 * The values as the form must treat them: the saved credentials go only to the address they
 * were saved for, so a new address shows the user name and password fields to fill in again.
 */
export function withCredentialsFor(
  values: CablecastFormValues,
  record: CablecastConnectionRecord | null,
): CablecastFormValues {
  if (values.editingCredentials || !record?.hasCredentials) return values;
  return addressMoved(values.baseUrl, record) ? { ...values, editingCredentials: true } : values;
}

/** The form's problems before anything is sent, by field. */
export function checkCredentials(values: CablecastFormValues): Record<string, string> {
  if (!values.editingCredentials) return {};
  const user = values.user.trim();
  if (user === '' && values.password !== '') return { user: 'Enter the user name too.' };
  if (user !== '' && values.password === '') return { password: 'Enter the password too.' };
  if (user.includes(':')) return { user: 'A Cablecast user name cannot hold a colon.' };
  return {};
}

/** The last check, when there is one (`{}` until the first test). */
export function lastCheckOf(record: CablecastConnectionRecord | null): CablecastCheck | null {
  const check = record?.lastCheck;
  return check && 'ok' in check ? (check as CablecastCheck) : null;
}

export function initialValues(record: CablecastConnectionRecord | null): CablecastFormValues {
  return {
    baseUrl: record?.baseUrl ?? '',
    user: '',
    password: '',
    editingCredentials: !record?.hasCredentials,
  };
}
