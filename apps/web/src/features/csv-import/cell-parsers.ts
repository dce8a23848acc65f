import { roundUpToQuarterHour } from '@airgrid/domain';
import { messages } from '../../i18n/messages';

const t = messages();

/**
 * Parsers for one CSV cell each: they take the trimmed, non-empty text a person typed into a
 * spreadsheet and return the value to store, or a message that completes the sentence
 * "Row 7, Duration: …" (lower case, no full stop), so the preview can list it beside others.
 */
export type CellResult<V> = { value: V } | { error: string };

/** The longest duration a show can have: a longer value is almost always a typo or a date. */
const MAX_DURATION_SEC = 24 * 60 * 60;

export const DURATION_HINT = t.csvImport.mustBeANumberOf;

/** A text field of the record, held to the field's length limit. */
export function textCell(max: number): (text: string) => CellResult<string> {
  const t = messages();
  return (text) => {
    const length = [...text].length;
    return length > max ? { error: t.csvImport.mustBeAtMostMax(max, length) } : { value: text };
  };
}

/**
 * The exact seconds of a duration as people write it: minutes ("30", "22.5", "45 min"),
 * hours and minutes ("1h30", "1 h 30 min"), or a clock ("0:30" is h:mm, "1:30:00" h:mm:ss).
 * Null when it is none of these.
 */
export function durationSeconds(text: string): number | null {
  const value = text.trim().toLowerCase();
  const minutes = /^(\d+(?:[.,]\d+)?)\s*(?:m|mins?|minutes?)?$/.exec(value);
  if (minutes) return Math.round(Number(minutes[1]?.replace(',', '.')) * 60);
  const clock = /^(\d+):([0-5]\d)(?::([0-5]\d))?$/.exec(value);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
  const words = /^(\d+)\s*h(?:ours?|rs?)?\s*(?:(\d+)\s*(?:m|mins?|minutes?)?)?$/.exec(value);
  if (words) return Number(words[1]) * 3600 + Number(words[2] ?? 0) * 60;
  return null;
}

/** A duration cell: the seconds rounded up to 15-minute steps. */
export function durationCell(text: string): CellResult<number> {
  const t = messages();
  const seconds = durationSeconds(text);
  if (seconds === null) return { error: DURATION_HINT };
  if (seconds <= 0) return { error: t.csvImport.mustBeLongerThan0 };
  if (seconds > MAX_DURATION_SEC) return { error: t.csvImport.mustBeAtMost24 };
  return { value: roundUpToQuarterHour(seconds) };
}

/**
 * A duration cell under the record field's own name (`durationSec`): whole seconds, as the API
 * and an export write them, rounded up to 15-minute steps like every other duration.
 */
export function durationSecondsCell(text: string): CellResult<number> {
  const t = messages();
  if (!/^\d+$/.test(text)) return { error: t.csvImport.mustBeWholeSecondsSuch };
  const seconds = Number(text);
  if (seconds <= 0) return { error: t.csvImport.mustBeLongerThan02 };
  if (seconds > MAX_DURATION_SEC) return { error: t.csvImport.mustBeAtMost86400 };
  return { value: roundUpToQuarterHour(seconds) };
}

/** A whole number of 0 or more, such as a season or episode number. */
export function wholeNumberCell(text: string): CellResult<number> {
  const t = messages();
  if (!/^\d+$/.test(text)) return { error: t.csvImport.mustBeAWholeNumber };
  const value = Number(text);
  return Number.isSafeInteger(value) ? { value } : { error: t.csvImport.isTooLarge };
}

/** Tags separated by commas, semicolons or bars; blanks and repeats (any case) dropped. */
export function tagsCell(text: string): CellResult<string[]> {
  const t = messages();
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of text.split(/[,;|]/)) {
    const tag = part.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags.length > 0 ? { value: tags } : { error: t.csvImport.mustNameAtLeastOne };
}

const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

/**
 * A language code (BCP 47: "en", "es-MX"), as feeds and podcast apps need it, written in its
 * canonical form ("es-mx" becomes "es-MX").
 */
export function languageCell(max: number): (text: string) => CellResult<string> {
  const t = messages();
  const invalid = { error: t.csvImport.mustBeALanguageCode };
  return (text) => {
    if (!LANGUAGE_TAG.test(text) || text.length > max) return invalid;
    try {
      const [canonical] = Intl.getCanonicalLocales(text);
      return canonical ? { value: canonical } : invalid;
    } catch {
      return invalid;
    }
  };
}

// The server's own check for url fields (apps/server/src/records/record-input.ts), so a cell
// the preview accepts is never refused by the server.
const WEB_ADDRESS = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/** A web address starting with http:// or https://. */
export function urlCell(text: string): CellResult<string> {
  const t = messages();
  return WEB_ADDRESS.test(text) ? { value: text } : { error: t.csvImport.mustBeAWebAddress };
}

/** One of a fixed list of values, in any letter case. */
export function choiceCell(values: readonly string[]): (text: string) => CellResult<string> {
  const t = messages();
  const list =
    values.length > 1
      ? t.common.or(values.slice(0, -1).join(', '), String(values[values.length - 1]))
      : (values[0] ?? '');
  return (text) => {
    const value = values.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
    return value === undefined ? { error: t.csvImport.mustBeList(list) } : { value };
  };
}
