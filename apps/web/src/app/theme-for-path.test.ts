import { describe, expect, it } from 'vitest';
import { themeForPath } from './theme-for-path';

describe('themeForPath', () => {
  describe('watch pages', () => {
    it.each(['/watch', '/watch/abc', '/channels/abc/watch'])(
      'forces dark on %s without saving it',
      (path) => {
        expect(themeForPath(path, null)).toEqual({ scheme: 'dark', persist: false });
      },
    );

    it('ignores a saved light theme', () => {
      expect(themeForPath('/watch/abc', 'light')).toEqual({ scheme: 'dark', persist: false });
    });
  });

  describe('sign-in pages', () => {
    it.each(['/auth/login', '/auth/signup', '/auth/waitlist'])(
      'shows %s light when no theme was saved',
      (path) => {
        expect(themeForPath(path, null)).toEqual({ scheme: 'light', persist: true });
      },
    );

    it('applies a saved dark theme', () => {
      expect(themeForPath('/auth/login', 'dark')).toEqual({ scheme: 'dark', persist: true });
    });

    it('applies a saved light theme', () => {
      expect(themeForPath('/auth/signup', 'light')).toEqual({ scheme: 'light', persist: true });
    });

    it('treats a trailing slash like the bare path', () => {
      expect(themeForPath('/auth/login/', null).scheme).toBe('light');
    });
  });

  describe('everything else', () => {
    it.each(['/', '/channels', '/auth/reset-password', '/onboarding', '/embeds', '/no/such/page'])(
      'shows %s dark without overwriting the saved theme',
      (path) => {
        expect(themeForPath(path, null)).toEqual({ scheme: 'dark', persist: false });
        expect(themeForPath(path, 'light')).toEqual({ scheme: 'dark', persist: false });
      },
    );
  });
});
