import { describe, expect, it } from 'vitest';
import { preferenceToSave, schemeForPreference, themeForPath } from './theme-for-path';

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
      'shows %s dark when no colour mode was saved',
      (path) => {
        expect(themeForPath(path, null)).toEqual({ scheme: 'dark', persist: true });
      },
    );

    it('applies the saved colour mode', () => {
      expect(themeForPath('/dashboard', 'light')).toEqual({ scheme: 'light', persist: true });
      expect(themeForPath('/dashboard', 'dark')).toEqual({ scheme: 'dark', persist: true });
    });
  });

  describe('the system colour mode', () => {
    it('follows the system wherever the saved mode applies', () => {
      expect(themeForPath('/dashboard', 'system').scheme).toBe('auto');
      expect(themeForPath('/auth/login', 'system').scheme).toBe('auto');
    });

    it('never reaches the watch pages', () => {
      expect(themeForPath('/watch', 'system')).toEqual({ scheme: 'dark', persist: false });
    });

    it('is Mantine auto', () => {
      expect(schemeForPreference('system')).toBe('auto');
      expect(schemeForPreference('light')).toBe('light');
    });
  });
});

describe('preferenceToSave', () => {
  it('saves nothing when a path re-applies the scheme it already shows', () => {
    // ThemeByPath applies the path's scheme on every navigation: that is not a choice.
    expect(preferenceToSave('/auth/login', null, 'light')).toBeNull();
    expect(preferenceToSave('/dashboard', null, 'dark')).toBeNull();
    expect(preferenceToSave('/dashboard', 'system', 'auto')).toBeNull();
    expect(preferenceToSave('/dashboard', 'light', 'light')).toBeNull();
  });

  it('saves a different scheme picked where the preference applies', () => {
    expect(preferenceToSave('/dashboard', null, 'light')).toBe('light');
    expect(preferenceToSave('/auth/login', null, 'dark')).toBe('dark');
    expect(preferenceToSave('/dashboard', 'dark', 'auto')).toBe('system');
  });

  it('never saves on watch pages', () => {
    expect(preferenceToSave('/watch', null, 'light')).toBeNull();
    expect(preferenceToSave('/watch/abc', 'light', 'dark')).toBeNull();
  });
});
