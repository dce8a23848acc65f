import { Temporal } from 'temporal-polyfill';
import { civilDate, MS_PER_DAY, type WallTime, wallMs } from './civil.js';
import { RecurrenceError } from './errors.js';

/**
 * Turns wall-clock times in one IANA zone into instants, the way RFC 5545 and Temporal's
 * 'compatible' disambiguation do: a time inside a spring-forward gap moves forward by the length
 * of the gap (02:30 on a 23-hour day becomes 03:30), and a time that happens twice on a
 * fall-back day takes the first (earlier) instant.
 *
 * Asking Temporal for every occurrence costs tens of microseconds each, and a year of a daily
 * rule asks 365 times. Offsets change only at a zone's transitions (twice a year at most in
 * practice), so the converter remembers the span between two transitions and its offset, and
 * computes `wall - offset` directly while the answer is more than two days from either end of
 * that span. Offsets differ by less than 26 hours, so that far from a transition no other offset
 * can map to the same wall-clock time and no gap is near: the shortcut gives Temporal's answer.
 * Near a transition it asks Temporal.
 */
export class WallClockZone {
  private spanStart = Number.POSITIVE_INFINITY;
  private spanEnd = Number.NEGATIVE_INFINITY;
  private offsetMs = 0;

  /** Throws a {@link RecurrenceError} when the runtime does not know the zone. */
  constructor(readonly timeZone: string) {
    try {
      if (timeZone.trim() === '') throw new RangeError('empty');
      Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone);
    } catch {
      throw new RecurrenceError(
        `"${timeZone}" is not a time zone: use an IANA name such as America/New_York`,
      );
    }
  }

  /** The instant (epoch ms) of a wall-clock time in this zone. */
  toInstant(wall: WallTime): number {
    const naive = wallMs(wall);
    const guess = naive - this.offsetMs;
    if (guess - 2 * MS_PER_DAY >= this.spanStart && guess + 2 * MS_PER_DAY < this.spanEnd) {
      return guess;
    }
    const { year, month, day } = civilDate(wall.day);
    const zoned = new Temporal.PlainDateTime(
      year,
      month,
      day,
      Math.floor(wall.minutes / 60),
      wall.minutes % 60,
    ).toZonedDateTime(this.timeZone, { disambiguation: 'compatible' });
    this.rememberSpan(zoned);
    return zoned.epochMilliseconds;
  }

  private rememberSpan(zoned: Temporal.ZonedDateTime): void {
    const previous = zoned.getTimeZoneTransition('previous');
    const next = zoned.getTimeZoneTransition('next');
    this.offsetMs = zoned.offsetNanoseconds / 1e6;
    this.spanStart = previous ? previous.epochMilliseconds : Number.NEGATIVE_INFINITY;
    this.spanEnd = next ? next.epochMilliseconds : Number.POSITIVE_INFINITY;
  }
}
