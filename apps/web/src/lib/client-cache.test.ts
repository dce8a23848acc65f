import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CACHE_KEY,
  cachedNotificationsFor,
  clearPrivateCache,
  loadCache,
  saveToCache,
} from './client-cache';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the client cache', () => {
  it('saves each change under "cache", merged with what is there', () => {
    const storage = memoryStorage();
    expect(saveToCache({ theme: 'light' }, storage)).toBe(true);
    expect(saveToCache({ user: 'u1', notifications: [] }, storage)).toBe(true);
    expect(JSON.parse(storage.data.get(CACHE_KEY) ?? '')).toEqual({
      theme: 'light',
      user: 'u1',
      notifications: [],
    });
    expect(loadCache(storage)).toEqual({ theme: 'light', user: 'u1', notifications: [] });
  });

  it('reads corrupted or foreign data as empty, keeping only known fields', () => {
    expect(loadCache(memoryStorage({ cache: '{not json' }))).toEqual({});
    expect(loadCache(memoryStorage({ cache: '[1,2]' }))).toEqual({});
    expect(loadCache(memoryStorage({ cache: 'null' }))).toEqual({});
    expect(
      loadCache(
        memoryStorage({
          cache: JSON.stringify({ theme: 'purple', notifications: 'x', user: 3, other: 1 }),
        }),
      ),
    ).toEqual({});
    // What an older version saved and nothing reads: dropped, and gone after the next save.
    const old = memoryStorage({
      cache: JSON.stringify({ theme: 'dark', avatar: 'a.png', timeslots: [{ id: 't' }] }),
    });
    expect(loadCache(old)).toEqual({ theme: 'dark' });
    saveToCache({ audioDescriptions: true }, old);
    expect(JSON.parse(old.data.get(CACHE_KEY) ?? '')).toEqual({
      theme: 'dark',
      audioDescriptions: true,
    });
    expect(loadCache(null)).toEqual({});
  });

  it('warns "Failed to save to localStorage" when storage refuses, and carries on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('quota exceeded', 'QuotaExceededError');
      },
    };
    expect(saveToCache({ theme: 'dark' }, full)).toBe(false);
    expect(saveToCache({ theme: 'dark' }, null)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toBe('Failed to save to localStorage');
  });

  it('forgets the user’s data on log out but keeps the theme', () => {
    const storage = memoryStorage({
      cache: JSON.stringify({ theme: 'dark', user: 'u1', notifications: [{ id: 'n' }] }),
      other: 'kept',
    });
    clearPrivateCache(storage);
    expect(loadCache(storage)).toEqual({ theme: 'dark' });
    expect(storage.data.get('other')).toBe('kept');
    const noTheme = memoryStorage({ cache: JSON.stringify({ user: 'u1', notifications: [] }) });
    clearPrivateCache(noTheme);
    expect(noTheme.data.has(CACHE_KEY)).toBe(false);
  });

  it('keeps the side panels choice, the device’s, through log out', () => {
    const storage = memoryStorage();
    saveToCache({ sidePanels: 'collapsed', user: 'u1', notifications: [] }, storage);
    expect(loadCache(storage).sidePanels).toBe('collapsed');
    clearPrivateCache(storage);
    expect(loadCache(storage)).toEqual({ sidePanels: 'collapsed' });
    const odd = memoryStorage({ cache: JSON.stringify({ sidePanels: 'half' }) });
    expect(loadCache(odd)).toEqual({});
  });

  describe('cached notifications', () => {
    type Item = { id: string; user: string };
    const isItem = (value: unknown): value is Item =>
      typeof value === 'object' && value !== null && 'id' in value && 'user' in value;
    const mine = { id: 'n1', user: 'u1' };

    it('reads back the list saved for this user', () => {
      const storage = memoryStorage();
      saveToCache({ user: 'u1', notifications: [mine] }, storage);
      expect(cachedNotificationsFor('u1', isItem, storage)).toEqual([mine]);
    });

    it("never shows another user's list, or one saved for nobody", () => {
      const storage = memoryStorage({
        cache: JSON.stringify({ user: 'u1', notifications: [mine] }),
      });
      expect(cachedNotificationsFor('u2', isItem, storage)).toEqual([]);
      expect(cachedNotificationsFor('', isItem, storage)).toEqual([]);
      const nobody = memoryStorage({ cache: JSON.stringify({ notifications: [mine] }) });
      expect(cachedNotificationsFor('u1', isItem, nobody)).toEqual([]);
    });

    it('drops items of another shape or addressed to someone else', () => {
      const storage = memoryStorage({
        cache: JSON.stringify({
          user: 'u1',
          notifications: [mine, { id: 'n2', user: 'u2' }, 'x', null, { id: 'n3' }],
        }),
      });
      expect(cachedNotificationsFor('u1', isItem, storage)).toEqual([mine]);
    });

    it('is gone after log out', () => {
      const storage = memoryStorage();
      saveToCache({ theme: 'dark', user: 'u1', notifications: [mine] }, storage);
      clearPrivateCache(storage);
      expect(cachedNotificationsFor('u1', isItem, storage)).toEqual([]);
    });
  });
});
