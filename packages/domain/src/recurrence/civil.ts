// Calendar arithmetic on "epoch days" (whole days since 1970-01-01 in the proleptic Gregorian
// calendar). Recurrence rules are evaluated on the channel's wall-clock calendar, where a day is
// a day whatever its length in seconds, so plain integers are both the simplest and the fastest
// representation. Time zones come in only when a wall-clock time becomes an instant (zone.ts).

/** A calendar date: month 1-12, day 1-31. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a calendar date (Howard Hinnant's days_from_civil). */
export function epochDay(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The calendar date of an epoch day (civil_from_days). */
export function civilDate(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday of an epoch day: 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(days: number): number {
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Months since January 1970 (0-based), so months can be stepped like days. */
export function monthIndex(year: number, month: number): number {
  return (year - 1970) * 12 + (month - 1);
}

export function monthOfIndex(index: number): { year: number; month: number } {
  const year = 1970 + Math.floor(index / 12);
  return { year, month: index - (year - 1970) * 12 + 1 };
}

const LOCAL_MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A wall-clock time as an epoch day and minutes after midnight. */
export interface WallTime {
  day: number;
  minutes: number;
}

/**
 * Parses 'YYYY-MM-DDTHH:mm' (the format of recurrences.startLocal and of occurrence keys),
 * or returns null when it is malformed or names a date or time that does not exist.
 */
export function parseLocalMinute(text: string): WallTime | null {
  const match = LOCAL_MINUTE.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59) return null;
  return { day: epochDay(year, month, day), minutes: hour * 60 + minute };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' of an epoch day. */
function formatDate(days: number): string {
  const { year, month, day } = civilDate(days);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** 'YYYY-MM-DDTHH:mm' of a wall-clock time: the occurrence key format. */
export function formatLocalMinute({ day, minutes }: WallTime): string {
  return `${formatDate(day)}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A wall-clock time read as if it were UTC, in ms: only for ordering and rough distances. */
export function wallMs({ day, minutes }: WallTime): number {
  return day * MS_PER_DAY + minutes * 60_000;
}
