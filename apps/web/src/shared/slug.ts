export { slugify } from '@airgrid/domain';

const FALLBACK_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
];

/**
 * Every IANA time zone the browser knows, plus UTC and the browser's own zone: Chromium's list
 * leaves out aliases such as "UTC", which would make a preselected zone show as empty.
 */
export function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const known = supported ? supported('timeZone') : FALLBACK_ZONES;
  return [...new Set(['UTC', browserTimeZone(), ...known])].sort();
}

/** The browser's own time zone, to preselect. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
