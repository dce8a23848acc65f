import { Temporal } from 'temporal-polyfill';
import { instantToLocal } from './time.js';

// How the app shows dates and times (seed-spec §9): US dates, a 12-hour clock, in a given
// IANA zone (UTC unless the caller knows better: a channel's or organization's zone).
// Written by hand rather than with Intl so the output is the same in every browser and
// locale, which the guide, exports and tests rely on.

/** The clock a user reads times in (settings: localization clock, 12h by default). */
export type Clock = '12h' | '24h';

function wallClock(epochMs: number, zone: string): Temporal.PlainDateTime {
  return Temporal.PlainDateTime.from(instantToLocal(epochMs, zone));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as the US writes it, MM/DD/YYYY, on the wall calendar of the zone. */
export function formatUsDate(epochMs: number, zone = 'UTC'): string {
  const local = wallClock(epochMs, zone);
  return `${pad(local.month)}/${pad(local.day)}/${local.year}`;
}

/**
 * A time of day in the zone: "1:05 PM" on the 12-hour clock (midnight is 12:00 AM, noon
 * 12:00 PM), "13:05" on the 24-hour one; with `seconds`, "1:05:30 PM" and "13:05:30" (a
 * break between spots, cut to the frame; the seconds are truncated, never rounded up).
 */
export function formatTime(
  epochMs: number,
  zone = 'UTC',
  clock: Clock = '12h',
  { seconds = false }: { seconds?: boolean } = {},
): string {
  const local = seconds
    ? Temporal.Instant.fromEpochMilliseconds(Math.floor(epochMs))
        .toZonedDateTimeISO(zone)
        .toPlainDateTime()
    : wallClock(epochMs, zone);
  const rest = seconds ? `:${pad(local.minute)}:${pad(local.second)}` : `:${pad(local.minute)}`;
  if (clock === '24h') return `${pad(local.hour)}${rest}`;
  const hour = local.hour % 12 === 0 ? 12 : local.hour % 12;
  return `${hour}${rest} ${local.hour < 12 ? 'AM' : 'PM'}`;
}

/** Date and time together, e.g. "05/01/2024 1:05 PM". */
export function formatUsDateTime(epochMs: number, zone = 'UTC', clock: Clock = '12h'): string {
  return `${formatUsDate(epochMs, zone)} ${formatTime(epochMs, zone, clock)}`;
}

/** Today's date (YYYY-MM-DD) on the wall calendar of `zone`. */
export function todayIn(zone: string, now: number): string {
  return instantToLocal(now, zone).slice(0, 10);
}

const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size in bytes, the app's one convention: multiples of 1024 (as the schema's limits are
 * set), written KB, MB, GB: whole numbers as they are, others with one decimal, so a file just
 * over a limit never reads as the limit: "999 B", "1.5 KB", "5 MB", "5.0 MB".
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) {
    return `${Number.isFinite(bytes) ? Math.max(0, Math.round(bytes)) : 0} B`;
  }
  let value = bytes;
  let unit: string = 'B';
  for (const next of BYTE_UNITS) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}
