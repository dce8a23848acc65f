import { messages } from '../../i18n/messages';

const t = messages();
// The localization preferences of an account (`settings.localization`), with the seed's
// defaults: English, imperial units, the 12-hour clock, US dollars. The clock is read by every
// area that shows times (lib/clock-setting.ts); units and currency by the areas that show
// measures and money.

export interface Localization {
  language: 'en';
  units: 'imperial' | 'metric';
  clock: '12h' | '24h';
  currency: string;
}

export const DEFAULT_LOCALIZATION: Localization = {
  language: 'en',
  units: 'imperial',
  clock: '12h',
  currency: 'USD',
};

export const LANGUAGES = [{ value: 'en', label: 'English' }] as const;

export const UNITS = [
  { value: 'imperial', label: t.settings.imperialMiFtF },
  { value: 'metric', label: t.settings.metricKmMC },
] as const;

export const CLOCKS = [
  { value: '12h', label: t.settings._12Hour130Pm },
  { value: '24h', label: t.settings._24Hour1330 },
] as const;

/** Currencies a station is likely to invoice sponsors in; ISO 4217 codes. */
export const CURRENCIES = [
  { value: 'USD', label: t.settings.usDollarUsd },
  { value: 'CAD', label: t.settings.canadianDollarCad },
  { value: 'EUR', label: t.settings.euroEur },
  { value: 'GBP', label: t.settings.poundSterlingGbp },
  { value: 'AUD', label: t.settings.australianDollarAud },
  { value: 'MXN', label: t.settings.mexicanPesoMxn },
] as const;

const oneOf = <T extends string>(options: readonly { value: T }[], value: unknown, fallback: T) =>
  options.some((option) => option.value === value) ? (value as T) : fallback;

/** The account's localization, each part defaulted when missing or not one we know. */
export function readLocalization(settings: unknown): Localization {
  const saved =
    typeof settings === 'object' && settings !== null
      ? (settings as { localization?: unknown }).localization
      : undefined;
  const value =
    typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : {};
  return {
    language: 'en',
    units: oneOf(UNITS, value.units, DEFAULT_LOCALIZATION.units),
    clock: oneOf(CLOCKS, value.clock, DEFAULT_LOCALIZATION.clock),
    currency: oneOf(CURRENCIES, value.currency, DEFAULT_LOCALIZATION.currency),
  };
}

/** The account's settings with this localization, keeping every other setting. */
export function withLocalization(
  settings: unknown,
  localization: Localization,
): Record<string, unknown> {
  const base =
    typeof settings === 'object' && settings !== null && !Array.isArray(settings)
      ? (settings as Record<string, unknown>)
      : {};
  return { ...base, localization: { ...localization } };
}

/** A sum of money as the user reads it, e.g. 1234.5 → "$1,234.50" (en-US, their currency). */
export function formatMoney(amount: number, localization: Pick<Localization, 'currency'>): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: localization.currency,
  }).format(amount);
}
