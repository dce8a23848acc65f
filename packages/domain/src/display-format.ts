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
 * 12:00 PM), "13:05" on the 24-hour one.
 */
export function formatTime(epochMs: number, zone = 'UTC', clock: Clock = '12h'): string {
  const local = wallClock(epochMs, zone);
  if (clock === '24h') return `${pad(local.hour)}:${pad(local.minute)}`;
  const hour = local.hour % 12 === 0 ? 12 : local.hour % 12;
  return `${hour}:${pad(local.minute)} ${local.hour < 12 ? 'AM' : 'PM'}`;
}

/** Date and time together, e.g. "05/01/2024 1:05 PM". */
export function formatUsDateTime(epochMs: number, zone = 'UTC', clock: Clock = '12h'): string {
  return `${formatUsDate(epochMs, zone)} ${formatTime(epochMs, zone, clock)}`;
}

/** Today's date (YYYY-MM-DD) on the wall calendar of `zone`. */
export function todayIn(zone: string, now: number): string {
  return instantToLocal(now, zone).slice(0, 10);
}

/** Whole minutes of a duration in seconds; anything not a finite number counts as none. */
function wholeMinutes(seconds: number): number {
  return Number.isFinite(seconds) ? Math.round(seconds / 60) : 0;
}

/** "1 h 30 min", "45 min", "2 h": a duration as people say it. */
export function formatDuration(seconds: number): string {
  const minutes = wholeMinutes(seconds);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** A duration as h:mm, e.g. 5400 → "1:30", for columns; none (0 or less) → "—". */
export function formatDurationClock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '—';
  const minutes = wholeMinutes(seconds);
  return `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
}

/**
 * A media file's running time to the second, as players show it: "1:02:03", "4:05", "0:03";
 * none (not a finite number, or negative) → "0:00".
 */
export function formatRunningTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = pad(total % 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${rest}` : `${minutes}:${rest}`;
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
