/**
 * The client cache (seed §4): what the app keeps in localStorage under `cache`. It holds the
 * colour mode, the audio-descriptions switch and whether the workspace's side panels are
 * collapsed (the device's, kept on log out) and the
 * signed-in user's unread notifications with that user's id, so the bell and the list paint at
 * once on the next visit and are replaced by the server's answer as soon as it comes
 * (`cachedNotificationsFor`). The seed's avatar and timeslots are not kept: the avatar comes
 * with the account the SDK already keeps, and a schedule shown from storage would be stale data
 * shown as current (docs/decisions/0034-departures-from-the-seed.md).
 * Log out clears all but the device's settings. Storage can be full, blocked or corrupted:
 * reads fall back to an empty cache, and a failed write only warns on the console, as the
 * seed's messages say.
 */
export const CACHE_KEY = 'cache';

export interface ClientCache {
  /** Whose notifications these are: they are read back only for this user. */
  user?: string;
  /** That user's unread notifications, newest first, as last loaded or changed. */
  notifications?: unknown[];
  /** The colour mode preference: light, dark or system. */
  theme?: 'light' | 'dark' | 'system';
  /** Whether players speak audio descriptions (the viewer turned them on). */
  audioDescriptions?: boolean;
  /**
   * The workspace's side panels (sidebar and collections panel), as last toggled on this
   * device: collapsed gives a page such as the TV guide the window's width.
   */
  sidePanels?: SidePanels;
}

type SidePanels = 'open' | 'collapsed';

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

/**
 * The notifications cached for this user, for a first paint before the server answers; none
 * when the cache holds another user's (or nobody's). Items not shaped like a notification of
 * this user are dropped, so whatever an old version or another user left cannot show.
 */
export function cachedNotificationsFor<T extends { id: string; user: string }>(
  user: string,
  isItem: (value: unknown) => value is T,
  storage: CacheStorage | null = browserStorage(),
): T[] {
  const cache = loadCache(storage);
  if (!user || cache.user !== user) return [];
  return (cache.notifications ?? []).filter(
    (item): item is T => isItem(item) && item.user === user,
  );
}

/**
 * Forgets the user's own data on log out; the theme, audio descriptions and side panels are the
 * device's.
 */
export function clearPrivateCache(storage: CacheStorage | null = browserStorage()): void {
  try {
    const { theme, audioDescriptions, sidePanels } = loadCache(storage);
    const kept = { theme, audioDescriptions, sidePanels };
    if (theme || audioDescriptions !== undefined || sidePanels) {
      storage?.setItem(CACHE_KEY, JSON.stringify(kept));
    } else storage?.removeItem(CACHE_KEY);
  } catch (error) {
    console.warn('Failed to save to localStorage', error);
  }
}

/** Keeps only the fields this version knows, with the right shapes. */
function sanitize(raw: Record<string, unknown>): ClientCache {
  const cache: ClientCache = {};
  // An older version's `avatar` and `timeslots` are dropped here, and so leave on the next save.
  if (typeof raw.user === 'string') cache.user = raw.user;
  if (Array.isArray(raw.notifications)) cache.notifications = raw.notifications;
  if (raw.theme === 'light' || raw.theme === 'dark' || raw.theme === 'system') {
    cache.theme = raw.theme;
  }
  if (typeof raw.audioDescriptions === 'boolean') cache.audioDescriptions = raw.audioDescriptions;
  if (raw.sidePanels === 'open' || raw.sidePanels === 'collapsed') {
    cache.sidePanels = raw.sidePanels;
  }
  return cache;
}
