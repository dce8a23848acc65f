import { fromRecordDate } from '@airgrid/domain';
import { API_KEY_ROLES, type ApiKeyRecord, type ApiKeyRole } from '@airgrid/schema';

// What the API keys card decides, without React or the SDK: the expiry choices, a key's state
// in the list, and the lines a station's developer pastes into a script.

const DAY_MS = 86_400_000;

/** How long a new key lasts, as the form offers it; `never` is an empty `expires`. */
export const EXPIRY_CHOICES = ['never', '30', '90', '365'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** The `expires` a choice sends: a record date that many days from `now`, or '' for never. */
export function expiresFor(choice: ExpiryChoice, now: number): string {
  if (choice === 'never') return '';
  return new Date(now + Number(choice) * DAY_MS).toISOString().replace('T', ' ');
}

export function isApiKeyRole(value: unknown): value is ApiKeyRole {
  return (API_KEY_ROLES as readonly unknown[]).includes(value);
}

/** Whether a key has passed its expiry (a key without one never does). */
export function isExpired(key: Pick<ApiKeyRecord, 'expires'>, now: number): boolean {
  const at = fromRecordDate(key.expires);
  return at !== null && at <= now;
}

/** Keys as the list shows them: the ones still working first, newest first within each. */
export function sortKeys(keys: readonly ApiKeyRecord[], now: number): ApiKeyRecord[] {
  return [...keys].sort((a, b) => {
    const expired = Number(isExpired(a, now)) - Number(isExpired(b, now));
    return expired !== 0 ? expired : b.created.localeCompare(a.created);
  });
}

/**
 * The start of a script using the key with the official SDK (`npm install pocketbase`). It
 * names the station: a key also reads other stations' public channels, as a member does.
 */
export function sdkSnippet(origin: string, key: string, organization: string): string {
  return [
    "import PocketBase from 'pocketbase';",
    '',
    `const pb = new PocketBase('${origin}');`,
    `pb.authStore.save('${key}');`,
    `const organization = '${organization}'; // your station`,
    '',
    "const channels = await pb.collection('channels').getFullList({",
    "  filter: pb.filter('organization = {:organization}', { organization }),",
    '});',
  ].join('\n');
}

/** The same key from the command line. */
export function curlSnippet(origin: string, key: string): string {
  return `curl -H 'Authorization: Bearer ${key}' '${origin}/api/collections/channels/records'`;
}
