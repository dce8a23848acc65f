import type { Clock } from '@airgrid/domain';
import { useAuth } from './use-auth';

/**
 * The clock a user reads times in: their settings' localization clock ('12h' | '24h'), 12-hour
 * (the seed's default) when they chose nothing, are signed out, or the setting is malformed.
 */
export function clockSetting(user: unknown): Clock {
  if (typeof user !== 'object' || user === null) return '12h';
  const settings = (user as { settings?: unknown }).settings;
  if (typeof settings !== 'object' || settings === null) return '12h';
  const localization = (settings as { localization?: unknown }).localization;
  if (typeof localization !== 'object' || localization === null) return '12h';
  return (localization as { clock?: unknown }).clock === '24h' ? '24h' : '12h';
}

/**
 * The language a user reads the app in: their settings' localization language, as stored
 * (setLanguage in i18n/messages.ts falls back to English for one it has no catalog for).
 */
export function languageSetting(user: unknown): string {
  if (typeof user !== 'object' || user === null) return 'en';
  const settings = (user as { settings?: unknown }).settings;
  if (typeof settings !== 'object' || settings === null) return 'en';
  const localization = (settings as { localization?: unknown }).localization;
  if (typeof localization !== 'object' || localization === null) return 'en';
  const language = (localization as { language?: unknown }).language;
  return typeof language === 'string' ? language : 'en';
}

/** The signed-in user's clock, for any area that shows times; follows their settings. */
export function useClockSetting(): Clock {
  return clockSetting(useAuth().user);
}
