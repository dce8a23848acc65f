// Text for XML 1.0 written by hand (the XMLTV feed streams, so it builds no document tree).

/**
 * Characters XML 1.0 cannot carry at all (C0 controls other than tab, line feed and carriage
 * return; U+FFFE and U+FFFF; surrogates without their pair). A parser stops at the first one, so
 * one stray control character pasted into a description would break a station's whole guide.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Line breaks with the blanks around them: XMLTV text content may not contain newlines. */
const LINE_BREAKS = /[ \t]*[\r\n\u2028\u2029]+[ \t\r\n\u2028\u2029]*/g;
const MARKUP = /[&<>"']/g;
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Anything {@link xmlText} has to change; most titles have none of it and are returned as they are. */
const NEEDS_WORK =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  /[&<>"'\r\n\u2028\u2029\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/;

/**
 * A string made safe for XML text content and for a double- or single-quoted attribute value:
 * `& < > " '` become entities, line breaks (and the blanks around them) one space, and the
 * characters XML cannot carry are dropped. Leading and trailing blanks are trimmed.
 */
export function xmlText(value: string): string {
  if (!NEEDS_WORK.test(value)) return value.trim();
  return value
    .replace(NOT_XML, '')
    .replace(LINE_BREAKS, ' ')
    .trim()
    .replace(MARKUP, (character) => ENTITIES[character] ?? character);
}

/**
 * Like {@link xmlText}, for text whose paragraphs matter (a podcast's description): line breaks
 * stay, one per break, and blanks around them go.
 */
export function xmlParagraphs(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/[ \t]*(\r\n?|[\n\u2028\u2029])[ \t]*/g, '\n')
    .trim()
    .replace(MARKUP, (character) => ENTITIES[character] ?? character);
}
