import {
  isRecordDateInRange,
  isValidTimeZone,
  localToInstant,
  QUARTER_HOUR_MS,
  readLocalTime,
  roundUpToQuarterHour,
  snapInstant,
} from '@airgrid/domain';
import { Temporal } from 'temporal-polyfill';
import type {
  CablecastNamed,
  CablecastReel,
  CablecastScheduleItem,
  CablecastShow,
} from './cablecast-records.js';

/*
 * What the sync makes of Cablecast's records, as pure functions (decision 0030): a Cablecast
 * show → an Airgrid show's fields; a run's `runDateTime` → an instant; which runs become
 * timeslots and why the others do not; the timeslot of a kept run on Airgrid's 15-minute grid,
 * with the run's exact start and length kept beside it.
 */

/** The lookups a show's fields are named from: side-loaded reels, `/categories`, `/producers`. */
export interface CablecastShowLookups {
  reels: readonly CablecastReel[];
  categories: readonly CablecastNamed[];
  producers: readonly CablecastNamed[];
}

/** Where a show's running time came from. */
export type RuntimeSource = 'reels' | 'totalRunTime';

/** An Airgrid show's fields as imported from Cablecast (names as in the `shows` collection). */
export interface ImportedShow {
  /** Cablecast's show id as text: the key the sync upserts by. */
  externalId: string;
  title: string;
  description: string;
  /** The category's name, or null when the show has none or its id is unknown. */
  category: string | null;
  producerName: string | null;
  /** The exact running time in seconds (not snapped), or null when Cablecast does not know it. */
  durationSec: number | null;
  runtimeSource: RuntimeSource | null;
  thumbnailUrl: string | null;
  /** Cablecast's "hide from public outputs"; its runs do not become timeslots. */
  cgExempt: boolean;
  /** Cablecast's `lastModified`, verbatim: the incremental sync's cursor. */
  lastModified: string | null;
}

/**
 * The public title: `cgTitle` (Cablecast's "publicly viewable" title) over the internal
 * `title`, each trimmed; a show with neither is named by its id so it can still be found.
 */
export function showTitle(show: CablecastShow): string {
  return show.cgTitle?.trim() || show.title?.trim() || `Cablecast show ${show.id}`;
}

/**
 * A show's running time: the sum of its reels' lengths (a reel belongs to it by the show's
 * `reels` ids or by its own `show`/`showId`), else `totalRunTime`, else null. The sum, not the
 * first reel: a two-part meeting is both parts (INTEGRATIONS.md b.5.1).
 */
export function showRuntime(
  show: CablecastShow,
  reels: readonly CablecastReel[],
): { seconds: number; source: RuntimeSource } | null {
  const own = new Set(show.reels);
  const counted = new Set<number>();
  let seconds = 0;
  for (const reel of reels) {
    if (counted.has(reel.id) || !(own.has(reel.id) || reel.show === show.id)) continue;
    counted.add(reel.id);
    if (reel.length !== undefined && Number.isFinite(reel.length) && reel.length > 0) {
      seconds += reel.length;
    }
  }
  if (seconds > 0) return { seconds, source: 'reels' };
  const total = show.totalRunTime;
  if (total !== undefined && Number.isFinite(total) && total > 0) {
    return { seconds: total, source: 'totalRunTime' };
  }
  return null;
}

/** A Cablecast show → an Airgrid show's fields. */
export function mapShow(show: CablecastShow, lookups: CablecastShowLookups): ImportedShow {
  const runtime = showRuntime(show, lookups.reels);
  return {
    externalId: String(show.id),
    title: showTitle(show),
    description: show.comments?.trim() ?? '',
    category: nameOf(lookups.categories, show.category),
    producerName: nameOf(lookups.producers, show.producer),
    durationSec: runtime?.seconds ?? null,
    runtimeSource: runtime?.source ?? null,
    thumbnailUrl: show.thumbnailImage?.url.trim() || null,
    cgExempt: show.cgExempt === true,
    lastModified: show.lastModified ?? null,
  };
}

function nameOf(records: readonly CablecastNamed[], id: number | undefined): string | null {
  if (id === undefined) return null;
  return records.find((record) => record.id === id)?.name.trim() || null;
}

/**
 * How a `runDateTime` was read:
 * - `explicit`: it carried `Z` or an offset, read as written;
 * - `local`: no offset, read in the station's zone;
 * - `local-repeated`: no offset, and the zone's clocks showed it twice (DST ended): the first;
 * - `local-skipped`: no offset, and the zone's clocks jumped over it (DST began): read with
 *   the offset in force before the jump, which lands as far past the jump as it was written
 *   past the change (02:30 → 03:30 EDT).
 */
type RunTimeRule = 'explicit' | 'local' | 'local-repeated' | 'local-skipped';

export type RunTimeReading =
  | { ok: true; epochMs: number; rule: RunTimeRule }
  | { ok: false; reason: string };

const RUN_DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d{1,9})?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Reads Cablecast's `runDateTime`: `…Z` and `…±hh:mm` (or `±hhmm`, `±hh`) as written, and an
 * offset-less time as wall-clock time in `timeZone` (the station's IANA zone), with the DST
 * rules of RunTimeRule. A space may stand for the `T`; fractions of a second are kept.
 */
export function readRunDateTime(text: string, timeZone: string): RunTimeReading {
  const match = text.trim().match(RUN_DATE_TIME);
  if (!match) return { ok: false, reason: `"${text}" is not a date and time Airgrid can read` };
  const [, date, time, fraction = '', zone] = match;
  const fractionMs = fraction === '' ? 0 : Math.floor(Number(`0${fraction}`) * 1000);
  let reading: RunTimeReading;
  if (!isCalendarTime(`${date}T${withSeconds(time ?? '')}`)) {
    return { ok: false, reason: `"${text}" is not a real date and time` };
  }
  if (zone !== undefined) {
    const offset = zone.toUpperCase() === 'Z' ? 'Z' : normalizeOffset(zone);
    const epochMs = Date.parse(`${date}T${withSeconds(time ?? '')}${offset}`);
    reading = Number.isFinite(epochMs)
      ? { ok: true, epochMs: epochMs + fractionMs, rule: 'explicit' }
      : { ok: false, reason: `"${text}" is not a real date and time` };
  } else {
    const local = `${date}T${withSeconds(time ?? '')}`;
    const zoned = readLocalTime(local, timeZone);
    if (zoned.ok) {
      reading = {
        ok: true,
        epochMs: zoned.epochMs + fractionMs,
        rule: zoned.repeated ? 'local-repeated' : 'local',
      };
    } else if (zoned.reason === 'skipped') {
      // The domain's 'compatible' reading: the offset from before the change.
      reading = {
        ok: true,
        epochMs: localToInstant(local, timeZone) + fractionMs,
        rule: 'local-skipped',
      };
    } else {
      reading = { ok: false, reason: `"${text}" is not a real date and time` };
    }
  }
  if (reading.ok && !isRecordDateInRange(reading.epochMs)) {
    return { ok: false, reason: `"${text}" lies outside the years a schedule can hold` };
  }
  return reading;
}

/** Date.parse would roll 30 February over into March; a schedule should say it is wrong. */
function isCalendarTime(local: string): boolean {
  try {
    Temporal.PlainDateTime.from(local);
    return true;
  } catch {
    return false;
  }
}

function withSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

/** `+0530` and `+05` as `+05:30` and `+05:00`, which Date.parse reads everywhere. */
function normalizeOffset(offset: string): string {
  const digits = offset.slice(1).replace(':', '');
  return `${offset[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`;
}

/**
 * What becomes of a run: a timeslot (`keep`); nothing, with a reason for the sync report
 * (`skip`); or, for Cablecast's tombstones, the removal of the local copy (`remove`).
 */
export type RunDecision =
  | { action: 'keep' }
  | { action: 'skip'; reason: string }
  | { action: 'remove'; reason: string };

/**
 * Decides a run by Cablecast's flags (INTEGRATIONS.md b.5.2), the first that applies:
 * deleted → remove; raw media (`idType` not 1) → skip; no show → skip; CG-exempt run or show →
 * skip; filler → skip. `show` is the run's show when it is known.
 */
export function decideRun(item: CablecastScheduleItem, show?: CablecastShow): RunDecision {
  if (item.deleted === true) return { action: 'remove', reason: 'Deleted in Cablecast.' };
  if (item.idType !== 1) {
    return {
      action: 'skip',
      reason: `A media run (idType ${item.idType ?? 'missing'}), not a show: Cablecast plays a file, not a programme.`,
    };
  }
  if (item.show === undefined) return { action: 'skip', reason: 'The run names no show.' };
  if (item.cgExempt === true) {
    return { action: 'skip', reason: 'Hidden from public listings in Cablecast (CG exempt run).' };
  }
  if (show?.cgExempt === true) {
    return {
      action: 'skip',
      reason: `Hidden from public listings in Cablecast: its show "${showTitle(show)}" is CG exempt.`,
    };
  }
  if (item.filler === true) {
    return { action: 'skip', reason: 'Filler: airtime between programmes, not programming.' };
  }
  return { action: 'keep' };
}

/** How long a timeslot's source run lasts: the show's running time, or the gap to the next run. */
type SourceDuration = RuntimeSource | 'next-run' | 'unknown';

/** A kept run as a timeslot: on the grid, with the run as Cablecast has it beside. */
interface ImportedTimeslot {
  /** Cablecast's schedule item id as text: the key the sync upserts and deletes by. */
  externalId: string;
  channelExternalId: string;
  showExternalId: string;
  /** Epoch ms on the 15-minute grid. */
  start: number;
  /** A multiple of 900 s, at least 900. */
  durationSec: number;
  /** The run's exact start (epoch ms), as Cablecast has it. */
  sourceStart: number;
  /** `runDateTime` verbatim. */
  sourceRunDateTime: string;
  /** How the offset-less or explicit time was read (DST rules). */
  sourceTimeRule: RunTimeRule;
  /** The run's exact length in seconds; null when neither the show nor a next run says. */
  sourceDurationSec: number | null;
  sourceDurationFrom: SourceDuration;
}

/** A run that did not become a timeslot, for the sync report. */
interface RunOutcome {
  externalId: string;
  reason: string;
}

export interface TimeslotPlan {
  timeslots: ImportedTimeslot[];
  /** Tombstones: remove the local timeslot with this external id. */
  removed: RunOutcome[];
  skipped: RunOutcome[];
}

/**
 * The grid placement of one run: the start snapped to the nearest quarter hour (the domain's
 * snapInstant, as every timeslot), the duration rounded up from that start to cover the run's
 * end (roundUpToQuarterHour, as a show dropped on the timeline), so a 58:30 programme at 19:00
 * fills 19:00–20:00 and a run is never drawn shorter than it airs. Unknown length: one step.
 */
export function gridPlacement(
  sourceStart: number,
  sourceDurationSec: number | null,
): { start: number; durationSec: number } {
  const start = snapInstant(sourceStart);
  if (sourceDurationSec === null) return { start, durationSec: QUARTER_HOUR_MS / 1000 };
  const endMs = sourceStart + sourceDurationSec * 1000;
  return { start, durationSec: roundUpToQuarterHour((endMs - start) / 1000) };
}

export interface PlanTimeslotsInput {
  items: readonly CablecastScheduleItem[];
  /** The runs' shows (side-loaded or fetched), and the reels that give their lengths. */
  shows: readonly CablecastShow[];
  reels: readonly CablecastReel[];
  /** The station's IANA zone, for offset-less `runDateTime`s. */
  timeZone: string;
}

/**
 * Turns a window of runs into timeslots, tombstones and skipped runs with reasons. Per channel,
 * in time order, each grid timeslot ends no later than the next one's grid start: Cablecast
 * runs overrun (bumps shift them) and rounding would otherwise invent overlaps that Airgrid's
 * overlap check refuses. A run that snaps into the same quarter hour as the one before it has
 * no room on the grid and is skipped, saying so. A show of unknown length lasts until the next
 * run of its channel. The `source*` fields are never clipped.
 */
export function planTimeslots(input: PlanTimeslotsInput): TimeslotPlan {
  if (!isValidTimeZone(input.timeZone)) {
    throw new RangeError(`Unknown time zone "${input.timeZone}".`);
  }
  const showsById = new Map(input.shows.map((show) => [show.id, show]));
  const plan: TimeslotPlan = { timeslots: [], removed: [], skipped: [] };
  const kept: {
    item: CablecastScheduleItem;
    show: CablecastShow;
    at: number;
    rule: RunTimeRule;
  }[] = [];
  for (const item of input.items) {
    const externalId = String(item.id);
    const show = item.show === undefined ? undefined : showsById.get(item.show);
    const decision = decideRun(item, show);
    if (decision.action === 'remove') {
      plan.removed.push({ externalId, reason: decision.reason });
      continue;
    }
    if (decision.action === 'skip') {
      plan.skipped.push({ externalId, reason: decision.reason });
      continue;
    }
    if (!show) {
      plan.skipped.push({
        externalId,
        reason: `Its show (Cablecast id ${item.show}) was not sent with the schedule.`,
      });
      continue;
    }
    const reading = readRunDateTime(item.runDateTime, input.timeZone);
    if (!reading.ok) {
      plan.skipped.push({ externalId, reason: `Its start cannot be read: ${reading.reason}.` });
      continue;
    }
    kept.push({ item, show, at: reading.epochMs, rule: reading.rule });
  }

  const byChannel = new Map<number, typeof kept>();
  for (const run of kept)
    byChannel.set(run.item.channel, [...(byChannel.get(run.item.channel) ?? []), run]);
  for (const runs of byChannel.values()) {
    runs.sort((a, b) => a.at - b.at || a.item.id - b.item.id);
    let previous: ImportedTimeslot | undefined;
    for (const [index, run] of runs.entries()) {
      const runtime = showRuntime(run.show, input.reels);
      const next = runs[index + 1];
      let sourceDurationSec = runtime?.seconds ?? null;
      let sourceDurationFrom: SourceDuration = runtime?.source ?? 'unknown';
      if (sourceDurationSec === null && next !== undefined && next.at > run.at) {
        sourceDurationSec = (next.at - run.at) / 1000;
        sourceDurationFrom = 'next-run';
      }
      const placement = gridPlacement(run.at, sourceDurationSec);
      if (previous && placement.start < previous.start + QUARTER_HOUR_MS) {
        plan.skipped.push({
          externalId: String(run.item.id),
          reason: `Starts within the same 15 minutes as run ${previous.externalId} on this channel; the 15-minute grid holds one of them.`,
        });
        continue;
      }
      if (previous && previous.start + previous.durationSec * 1000 > placement.start) {
        previous.durationSec = (placement.start - previous.start) / 1000;
      }
      previous = {
        externalId: String(run.item.id),
        channelExternalId: String(run.item.channel),
        showExternalId: String(run.show.id),
        start: placement.start,
        durationSec: placement.durationSec,
        sourceStart: run.at,
        sourceRunDateTime: run.item.runDateTime,
        sourceTimeRule: run.rule,
        sourceDurationSec,
        sourceDurationFrom,
      };
      plan.timeslots.push(previous);
    }
  }
  return plan;
}
