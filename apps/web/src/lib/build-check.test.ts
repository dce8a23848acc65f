import { describe, expect, it, vi } from 'vitest';
import {
  isNewBuild,
  mayReload,
  RELOAD_GUARD_MS,
  reloadForNewBuild,
  shouldCheckEarly,
} from './build-check';

describe('isNewBuild', () => {
  it('compares the manifest id with the running build', () => {
    expect(isNewBuild('abc', { id: 'def', timestamp: 1 })).toBe(true);
    expect(isNewBuild('abc', { id: 'abc', timestamp: 1 })).toBe(false);
  });

  it('ignores a manifest it cannot read', () => {
    for (const manifest of [null, undefined, 'abc', 42, {}, { id: '' }, { id: 7 }]) {
      expect(isNewBuild('abc', manifest)).toBe(false);
    }
  });
});

describe('shouldCheckEarly', () => {
  it('checks early unless the connection is very slow or saving data', () => {
    expect(shouldCheckEarly(undefined)).toBe(true);
    expect(shouldCheckEarly({ effectiveType: '4g' })).toBe(true);
    expect(shouldCheckEarly({ effectiveType: '3g' })).toBe(true);
    expect(shouldCheckEarly({ effectiveType: '2g' })).toBe(false);
    expect(shouldCheckEarly({ effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldCheckEarly({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});

describe('the reload guard', () => {
  const storageWith = (value: string | null) => ({ getItem: () => value });

  it('allows a reload when none happened in the last 10 s', () => {
    const now = 1_000_000;
    expect(mayReload(storageWith(null), now)).toBe(true);
    expect(mayReload(storageWith('garbage'), now)).toBe(true);
    expect(mayReload(storageWith(String(now - RELOAD_GUARD_MS - 1)), now)).toBe(true);
    expect(mayReload(storageWith(String(now - RELOAD_GUARD_MS)), now)).toBe(false);
    expect(mayReload(storageWith(String(now - 1)), now)).toBe(false);
  });

  it('notes the time of a reload before reloading', () => {
    const storage = { setItem: vi.fn() };
    const location = { reload: vi.fn() };
    reloadForNewBuild(storage, location);
    expect(storage.setItem).toHaveBeenCalledWith(
      'airgrid:reloaded-at',
      expect.stringMatching(/^\d+$/),
    );
    expect(location.reload).toHaveBeenCalledOnce();
  });

  it('still reloads when storage refuses to write', () => {
    const location = { reload: vi.fn() };
    reloadForNewBuild(
      {
        setItem: () => {
          throw new Error('quota');
        },
      },
      location,
    );
    expect(location.reload).toHaveBeenCalledOnce();
  });
});
