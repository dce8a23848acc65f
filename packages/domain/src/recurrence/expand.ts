// Expanding a recurrence into the instances (occurrences) that touch a window of time.
import { formatLocalMinute, MS_PER_DAY, parseLocalMinute, type WallTime, wallMs } from './civil.js';
import { RecurrenceError } from './errors.js';
import {
  prepareSeries,
  type RecurrenceSeriesInput,
  ruleInstances,
  type Series,
} from './instances.js';
import type { InstanceOverride, RecurrenceExceptions } from './overrides.js';

/** A recurrence record as expansion needs it: the series plus its per-instance overrides. */
export interface RecurrenceInput extends RecurrenceSeriesInput {
  /** Overrides by occurrence key; read stored json with parseExceptions first. */
  exceptions?: RecurrenceExceptions | null;
}

/** One instance of a recurrence: what becomes a timeslot. */
export interface Occurrence {
  /**
   * The instance's original local start, 'YYYY-MM-DDTHH:mm' in the recurrence's zone: its stable
   * id, unchanged when the instance is moved, and the key of its override in `exceptions`.
   */
  key: string;
  /** Start instant, epoch ms (after any move). */
  start: number;
  durationSec: number;
  /** The override applied to this instance, if any. */
  override?: InstanceOverride;
}

export interface ExpansionWindow {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive; equal to `from`, the window asks what is on at that instant. */
  to: number;
}

export interface ExpandOptions {
  /** Also return cancelled instances (with `override.cancelled`), e.g. to show them struck out. */
  includeCancelled?: boolean;
}

/** More instances than this in one window is a mistake (a window of decades), not a schedule. */
export const MAX_OCCURRENCES = 10_000;

/**
 * The instances of a recurrence that overlap the window (start < to and end > from, so a show
 * already running at `from` is included), sorted by start and then key.
 *
 * Wall-clock times are kept: a 19:00 show stays 19:00 local across DST changes, so its UTC
 * instant shifts by the change. A local time that does not exist (a spring-forward gap) moves
 * forward by the gap, e.g. 02:30 → 03:30; a time that happens twice (fall-back) takes the first,
 * e.g. 01:30 EDT rather than 01:30 EST (RFC 5545 §3.3.5, Temporal's 'compatible').
 *
 * Overrides: a cancelled instance is left out (see {@link ExpandOptions}); a moved one is placed
 * at its new local start and duration and kept if that overlaps the window, wherever its
 * original start was. Overrides whose key is not an instance of the rule are ignored
 * (validateRecurrence reports them).
 *
 * Throws a RecurrenceError (or RecurrenceRuleError) with a message for the person when the
 * recurrence or window is invalid, or the window would hold more than MAX_OCCURRENCES.
 */
export function expandRecurrence(
  recurrence: RecurrenceInput,
  window: ExpansionWindow,
  options: ExpandOptions = {},
): Occurrence[] {
  if (!Number.isFinite(window.from) || !Number.isFinite(window.to) || window.from > window.to) {
    throw new RecurrenceError('The window must be two instants, from before to');
  }
  const series = prepareSeries(recurrence);
  const exceptions = recurrence.exceptions ?? {};
  const overrides = new Map(Object.entries(exceptions));

  // Local days whose instances can overlap the window: the window read as wall-clock time,
  // widened by a day each way for the zone offset and by the longest duration.
  const longestMs =
    Math.max(series.durationSec, ...[...overrides.values()].map((o) => durationOf(o) ?? 0)) * 1000;
  let fromDay = Math.floor((window.from - longestMs) / MS_PER_DAY) - 1;
  let toDay = Math.floor(window.to / MS_PER_DAY) + 1;
  // An instance moved into the window may come from anywhere in the series.
  const windowDays = { fromDay, toDay };
  for (const [key, override] of overrides) {
    const moved = override.cancelled ? null : override.startLocal;
    const movedTo = moved ? parseLocalMinute(moved) : null;
    const original = parseLocalMinute(key);
    if (!movedTo || !original) continue;
    if (movedTo.day < windowDays.fromDay || movedTo.day > windowDays.toDay) continue;
    fromDay = Math.min(fromDay, original.day);
    toDay = Math.max(toDay, original.day);
  }

  const occurrences: Occurrence[] = [];
  for (const { wall } of ruleInstances(series, fromDay, toDay)) {
    const key = formatLocalMinute(wall);
    const override = overrides.get(key);
    if (override?.cancelled && !options.includeCancelled) continue;
    const occurrence = place(series, key, wall, override, window);
    if (!occurrence) continue;
    occurrences.push(occurrence);
    if (occurrences.length > MAX_OCCURRENCES) {
      throw new RecurrenceError(
        `The window holds more than ${MAX_OCCURRENCES} instances of this recurrence: ask for a shorter window`,
      );
    }
  }
  if (overrides.size > 0) {
    occurrences.sort((a, b) => a.start - b.start || (a.key < b.key ? -1 : 1));
  }
  return occurrences;
}

function durationOf(override: InstanceOverride): number | undefined {
  return override.cancelled ? undefined : override.durationSec;
}

/** The occurrence of one instance with its override applied, or null when outside the window. */
function place(
  series: Series,
  key: string,
  wall: WallTime,
  override: InstanceOverride | undefined,
  window: ExpansionWindow,
): Occurrence | null {
  const moved = override && !override.cancelled && override.startLocal;
  const startWall = (moved && parseLocalMinute(moved)) || wall;
  const durationSec = (override && durationOf(override)) ?? series.durationSec;
  const durationMs = durationSec * 1000;
  // Offsets stay under a day: rule out what is far from the window before asking the zone.
  const naive = wallMs(startWall);
  if (naive + durationMs + MS_PER_DAY <= window.from || naive - MS_PER_DAY >= window.to) {
    return null;
  }
  const start = series.zone.toInstant(startWall);
  if (start >= window.to || start + durationMs <= window.from) return null;
  return override ? { key, start, durationSec, override } : { key, start, durationSec };
}

/**
 * The key of the recurrence's first instance, or null when the rule produces none (its UNTIL or
 * until comes before the first match). Throws a RecurrenceError for a rule that never matches.
 */
export function firstOccurrenceKey(recurrence: RecurrenceSeriesInput): string | null {
  const series = prepareSeries(recurrence);
  for (const { wall } of ruleInstances(series, series.start.day, Number.POSITIVE_INFINITY)) {
    return formatLocalMinute(wall);
  }
  return null;
}

/** True when the key ('YYYY-MM-DDTHH:mm') is an instance of the rule (before overrides). */
export function isOccurrenceKey(recurrence: RecurrenceSeriesInput, key: string): boolean {
  const wall = parseLocalMinute(key);
  if (!wall) return false;
  const series = prepareSeries(recurrence);
  if (wall.minutes !== series.start.minutes) return false;
  for (const instance of ruleInstances(series, wall.day, wall.day)) {
    if (instance.wall.day === wall.day) return true;
  }
  return false;
}
