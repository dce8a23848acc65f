import {
  addDays,
  expandRecurrence,
  type InstanceOverride,
  instantToLocal,
  isOccurrenceKey,
  localToInstant,
  type Occurrence,
  RecurrenceError,
  type RecurrenceExceptions,
  type RecurrenceInput,
  splitRecurrence,
} from '@airgrid/domain';
import type { SeriesChanges } from '@airgrid/schema/contracts';

// Pure planning for the series endpoints: where a scope starts, what the recurrence becomes, and
// which airing each existing timeslot becomes (docs/decisions/0016-series-edits.md).

/** A recurrence record as the series operations read it. */
export interface StoredRecurrence extends RecurrenceInput {
  id: string;
  channel: string;
  show: string;
  exceptions: RecurrenceExceptions;
}

/** A timeslot made from the recurrence, as the plan needs it. */
export interface SeriesTimeslot {
  id: string;
  start: number;
  durationSec: number;
  channel: string;
  show: string;
  status: string;
  locked: boolean;
  /** Its occurrence key ('' for timeslots made before instances carried one). */
  occurrence: string;
}

/** The key a timeslot stands for: its occurrence, or its local start for older timeslots. */
function keyOf(timeslot: SeriesTimeslot, timeZone: string): string {
  return timeslot.occurrence !== ''
    ? timeslot.occurrence
    : instantToLocal(timeslot.start, timeZone);
}

const DAY_MS = 86_400_000;
/** How far ahead the first airing not yet started is looked for, widening each time. */
const SEARCH_SPANS = [62, 800, 9000].map((days) => days * DAY_MS);

/**
 * The key of the first instance of the rule (overrides aside) that starts at or after `now`:
 * where 'series' begins, since airings already started stay as they aired. Null when the series
 * has none left.
 */
export function firstKeyFrom(recurrence: RecurrenceInput, now: number): string | null {
  const rule = { ...recurrence, exceptions: {} };
  for (const span of SEARCH_SPANS) {
    const found = expandRecurrence(rule, { from: now, to: now + span }).find(
      (occurrence) => occurrence.start >= now,
    );
    if (found) return found.key;
  }
  return null;
}

/** The key of the first instance on or after a local date, or null when there is none. */
export function firstKeyOnOrAfter(recurrence: RecurrenceInput, date: string): string | null {
  const from = localToInstant(`${date}T00:00`, recurrence.timeZone);
  return firstKeyFrom(recurrence, from);
}

/** Throws a RecurrenceError unless `key` is an instance of the rule. */
export function requireInstance(recurrence: RecurrenceInput, key: string): void {
  if (!isOccurrenceKey(recurrence, key)) {
    throw new RecurrenceError(
      `${key} is not an airing of this recurrence: give the occurrence of one of its airings`,
    );
  }
}

/** Where one airing of the edited series goes, and the timeslot that becomes it (if any). */
export interface Placement {
  key: string;
  start: number;
  durationSec: number;
  show: string;
  status: 'scheduled' | 'cancelled';
  timeslot?: SeriesTimeslot;
}

export interface SeriesEditPlan {
  /** The recurrence up to the airing before the scope, or null when the scope is all of it. */
  before: RecurrenceInput | null;
  /** The recurrence from the scope's first airing on, with the changes. */
  after: RecurrenceInput & { channel: string; show: string };
  placements: Placement[];
  /** Timeslots of the scope that the new rule no longer has. */
  removed: SeriesTimeslot[];
}

/** The override with the fields the new rule now gives anyway left out; null when none is left. */
function restated(
  override: InstanceOverride,
  key: string,
  rule: { durationSec: number; show: string },
): InstanceOverride | null {
  if (override.cancelled) return override;
  const kept: InstanceOverride = {};
  if (override.startLocal !== undefined && override.startLocal !== key)
    kept.startLocal = override.startLocal;
  if (override.durationSec !== undefined && override.durationSec !== rule.durationSec)
    kept.durationSec = override.durationSec;
  if (override.show !== undefined && override.show !== rule.show) kept.show = override.show;
  return Object.keys(kept).length > 0 ? kept : null;
}

/**
 * The edit of a series from the airing keyed `pivot`: the recurrence split there (or kept whole
 * when `pivot` is its first airing), the changes applied from there on, and every timeslot of
 * the scope (`affected`, keys at or after `pivot`) matched to the airing it becomes. A change of
 * time moves each airing on its own date (its key and override go along); airings changed one by
 * one keep what was changed (a moved airing stays where it was moved, a re-shown one keeps its
 * show) and take the rest of the change. Airings are regenerated as far as the series had been
 * made: up to the date of the last affected timeslot.
 */
export function planSeriesEdit(
  recurrence: StoredRecurrence,
  pivot: string,
  changes: SeriesChanges,
  target: { channel: string; timeZone: string },
  affected: readonly SeriesTimeslot[],
): SeriesEditPlan {
  const split = splitRecurrence(recurrence, pivot);
  const time = changes.time ?? pivot.slice(11);
  const rekey = (key: string) => `${key.slice(0, 10)}T${time}`;
  const rule = {
    show: changes.show ?? recurrence.show,
    durationSec: changes.durationSec ?? recurrence.durationSec,
  };
  const base = {
    rrule: changes.rrule ?? split.after.rrule,
    timeZone: target.timeZone,
    startLocal: rekey(pivot),
    durationSec: rule.durationSec,
    until: recurrence.until ?? null,
  };
  const exceptions: RecurrenceExceptions = {};
  for (const [key, override] of Object.entries(split.after.exceptions ?? {})) {
    const next = rekey(key);
    const kept = restated(override, next, rule);
    if (kept && isOccurrenceKey(base, next)) exceptions[next] = kept;
  }
  const after = { ...base, exceptions, channel: target.channel, show: rule.show };

  const byKey = new Map(
    affected.map((timeslot) => [rekey(keyOf(timeslot, recurrence.timeZone)), timeslot]),
  );
  let occurrences: Occurrence[] = [];
  const lastDate = [...byKey.keys()].sort().at(-1)?.slice(0, 10);
  if (lastDate !== undefined) {
    const from = localToInstant(`${addDays(pivot.slice(0, 10), -1)}T00:00`, target.timeZone);
    const to = localToInstant(`${addDays(lastDate, 1)}T00:00`, target.timeZone);
    occurrences = expandRecurrence(after, { from, to }, { includeCancelled: true });
  }
  const placements: Placement[] = [];
  const matched = new Set<string>();
  for (const occurrence of occurrences) {
    const timeslot = byKey.get(occurrence.key);
    if (timeslot) matched.add(timeslot.id);
    const override = occurrence.override;
    if (override?.cancelled) {
      // A cancelled airing stays a cancelled timeslot if it was one; none is made for it.
      if (timeslot)
        placements.push({ ...placed(occurrence, rule.show), status: 'cancelled', timeslot });
      continue;
    }
    placements.push({
      ...placed(occurrence, override?.show ?? rule.show),
      status: 'scheduled',
      ...(timeslot ? { timeslot } : {}),
    });
  }
  return {
    before: split.before,
    after,
    placements,
    removed: affected.filter((timeslot) => !matched.has(timeslot.id)),
  };
}

function placed(occurrence: Occurrence, show: string) {
  return {
    key: occurrence.key,
    start: occurrence.start,
    durationSec: occurrence.durationSec,
    show,
  };
}

/** True when the placement moves its timeslot in time or to another channel. */
export function moves(placement: Placement, channel: string): boolean {
  const timeslot = placement.timeslot;
  return (
    !timeslot ||
    timeslot.start !== placement.start ||
    timeslot.durationSec !== placement.durationSec ||
    timeslot.channel !== channel
  );
}

/** The timeslots of the scope: keys at or after the pivot, in key order. */
export function inScope(
  timeslots: readonly SeriesTimeslot[],
  pivot: string,
  timeZone: string,
): SeriesTimeslot[] {
  return timeslots
    .filter((timeslot) => keyOf(timeslot, timeZone) >= pivot)
    .sort((a, b) => (keyOf(a, timeZone) < keyOf(b, timeZone) ? -1 : 1));
}
