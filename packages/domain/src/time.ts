import { Temporal } from 'temporal-polyfill';

/** Seconds in one 15-minute step: durations snap to it and a guide column spans it. */
export const QUARTER_HOUR_SEC = 900;

const MS_PER_SEC = 1000;

/** Rounds a duration entered by a person to the nearest 15 minutes, never below one step. */
export function snapToQuarterHour(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return QUARTER_HOUR_SEC;
  return Math.max(QUARTER_HOUR_SEC, Math.round(seconds / QUARTER_HOUR_SEC) * QUARTER_HOUR_SEC);
}

/**
 * A show's running time as the length of the timeslot that holds it: rounded up to whole
 * 15-minute steps, never below one. Up, not to the nearest step: a 50-minute programme in a
 * 45-minute slot would be cut off every time it airs. The show form, the CSV importer and a
 * show dropped on the timeline all use this one rule.
 */
export function roundUpToQuarterHour(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return QUARTER_HOUR_SEC;
  return Math.max(1, Math.ceil(seconds / QUARTER_HOUR_SEC)) * QUARTER_HOUR_SEC;
}

/** The same step in milliseconds, the unit of instants. */
export const QUARTER_HOUR_MS = QUARTER_HOUR_SEC * 1000;

/**
 * Rounds an instant (epoch milliseconds) to the nearest 15-minute mark of the UTC grid. Every
 * time zone offset in use is a multiple of 15 minutes, so the grid is the same in wall-clock
 * time. Ties round later.
 */
export function snapInstant(epochMs: number): number {
  if (!Number.isFinite(epochMs)) {
    throw new RangeError(
      `An instant must be a finite number of epoch milliseconds (got ${epochMs}).`,
    );
  }
  // `+ 0` turns the -0 that Math.round gives for small negative values into 0.
  return Math.round(epochMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS + 0;
}

/** True when the instant lies on the 15-minute grid. */
export function isOnQuarterHour(epochMs: number): boolean {
  return Number.isFinite(epochMs) && epochMs % QUARTER_HOUR_MS === 0;
}

/** Number of 15-minute guide columns a span of seconds covers (seconds / 900). */
export function guideColumns(seconds: number): number {
  return seconds / QUARTER_HOUR_SEC;
}

/** True when the name is an IANA time zone the runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  if (zone.trim() === '') return false;
  try {
    Temporal.Now.instant().toZonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Converts a wall-clock time in a zone to an instant (epoch milliseconds).
 * A time skipped by a DST change moves forward; a repeated one takes the earlier instant.
 */
export function localToInstant(local: string, zone: string): number {
  const dateTime = Temporal.PlainDateTime.from(local);
  return dateTime.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
}

/** The wall-clock date and time (ISO, minute precision) of an instant in a zone. */
export function instantToLocal(epochMs: number, zone: string): string {
  const zoned = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone);
  return zoned.toPlainDateTime().toString({ smallestUnit: 'minute' });
}

/**
 * An instant as ISO 8601 wall-clock time in a zone with its offset, to the second
 * (`2031-01-06T07:00:03-05:00`): what schedule imports such as Cablecast's `runDateTime` read.
 */
export function instantToOffsetIso(epochMs: number, zone: string): string {
  const zoned = Temporal.Instant.fromEpochMilliseconds(
    Math.floor(epochMs / 1000) * 1000,
  ).toZonedDateTimeISO(zone);
  return `${zoned.toPlainDateTime().toString({ smallestUnit: 'second' })}${zoned.offset}`;
}

/** The Monday (ISO date) of the week that contains the instant, in the zone. */
export function mondayOfWeek(epochMs: number, zone: string): string {
  const date = Temporal.Instant.fromEpochMilliseconds(epochMs)
    .toZonedDateTimeISO(zone)
    .toPlainDate();
  return date.subtract({ days: date.dayOfWeek - 1 }).toString();
}

/** Adds whole days to an ISO date (calendar days, so DST never shifts it). */
export function addDays(isoDate: string, days: number): string {
  return Temporal.PlainDate.from(isoDate).add({ days }).toString();
}

/** Length in seconds of a local calendar day in a zone: 82,800 / 86,400 / 90,000 around DST. */
export function lengthOfLocalDay(isoDate: string, zone: string): number {
  const start = Temporal.PlainDate.from(isoDate).toZonedDateTime({ timeZone: zone });
  const next = start.add({ days: 1 });
  return (next.epochMilliseconds - start.epochMilliseconds) / MS_PER_SEC;
}

/** The first instant a record date can hold: 0001-01-01 00:00:00.000Z (PocketBase's range). */
export const MIN_RECORD_DATE_MS = -62_135_596_800_000;
/** The last instant a record date can hold: 9999-12-31 23:59:59.999Z (PocketBase's range). */
export const MAX_RECORD_DATE_MS = 253_402_300_799_999;

/** True when the instant is a finite number within years 1 to 9999, the record dates' range. */
export function isRecordDateInRange(epochMs: number): boolean {
  return Number.isFinite(epochMs) && epochMs >= MIN_RECORD_DATE_MS && epochMs <= MAX_RECORD_DATE_MS;
}

/**
 * Formats an instant the way the PocketBase wire format does:
 * UTC, a space separator and milliseconds, e.g. "2024-05-01 10:11:12.345Z".
 * It never throws: an instant outside years 1 to 9999 is clamped to that range's nearer end, so
 * the text always has the record format and sorts as time does (validation refuses such dates
 * before they are stored; this only keeps arithmetic past the ends, say an end 7 days after
 * 9999-12-31, from failing), and a NaN is the empty date "".
 */
export function toRecordDate(epochMs: number): string {
  if (Number.isNaN(epochMs)) return '';
  const clamped = Math.min(Math.max(epochMs, MIN_RECORD_DATE_MS), MAX_RECORD_DATE_MS);
  return new Date(clamped).toISOString().replace('T', ' ');
}

/**
 * Parses a record date ("2024-05-01 10:11:12.345Z" or ISO 8601) to epoch ms, or null when it is
 * empty, not a date, or outside years 1 to 9999 (the range a record date can hold).
 */
export function fromRecordDate(value: string): number | null {
  if (value === '') return null;
  const ms = Date.parse(value.replace(' ', 'T'));
  return isRecordDateInRange(ms) ? ms : null;
}

/** A wall-clock time read in a zone: its instant, or why it has none. */
export type ZonedReading =
  | {
      ok: true;
      epochMs: number /** The time happens twice (DST ends); this is the first. */;
      repeated: boolean;
    }
  | { ok: false; reason: 'skipped' | 'invalid' };

/**
 * Reads "YYYY-MM-DD HH:mm" (or with a T, and optional seconds) as a wall-clock time in `zone`.
 * A time the zone's clocks jump over (02:30 when DST starts) is `skipped`, never silently moved;
 * a time that happens twice (01:30 when DST ends) reads as the first and says so.
 */
export function readLocalTime(local: string, zone: string): ZonedReading {
  let dateTime: Temporal.PlainDateTime;
  try {
    if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.test(local.trim()))
      return { ok: false, reason: 'invalid' };
    dateTime = Temporal.PlainDateTime.from(local.trim().replace(' ', 'T'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const earlier = dateTime.toZonedDateTime(zone, { disambiguation: 'earlier' });
  if (!earlier.toPlainDateTime().equals(dateTime)) return { ok: false, reason: 'skipped' };
  const later = dateTime.toZonedDateTime(zone, { disambiguation: 'later' });
  return {
    ok: true,
    epochMs: earlier.epochMilliseconds,
    repeated: later.epochMilliseconds !== earlier.epochMilliseconds,
  };
}
