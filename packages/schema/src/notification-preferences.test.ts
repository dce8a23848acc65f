import { describe, expect, it } from 'vitest';
import {
  defaultNotificationPreferences,
  readNotificationPreferences,
  wantsEmail,
  wantsNative,
  withNotificationPreferences,
} from './notification-preferences.js';

describe('notification preferences', () => {
  it('default to email on, browser notifications off, every type on', () => {
    const preferences = readNotificationPreferences(undefined);
    expect(preferences).toEqual(defaultNotificationPreferences());
    expect(preferences.email).toBe(true);
    expect(preferences.native).toBe(false);
    expect(Object.values(preferences.types).every(Boolean)).toBe(true);
    expect(wantsEmail(null, 'success')).toBe(true);
    expect(wantsNative(null, 'success')).toBe(false);
  });

  it('read what is saved and ignore what is malformed', () => {
    const settings = {
      theme: 'light',
      notifications: { email: false, native: 'yes', types: { warning: false, info: 'no' } },
    };
    const preferences = readNotificationPreferences(settings);
    expect(preferences.email).toBe(false);
    expect(preferences.native).toBe(false);
    expect(preferences.types.warning).toBe(false);
    expect(preferences.types.info).toBe(true);
  });

  it('mail and show only the types that are on', () => {
    const settings = withNotificationPreferences(
      { theme: 'dark' },
      {
        ...defaultNotificationPreferences(),
        native: true,
        types: { ...defaultNotificationPreferences().types, warning: false },
      },
    );
    expect(settings.theme).toBe('dark');
    expect(wantsEmail(settings, 'warning')).toBe(false);
    expect(wantsEmail(settings, 'success')).toBe(true);
    expect(wantsNative(settings, 'warning')).toBe(false);
    expect(wantsNative(settings, 'success')).toBe(true);
  });
});
