import { Temporal } from 'temporal-polyfill';
import { civilDate, isoWeekday, MS_PER_DAY } from '../recurrence/civil.js';

const MS_PER_HOUR = 3_600_000;
const MS_PER_MINUTE = 60_000;

/** An instant read on a channel's wall clock. */
export interface LocalMoment {
  /** The local date as days since 1970-01-01. */
  epochDay: number;
  /** ISO weekday of the local date: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Minutes after local midnight on the wall clock (0–1439). */
  minute: number;
  /**
   * The instant the local clock hour began. On the night clocks go back, 01:00–02:00 happens
   * twice and the two hours have different starts, so they are two clock hours.
   */
  hourStartMs: number;
}

/**
 * Reads instants on one zone's wall clock. Asking Temporal costs tens of microseconds, and a
 * month of breaks asks thousands of times; the offset only changes at the zone's transitions,
 * so the reader remembers the span between two transitions and its offset, and adds it.
 */
export class LocalClock {
  private spanStart = Number.POSITIVE_INFINITY;
  private spanEnd = Number.NEGATIVE_INFINITY;
  private offsetMs = 0;

  /** Throws a RangeError when the runtime does not know the zone. */
  constructor(readonly timeZone: string) {
    Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone);
  }

  read(epochMs: number): LocalMoment {
    const offset = this.offsetAt(epochMs);
    const wall = epochMs + offset;
    const epochDay = Math.floor(wall / MS_PER_DAY);
    const intoDay = wall - epochDay * MS_PER_DAY;
    return {
      epochDay,
      weekday: isoWeekday(epochDay),
      minute: Math.floor(intoDay / MS_PER_MINUTE),
      hourStartMs: epochMs - (intoDay % MS_PER_HOUR),
    };
  }

  private offsetAt(epochMs: number): number {
    if (epochMs >= this.spanStart && epochMs < this.spanEnd) return this.offsetMs;
    const zoned = Temporal.Instant.fromEpochMilliseconds(Math.floor(epochMs)).toZonedDateTimeISO(
      this.timeZone,
    );
    this.offsetMs = zoned.offsetNanoseconds / 1e6;
    const previous = zoned.getTimeZoneTransition('previous');
    const next = zoned.getTimeZoneTransition('next');
    // 'previous' is the last transition strictly before the instant: when the instant is a
    // transition itself, the span before it had another offset, so the span starts here.
    this.spanStart =
      previous && this.offsetAfter(previous) === this.offsetMs
        ? previous.epochMilliseconds
        : Math.floor(epochMs);
    this.spanEnd = next ? next.epochMilliseconds : Number.POSITIVE_INFINITY;
    return this.offsetMs;
  }

  private offsetAfter(transition: Temporal.ZonedDateTime): number {
    return transition.offsetNanoseconds / 1e6;
  }
}

/** One reader per zone, so breaks of several channels share the work. */
export class LocalClocks {
  private readonly clocks = new Map<string, LocalClock>();

  of(timeZone: string): LocalClock {
    let clock = this.clocks.get(timeZone);
    if (!clock) {
      clock = new LocalClock(timeZone);
      this.clocks.set(timeZone, clock);
    }
    return clock;
  }
}

/** "YYYY-MM-DD" of an epoch day. */
export function isoDateOfDay(epochDay: number): string {
  const { year, month, day } = civilDate(epochDay);
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
