/**
 * A date field holding a calendar day (a spot's validity, a campaign's flight): the value as its
 * day at midnight (`YYYY-MM-DD 00:00:00.000Z`), or '' for none. Which zone the day is read in is
 * the reader's (the station's calendar).
 */
export function asCalendarDay(value: unknown): string {
  return typeof value === 'string' && value !== '' ? `${value.slice(0, 10)} 00:00:00.000Z` : '';
}
