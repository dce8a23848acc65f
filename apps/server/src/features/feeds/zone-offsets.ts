import { Temporal } from 'temporal-polyfill';

/** A change of a zone's UTC offset: at `at` (epoch ms) the offset goes from `offsetFrom` to `offsetTo`. */
export interface ZoneTransition {
  at: number;
  /** Offsets in milliseconds east of UTC. */
  offsetFrom: number;
  offsetTo: number;
}

const MS_PER_NS = 1e6;

function zoned(epochMs: number, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone);
}

function offsetOf(epochMs: number, timeZone: string): number {
  return zoned(epochMs, timeZone).offsetNanoseconds / MS_PER_NS;
}

/**
 * The UTC offset of one IANA zone at any instant, for feeds that write 100,000 times in a row.
 *
 * Asking Temporal costs tens of microseconds, and a feed asks twice per programme. Offsets change
 * only at a zone's transitions, so this remembers the span between the two transitions around the
 * last instant it was asked about, and the offset in it: answers inside the span cost a
 * comparison. (packages/domain's WallClockZone does the same for the opposite direction.)
 */
export class ZoneOffsets {
  /** The span [spanStart, spanEnd) in which `offset` holds. */
  private spanStart = Number.POSITIVE_INFINITY;
  private spanEnd = Number.NEGATIVE_INFINITY;
  private offset = 0;
  /** The offsets just before `spanStart` and from `spanEnd` on. */
  private previousOffset = 0;
  private nextOffset = 0;

  /** Throws a RangeError when the runtime does not know the zone. */
  constructor(readonly timeZone: string) {
    zoned(0, timeZone);
  }

  /** The zone's offset from UTC at the instant, in milliseconds (east positive). */
  offsetAt(epochMs: number): number {
    if (epochMs < this.spanStart || epochMs >= this.spanEnd) this.remember(epochMs);
    return this.offset;
  }

  /**
   * True when the instant's wall-clock time happens twice in the zone: either pass through the
   * hour a fall-back change repeats (01:30 EDT and 01:30 EST). RFC 5545 says such a time with a
   * TZID means the first pass, but calendar programs differ (ical.js reads the second), so an
   * iCalendar writer should give these instants in UTC.
   */
  isAmbiguousWallTime(epochMs: number): boolean {
    const offset = this.offsetAt(epochMs);
    const repeatedAtStart = this.previousOffset - offset;
    const repeatedAtEnd = offset - this.nextOffset;
    return (
      (repeatedAtStart > 0 && epochMs < this.spanStart + repeatedAtStart) ||
      (repeatedAtEnd > 0 && epochMs >= this.spanEnd - repeatedAtEnd)
    );
  }

  /**
   * The transitions that decide the offsets in [from, to): the last one at or before `from` (the
   * rule in force when the window opens) and every one inside the window, oldest first. Empty for
   * a zone that has never changed its offset (UTC).
   */
  transitions(from: number, to: number): ZoneTransition[] {
    const result: ZoneTransition[] = [];
    // `previous` is strictly before its instant, so ask from just after `from`.
    let transition =
      zoned(from + 1, this.timeZone).getTimeZoneTransition('previous') ??
      zoned(from, this.timeZone).getTimeZoneTransition('next');
    while (transition && transition.epochMilliseconds < to) {
      const at = transition.epochMilliseconds;
      result.push({
        at,
        offsetFrom: offsetOf(at - 1, this.timeZone),
        offsetTo: transition.offsetNanoseconds / MS_PER_NS,
      });
      transition = transition.getTimeZoneTransition('next');
    }
    return result;
  }

  private remember(epochMs: number): void {
    const here = zoned(epochMs, this.timeZone);
    this.offset = here.offsetNanoseconds / MS_PER_NS;
    // The last transition at or before the instant: `previous` is strict, so ask from 1 ms later.
    const previous = zoned(epochMs + 1, this.timeZone).getTimeZoneTransition('previous');
    const next = here.getTimeZoneTransition('next');
    this.spanStart = previous ? previous.epochMilliseconds : Number.NEGATIVE_INFINITY;
    this.spanEnd = next ? next.epochMilliseconds : Number.POSITIVE_INFINITY;
    this.previousOffset = previous ? offsetOf(this.spanStart - 1, this.timeZone) : this.offset;
    this.nextOffset = next ? next.offsetNanoseconds / MS_PER_NS : this.offset;
  }
}

/** Zone offset helpers shared by a feed: one {@link ZoneOffsets} per zone name. */
export class ZoneOffsetCache {
  private readonly zones = new Map<string, ZoneOffsets>();

  /** The helper for the zone; throws a RangeError for a zone the runtime does not know. */
  get(timeZone: string): ZoneOffsets {
    let zone = this.zones.get(timeZone);
    if (!zone) {
      zone = new ZoneOffsets(timeZone);
      this.zones.set(timeZone, zone);
    }
    return zone;
  }
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

const MS_PER_DAY = 86_400_000;
/** The last day {@link digits} formatted: a feed formats thousands of times per day in a row. */
let cachedDay = Number.NaN;
let cachedDate = '';

/** "YYYYMMDD" and "HHMMSS" of the UTC fields of an epoch-ms value (a wall clock shifted into UTC). */
function digits(epochMs: number): { date: string; time: string } {
  const day = Math.floor(epochMs / MS_PER_DAY);
  if (day !== cachedDay) {
    const d = new Date(day * MS_PER_DAY);
    cachedDate = `${String(d.getUTCFullYear()).padStart(4, '0')}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}`;
    cachedDay = day;
  }
  const seconds = Math.floor((epochMs - day * MS_PER_DAY) / 1000);
  const time = `${pad2(Math.floor(seconds / 3600))}${pad2(Math.floor(seconds / 60) % 60)}${pad2(seconds % 60)}`;
  return { date: cachedDate, time };
}

/** An offset in ms as XMLTV's "+hhmm" / "-hhmm" (no colon; rounded to the minute). */
export function formatOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  return `${offsetMs < 0 ? '-' : '+'}${pad2(Math.floor(minutes / 60))}${pad2(minutes % 60)}`;
}

/**
 * An instant as XMLTV writes it: "YYYYMMDDhhmmss ±hhmm", the wall-clock time in the zone and the
 * zone's offset at that instant (INTEGRATIONS c.1: always explicit, never a colon).
 */
export function formatXmltvTime(epochMs: number, zone: ZoneOffsets): string {
  const offset = zone.offsetAt(epochMs);
  const { date, time } = digits(epochMs + offset);
  return `${date}${time} ${formatOffset(offset)}`;
}

/** An instant as an iCalendar UTC date-time: "YYYYMMDDTHHMMSSZ". */
export function formatIcsUtc(epochMs: number): string {
  const { date, time } = digits(epochMs);
  return `${date}T${time}Z`;
}

/** The wall-clock time of an instant in the zone as an iCalendar local date-time: "YYYYMMDDTHHMMSS". */
export function formatIcsLocal(epochMs: number, zone: ZoneOffsets): string {
  const { date, time } = digits(epochMs + zone.offsetAt(epochMs));
  return `${date}T${time}`;
}

/** A local wall-clock time given as epoch ms + offset (a VTIMEZONE onset): "YYYYMMDDTHHMMSS". */
export function formatIcsWallClock(wallMs: number): string {
  const { date, time } = digits(wallMs);
  return `${date}T${time}`;
}

/** The zone's short name for the offset in force at an instant ("EST", "EDT"; "GMT+1" where English has none). */
export function zoneAbbreviation(timeZone: string, epochMs: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(
    epochMs,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}
