/**
 * The client cache (seed §4): what the app keeps in localStorage under `cache` so a returning
 * user sees their avatar, notifications, timeslots and theme before the server answers. It is
 * saved after each change of one of them; log out clears all but the theme.
 * Storage can be full, blocked or corrupted: reads fall back to an empty cache, and a failed
 * write only warns on the console, as the seed's messages say.
 */
export const CACHE_KEY = 'cache';

export interface ClientCache {
  /** The signed-in user's avatar URL, or null for none. */
  avatar?: string | null;
  /** The user's unread notifications, newest first. */
  notifications?: unknown[];
  /** The timeslots last shown in the scheduling views. */
  timeslots?: unknown[];
  /** The colour mode preference: light, dark or system. */
  theme?: 'light' | 'dark' | 'system';
  /** Whether players speak audio descriptions (the viewer turned them on). */
  audioDescriptions?: boolean;
}

type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): CacheStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads the cache; anything unreadable counts as empty. */
export function loadCache(storage: CacheStorage | null = browserStorage()): ClientCache {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CACHE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? sanitize(parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Merges a change into the cache and saves it. Returns false when storage refused it. */
export function saveToCache(
  change: Partial<ClientCache>,
  storage: CacheStorage | null = browserStorage(),
): boolean {
  try {
    if (!storage) throw new Error('localStorage is not available');
    storage.setItem(CACHE_KEY, JSON.stringify({ ...loadCache(storage), ...change }));
    return true;
  } catch (error) {
    console.warn('Failed to save to localStorage', error);
    return false;
  }
}

/** Forgets the user's own data on log out; the theme and audio descriptions are the device's. */
export function clearPrivateCache(storage: CacheStorage | null = browserStorage()): void {
  try {
    const { theme, audioDescriptions } = loadCache(storage);
    const kept = { theme, audioDescriptions };
    if (theme || audioDescriptions !== undefined) storage?.setItem(CACHE_KEY, JSON.stringify(kept));
    else storage?.removeItem(CACHE_KEY);
  } catch (error) {
    console.warn('Failed to save to localStorage', error);
  }
}

/** Keeps only the fields this version knows, with the right shapes. */
function sanitize(raw: Record<string, unknown>): ClientCache {
  const cache: ClientCache = {};
  if (typeof raw.avatar === 'string' || raw.avatar === null) cache.avatar = raw.avatar;
  if (Array.isArray(raw.notifications)) cache.notifications = raw.notifications;
  if (Array.isArray(raw.timeslots)) cache.timeslots = raw.timeslots;
  if (raw.theme === 'light' || raw.theme === 'dark' || raw.theme === 'system') {
    cache.theme = raw.theme;
  }
  if (typeof raw.audioDescriptions === 'boolean') cache.audioDescriptions = raw.audioDescriptions;
  return cache;
}
