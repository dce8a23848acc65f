import { en } from './en';

/** The shape of a catalog: a second language is `export const es: Messages = {...}`. */
export type Messages = typeof en;

/** The catalogs by language code (the account's `settings.localization.language`). */
export const catalogs = { en } satisfies Record<string, Messages>;

type Language = keyof typeof catalogs;

let active: Messages = catalogs.en;

/** The UI strings in the active language: `const t = messages();` then `t.common.save`. */
export function messages(): Messages {
  return active;
}

/** Switches the catalog `messages()` returns; a language without one falls back to English. */
export function setLanguage(language: string): void {
  active = language in catalogs ? catalogs[language as Language] : catalogs.en;
}
