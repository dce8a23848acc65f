import type { Clock } from '@airgrid/domain';

// What a user's settings say of how they read the app (`settings.localization`): pure reads of
// the auth record, shared by the auth store (the language) and the areas that show times.

/** The user's `settings.localization` object, or null when they chose nothing or it is malformed. */
function localizationOf(user: unknown): Record<string, unknown> | null {
  if (typeof user !== 'object' || user === null) return null;
  const settings = (user as { settings?: unknown }).settings;
  if (typeof settings !== 'object' || settings === null) return null;
  const localization = (settings as { localization?: unknown }).localization;
  return typeof localization === 'object' && localization !== null
    ? (localization as Record<string, unknown>)
    : null;
}

/**
 * The clock a user reads times in: their settings' localization clock ('12h' | '24h'), 12-hour
 * (the seed's default) when they chose nothing, are signed out, or the setting is malformed.
 */
export function clockSetting(user: unknown): Clock {
  return localizationOf(user)?.clock === '24h' ? '24h' : '12h';
}

/**
 * The language a user reads the app in: their settings' localization language, as stored
 * (setLanguage in i18n/messages.ts falls back to English for one it has no catalog for).
 */
export function languageSetting(user: unknown): string {
  const language = localizationOf(user)?.language;
  return typeof language === 'string' ? language : 'en';
}

/**
 * The currency a user prefers (an ISO 4217 code): their settings' localization currency, US
 * dollars without one. What a station bills (campaign rates, invoices) is in the station's own
 * currency instead (`organizations.currency`).
 */
export function currencySetting(user: unknown): string {
  const currency = localizationOf(user)?.currency;
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'USD';
}
