import { ClientResponseError, type RecordAuthResponse, type RecordModel } from 'pocketbase';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { type SignInProvider, signInWithProvider } from './providers';

/** The sign-in window: small, over the page, as providers' pages expect. */
const WINDOW_FEATURES = 'popup,width=520,height=700';
/** After the window is closed, how long a redirect that made it just before may still finish. */
const CLOSED_GRACE_MS = 3000;

/** What went wrong with a provider's sign-in, as the person can act on it. */
export function providerError(failure: unknown, provider: SignInProvider): string {
  const t = messages().signInProviders;
  // The SDK wraps its own failures (a redirect error, a broken stream) with status 0, as if
  // offline: its original error says which.
  const own =
    failure instanceof ClientResponseError &&
    failure.status === 0 &&
    failure.originalError instanceof Error
      ? failure.originalError.message
      : undefined;
  const { error: described, fieldErrors } = describeError(failure);
  const error = own ?? described;
  const [fieldMessage] = Object.values(fieldErrors);
  if (fieldMessage) return fieldMessage;
  if (
    error === 'Failed to authenticate.' ||
    error === 'Failed to fetch OAuth2 token.' ||
    error === 'Failed to fetch OAuth2 user.' ||
    error?.startsWith('OAuth2 redirect error')
  )
    return t.didNotSignYouIn(provider.displayName);
  if (error === 'realtime connection interrupted') return t.interrupted;
  return error ?? t.didNotFinish;
}

/**
 * Signing in (or linking, with a session) with a provider: opens the sign-in window on the
 * click, waits for the SDK, closes the window. A window the person closes stops the wait.
 */
export function useProviderSignIn(onSignedIn: (auth: RecordAuthResponse<RecordModel>) => void) {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = (provider: SignInProvider) => {
    setError(null);
    const popup = window.open('', 'airgrid-sign-in', WINDOW_FEATURES);
    if (!popup) {
      setError(messages().signInProviders.popupBlocked);
      return;
    }
    setPending(provider.name);
    let settled = false;
    const watch = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(watch);
      window.setTimeout(() => {
        if (!settled) setPending(null);
      }, CLOSED_GRACE_MS);
    }, 500);
    signInWithProvider(provider.name, popup)
      .then((auth) => {
        settled = true;
        onSignedIn(auth);
      })
      .catch((failure: unknown) => {
        settled = true;
        setError(providerError(failure, provider));
      })
      .finally(() => {
        window.clearInterval(watch);
        popup.close();
        setPending(null);
      });
  };

  return { start, pending, error };
}
