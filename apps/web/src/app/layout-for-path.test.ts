import { describe, expect, it } from 'vitest';
import { layoutForPath } from './layout-for-path';

describe('layoutForPath', () => {
  it('gives the operator console its own frame, signed in or out', () => {
    for (const signedIn of [true, false]) {
      expect(layoutForPath('/operator', signedIn)).toBe('operator');
      expect(layoutForPath('/operator/login', signedIn)).toBe('operator');
    }
    expect(layoutForPath('/operators-guide', true)).toBe('default');
  });

  describe('sign-in pages', () => {
    it.each(['/auth/login', '/auth/signup', '/auth/waitlist'])(
      'uses the auth layout on %s while signed out',
      (path) => {
        expect(layoutForPath(path, false)).toBe('auth');
      },
    );

    it.each(['/auth/login', '/auth/signup', '/auth/waitlist'])(
      'falls through to the onboarding layout on %s once signed in',
      (path) => {
        expect(layoutForPath(path, true)).toBe('onboarding');
      },
    );

    it('treats a trailing slash like the bare path', () => {
      expect(layoutForPath('/auth/login/', false)).toBe('auth');
    });

    it('uses the onboarding layout for other /auth pages, signed in or out', () => {
      expect(layoutForPath('/auth/reset-password', false)).toBe('onboarding');
      expect(layoutForPath('/auth/reset-password', true)).toBe('onboarding');
      expect(layoutForPath('/auth/verify-email', false)).toBe('onboarding');
      expect(layoutForPath('/auth/confirm-email-change', false)).toBe('onboarding');
      expect(layoutForPath('/auth/confirm-email-change', true)).toBe('onboarding');
      expect(layoutForPath('/auth', false)).toBe('onboarding');
    });
  });

  describe('watch pages', () => {
    it.each([
      ['/watch', false],
      ['/watch', true],
      ['/watch/abc', false],
      ['/watch/abc', true],
    ] as const)('uses the watch layout on %s (signed in: %s)', (path, signedIn) => {
      expect(layoutForPath(path, signedIn)).toBe('watch');
    });

    it('applies to any path containing /watch, as the seed says', () => {
      expect(layoutForPath('/channels/abc/watch', true)).toBe('watch');
    });

    it('wins over the onboarding rule', () => {
      expect(layoutForPath('/onboarding/watch', true)).toBe('watch');
    });

    it('does not catch paths that merely start alike without the slash', () => {
      expect(layoutForPath('/rewatch', true)).toBe('default');
      expect(layoutForPath('/rewatch', false)).toBe('public');
    });
  });

  describe('onboarding', () => {
    it.each(['/onboarding', '/onboarding/step', '/onboarding/channel'])(
      'uses the onboarding layout on %s',
      (path) => {
        expect(layoutForPath(path, true)).toBe('onboarding');
        expect(layoutForPath(path, false)).toBe('onboarding');
      },
    );
  });

  describe('embeds', () => {
    it('renders widgets bare, without the app chrome', () => {
      expect(layoutForPath('/embed/abc123', false)).toBe('bare');
      expect(layoutForPath('/embed/abc123', true)).toBe('bare');
    });

    it('checks the embed rule before the watch rule', () => {
      expect(layoutForPath('/embed/watch', false)).toBe('bare');
    });

    it('keeps the embeds management page in the default layout', () => {
      expect(layoutForPath('/embeds', true)).toBe('default');
      expect(layoutForPath('/embed', true)).toBe('default');
    });
  });

  describe('everything else', () => {
    it.each([
      '/',
      '/channels',
      '/channels/abc',
      '/tvguide',
      '/multiview',
      '/settings/profile',
      '/privacy',
      '/no/such/page',
      '/o/riverside/tvguide',
    ])('uses the default layout on %s signed in, the public one signed out', (path) => {
      expect(layoutForPath(path, true)).toBe('default');
      expect(layoutForPath(path, false)).toBe('public');
    });

    it("uses the watch layout for a station's watch pages", () => {
      expect(layoutForPath('/o/riverside/watch', false)).toBe('watch');
      expect(layoutForPath('/o/riverside/watch/rctv-1', true)).toBe('watch');
    });
  });
});
