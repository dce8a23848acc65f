import PocketBase, { BaseAuthStore } from 'pocketbase';
import { withRetry } from './http-retry';

/**
 * The app's one PocketBase SDK client. The API is same-origin (`/api/...`), so the base URL
 * is '/'; the SDK keeps the sign-in token and user record in local storage.
 */
export const pb = new PocketBase('/', hasLocalStorage() ? undefined : new BaseAuthStore());

/** False where the browser blocks storage (some private modes): sign-in then lasts one tab. */
function hasLocalStorage(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage !== null;
  } catch {
    return false;
  }
}

// Every call the SDK makes follows the seed's retry policy (GET once, writes never).
const retryingFetch = withRetry((input, init) => fetch(input, init));
pb.beforeSend = (url, options) => ({ url, options: { ...options, fetch: retryingFetch } });

// TanStack Query already dedupes and cancels the app's reads. The SDK's own auto-cancellation
// (a new request to the same path cancels the pending one) would abort, say, a channel page's
// now/next guide request when its week request starts.
pb.autoCancellation(false);
