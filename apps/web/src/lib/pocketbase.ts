import PocketBase from 'pocketbase';

/**
 * The app's one PocketBase SDK client. The API is same-origin (`/api/...`), so the base URL
 * is '/'; the SDK keeps the sign-in token and user record in local storage.
 */
export const pb = new PocketBase('/');
