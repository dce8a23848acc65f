import { ClientResponseError } from 'pocketbase';
import { useState } from 'react';

export interface SubmitState {
  busy: boolean;
  /** The server's (or the network's) message for the whole form. */
  error: string | null;
  /** Per-field messages from the API's `data` (PocketBase's `{field: {code, message}}`). */
  fieldErrors: Record<string, string>;
}

/** Message shown when the server cannot be reached at all. */
export const OFFLINE_MESSAGE = 'Airgrid could not be reached. Check your connection and try again.';

/** Runs a form's API call, keeping its busy flag and turning API errors into form messages. */
export function useSubmit() {
  const [state, setState] = useState<SubmitState>({ busy: false, error: null, fieldErrors: {} });

  async function submit<T>(work: () => Promise<T>): Promise<T | undefined> {
    setState({ busy: true, error: null, fieldErrors: {} });
    try {
      const result = await work();
      setState({ busy: false, error: null, fieldErrors: {} });
      return result;
    } catch (error) {
      setState({ busy: false, ...describeError(error) });
      return undefined;
    }
  }

  return { ...state, submit };
}

export function describeError(error: unknown): Pick<SubmitState, 'error' | 'fieldErrors'> {
  if (error instanceof ClientResponseError) {
    if (error.status === 0) return { error: OFFLINE_MESSAGE, fieldErrors: {} };
    const fieldErrors: Record<string, string> = {};
    for (const [field, detail] of Object.entries(error.response?.data ?? {})) {
      const message = (detail as { message?: unknown })?.message;
      if (typeof message === 'string') fieldErrors[field] = message;
    }
    return { error: error.response?.message || error.message, fieldErrors };
  }
  return { error: error instanceof Error ? error.message : String(error), fieldErrors: {} };
}
