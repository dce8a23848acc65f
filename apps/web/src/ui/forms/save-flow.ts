import type { QueryKey } from '@tanstack/react-query';
import type { ToastMessage } from '../toast';
import { describeError, type FormFailure, formFailure } from './server-errors';

// The one save flow of the web app, apart from React: send, refresh the cached reads the save
// touched, say so in a toast, hand the record on; or turn the failure into form messages.
// `useRecordForm` keeps the busy flag and the messages around it.

/** The toast after a save: its summary, or the whole message; null for none. */
export type SuccessToast = string | Omit<ToastMessage, 'severity'> | null;

export interface SaveFlow<R> {
  /** The request: a create or an update (or any call whose failure the form explains). */
  save: () => Promise<R>;
  /** Query keys (prefixes) to invalidate once the save went through. */
  invalidate?: readonly QueryKey[];
  /** The success toast for what was saved. */
  success?: (saved: R) => SuccessToast;
  /** Runs last, after the toast, e.g. to close a modal; its failure counts as the save's. */
  onSaved?: (saved: R) => void | Promise<void>;
  /** Fields whose server errors go under them; without, every server field error is placed. */
  serverFields?: readonly string[];
  /** API field names that differ from the form's, e.g. `{ newEmail: 'email' }`. */
  aliases?: Readonly<Record<string, string>>;
  /** A form's own reading of a failure, instead of placing the server's field errors. */
  explain?: (failure: unknown) => Omit<FormFailure, 'serverError'>;
}

export interface SaveEffects {
  invalidate: (queryKey: QueryKey) => Promise<void>;
  toast: (message: ToastMessage) => void;
}

export type SaveOutcome<R> =
  | { ok: true; saved: R }
  | ({ ok: false /** What was thrown, for a reading of its own. */; cause: unknown } & FormFailure);

/** Runs one save through the flow; never throws. */
export async function runSave<R>(flow: SaveFlow<R>, effects: SaveEffects): Promise<SaveOutcome<R>> {
  try {
    const saved = await flow.save();
    for (const queryKey of flow.invalidate ?? []) await effects.invalidate(queryKey);
    const message = flow.success?.(saved) ?? null;
    if (message !== null) {
      effects.toast(
        typeof message === 'string'
          ? { severity: 'success', summary: message }
          : { severity: 'success', ...message },
      );
    }
    await flow.onSaved?.(saved);
    return { ok: true, saved };
  } catch (failure) {
    if (flow.explain) {
      const serverError = describeError(failure).error;
      return { ok: false, cause: failure, serverError, ...flow.explain(failure) };
    }
    return { ok: false, cause: failure, ...formFailure(failure, flow.serverFields, flow.aliases) };
  }
}

export interface ActionFlow<R>
  extends Pick<SaveFlow<R>, 'save' | 'invalidate' | 'success' | 'onSaved'> {
  /**
   * How a failure is said: an error toast with the server's message (its summary, and a group so
   * a repeat replaces the last one); or, where the page says it in place (an alert in a dialog, a
   * message under an input), a function given what was thrown.
   */
  failure: { summary: string; group: string } | ((failure: unknown) => void);
}

/**
 * A save with no form around it (Archive, Delete after a confirm): the same flow, and a failure
 * said in an error toast with the server's message, or handed to `failure`. True when it went
 * through.
 */
export async function runAction<R>(action: ActionFlow<R>, effects: SaveEffects): Promise<boolean> {
  const outcome = await runSave(action, effects);
  if (outcome.ok) return true;
  const { failure } = action;
  if (typeof failure === 'function') failure(outcome.cause);
  else {
    effects.toast({
      severity: 'error',
      summary: failure.summary,
      detail: outcome.serverError ?? undefined,
      group: failure.group,
    });
  }
  return false;
}
