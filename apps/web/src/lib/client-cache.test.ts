import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHE_KEY, clearPrivateCache, loadCache, saveToCache } from './client-cache';

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
    expect(saveToCache({ avatar: '/api/files/users/u1/me.png' }, storage)).toBe(true);
    expect(JSON.parse(storage.data.get(CACHE_KEY) ?? '')).toEqual({
      theme: 'light',
      avatar: '/api/files/users/u1/me.png',
    });
    expect(loadCache(storage)).toEqual({ theme: 'light', avatar: '/api/files/users/u1/me.png' });
  });

  it('reads corrupted or foreign data as empty, keeping only known fields', () => {
    expect(loadCache(memoryStorage({ cache: '{not json' }))).toEqual({});
    expect(loadCache(memoryStorage({ cache: '[1,2]' }))).toEqual({});
    expect(loadCache(memoryStorage({ cache: 'null' }))).toEqual({});
    expect(
      loadCache(
        memoryStorage({
          cache: JSON.stringify({ theme: 'purple', notifications: 'x', timeslots: [1], other: 1 }),
        }),
      ),
    ).toEqual({ timeslots: [1] });
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
      cache: JSON.stringify({ theme: 'dark', avatar: 'a.png', notifications: [{ id: 'n' }] }),
      other: 'kept',
    });
    clearPrivateCache(storage);
    expect(loadCache(storage)).toEqual({ theme: 'dark' });
    expect(storage.data.get('other')).toBe('kept');
    const noTheme = memoryStorage({ cache: JSON.stringify({ avatar: 'a.png' }) });
    clearPrivateCache(noTheme);
    expect(noTheme.data.has(CACHE_KEY)).toBe(false);
  });
});
