// The time arithmetic of audience rollups (docs/decisions/0052-audience-measurement.md): buckets
// of five minutes and of an hour on the UTC epoch grid, which closed buckets are ready to roll
// up, and how a bucket is read in a station's zone.
import { Temporal } from 'temporal-polyfill';

export const MINUTE_MS = 60_000;
export const FIVE_MINUTES_MS = 5 * MINUTE_MS;
export const HOUR_MS = 60 * MINUTE_MS;

/** The start of the bucket of `sizeMs` that holds the instant (epoch ms, UTC grid). */
export function bucketStart(at: number, sizeMs: number): number {
  return Math.floor(at / sizeMs) * sizeMs;
}

/**
 * The buckets to roll up, oldest first: from `next` (the first not rolled up yet, on the grid)
 * every bucket that closed at least `settleMs` before `now`, at most `max` of them.
 */
export function settledBuckets(
  next: number,
  now: number,
  sizeMs: number,
  settleMs: number,
  max: number,
): number[] {
  const buckets: number[] = [];
  for (
    let start = bucketStart(next, sizeMs);
    start + sizeMs + settleMs <= now && buckets.length < max;
    start += sizeMs
  ) {
    buckets.push(start);
  }
  return buckets;
}

/**
 * Watch seconds one session adds to one bucket: `beatSec` a beat, never more than the bucket
 * lasts (a replayed or forged session cannot add more time than passed).
 */
export function cappedWatchSeconds(beats: number, beatSec: number, sizeMs: number): number {
  return Math.min(beats * beatSec, sizeMs / 1000);
}

/**
 * How the report's time groups read an instant: the hour, the ISO weekday, both (the heatmap's
 * cells), the date.
 */
export type TimeGroup = 'hour' | 'weekday' | 'weekday-hour' | 'day';

/**
 * The key of the time group an instant falls in, in the zone: "00"–"23" for the hour of day,
 * "1" (Monday)–"7" for the weekday, "1-18" for both, "2031-03-09" for the date. A day of a DST change has 23 or
 * 25 hours: the skipped hour has no key, the repeated one gathers both.
 */
export function timeGroupOf(at: number, zone: string, by: TimeGroup): string {
  const zoned = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone);
  if (by === 'hour') return String(zoned.hour).padStart(2, '0');
  if (by === 'weekday') return String(zoned.dayOfWeek);
  if (by === 'weekday-hour') return `${zoned.dayOfWeek}-${String(zoned.hour).padStart(2, '0')}`;
  return zoned.toPlainDate().toString();
}
