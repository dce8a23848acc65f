import { ClientResponseError } from 'pocketbase';
import { en } from '../../i18n/en';
import { messages } from '../../i18n/messages';
import { type FormErrors, placeServerErrors } from './form-state';

/** Message shown when the server cannot be reached at all (English; see `offlineMessage`). */
export const OFFLINE_MESSAGE = en.ui.offline;

/** The same, in the user's language. */
export const offlineMessage = (): string => messages().ui.offline;

export interface DescribedError {
  /** The server's (or the network's) message for the whole form. */
  error: string | null;
  /** Per-field messages from the API's `data` (PocketBase's `{field: {code, message}}`). */
  fieldErrors: Record<string, string>;
}

/** A failed request as messages: one for the whole form, and one per field the API named. */
export function describeError(error: unknown): DescribedError {
  if (error instanceof ClientResponseError) {
    if (error.status === 0) return { error: offlineMessage(), fieldErrors: {} };
    const fieldErrors: Record<string, string> = {};
    for (const [field, detail] of Object.entries(error.response?.data ?? {})) {
      const message = (detail as { message?: unknown })?.message;
      if (typeof message === 'string') fieldErrors[field] = message;
    }
    return { error: error.response?.message || error.message, fieldErrors };
  }
  return { error: error instanceof Error ? error.message : String(error), fieldErrors: {} };
}

export interface FormFailure {
  /** The server's own message for the whole form, as it came. */
  serverError: string | null;
  /** Messages placed under the form's fields. */
  errors: FormErrors;
  /** What to show above the form: null when the field messages already say it all. */
  formError: string | null;
}

/**
 * A failed save as the form shows it. With `fieldNames`, the server's field errors for those
 * fields (through `aliases`) go under them and the rest join the form's message; without, every
 * field error counts as placed. The form's message shows only when no field explains it.
 */
export function formFailure(
  failure: unknown,
  fieldNames?: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): FormFailure {
  const described = describeError(failure);
  const placed = fieldNames
    ? placeServerErrors(described.fieldErrors, fieldNames, aliases)
    : { fieldErrors: described.fieldErrors, unplaced: [] };
  const placedSome = Object.keys(placed.fieldErrors).length > 0;
  const formError =
    placed.unplaced.length > 0 || !placedSome
      ? [described.error, ...placed.unplaced].filter(Boolean).join(' ') || null
      : null;
  return { serverError: described.error, errors: placed.fieldErrors, formError };
}
