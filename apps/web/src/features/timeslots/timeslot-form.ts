import {
  type Clock,
  formatDuration,
  formatTime,
  formatUsDate,
  fromRecordDate,
  instantToLocal,
  readLocalTime,
  roundUpToQuarterHour,
  toRecordDate,
} from '@airgrid/domain';
import type { TimeslotRecord, TimeslotStatus } from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';

const t = messages();

// The timeslot form (the side panel and the New timeslot form) as pure data: the values a
// person edits, read from a record and turned back into the record's fields, with a message
// for every mistake before anything is sent.

export interface TimeslotValues {
  show: string;
  channel: string;
  /** The local date on the organization's clock, YYYY-MM-DD. */
  date: string;
  /** The local time on the organization's clock, HH:mm on a 15-minute step. */
  time: string;
  /** Minutes, in 15-minute steps; a number input may hand over text. */
  durationMin: number | string;
  status: TimeslotStatus;
  note: string;
  locked: boolean;
}

export type TimeslotErrors = Partial<Record<keyof TimeslotValues, string>>;

/** The fields a timeslot form writes. */
export interface TimeslotFields {
  show: string;
  channel: string;
  start: string;
  durationSec: number;
  status: TimeslotStatus;
  note: string;
  locked: boolean;
}

/** The 96 quarter hours of a day, "00:00" … "23:45", each with its 12-hour label. */
export const QUARTER_HOURS: { value: string; label: string }[] = Array.from(
  { length: 96 },
  (_, index) => {
    const hours = Math.floor(index / 4);
    const minutes = (index % 4) * 15;
    const value = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
    const twelve = hours % 12 === 0 ? 12 : hours % 12;
    const label = `${twelve}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
    return { value, label };
  },
);

/** A record's values in the form, its start read on the zone's clock. */
export function valuesOf(record: TimeslotRecord, zone: string): TimeslotValues {
  const local = instantToLocal(fromRecordDate(record.start) ?? 0, zone);
  return {
    show: record.show,
    channel: record.channel,
    date: local.slice(0, 10),
    time: local.slice(11, 16),
    durationMin: Math.round(record.durationSec / 60),
    status: record.status === 'cancelled' ? 'cancelled' : 'scheduled',
    note: record.note ?? '',
    locked: Boolean(record.locked),
  };
}

/**
 * A new timeslot's duration in minutes from its show's running time, by the one rounding rule
 * of the show form and the CSV importer (`roundUpToQuarterHour`: a 50-minute show gets an
 * hour); an hour for a show of unknown length.
 */
export function durationForShow(showDurationSec: number): number {
  if (!Number.isFinite(showDurationSec) || showDurationSec <= 0) return 60;
  return roundUpToQuarterHour(showDurationSec) / 60;
}

/** The values checked and turned into the record's fields, or a message under each wrong field. */
export function checkTimeslot(
  values: TimeslotValues,
  zone: string,
): { ok: true; fields: TimeslotFields } | { ok: false; errors: TimeslotErrors } {
  const t = messages();
  const errors: TimeslotErrors = {};
  if (values.show === '') errors.show = t.timeslots.chooseAShow;
  if (values.channel === '') errors.channel = t.timeslots.chooseAChannel;
  let start: number | null = null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
    errors.date = t.timeslots.giveTheDateEG;
  } else if (!/^\d{2}:(00|15|30|45)$/.test(values.time)) {
    errors.time = t.timeslots.chooseAStartOnA;
  } else {
    const reading = readLocalTime(`${values.date}T${values.time}`, zone);
    if (reading.ok) start = reading.epochMs;
    else if (reading.reason === 'skipped') {
      errors.time = t.timeslots.theClocksSkipThisTime(zone);
    } else errors.date = t.timeslots.giveARealDate;
  }
  const minutes =
    typeof values.durationMin === 'number' ? values.durationMin : Number(values.durationMin);
  if (values.durationMin === '' || !Number.isFinite(minutes)) {
    errors.durationMin = t.timeslots.giveTheDurationInMinutes;
  } else if (minutes < 15) {
    errors.durationMin = t.timeslots.aTimeslotLastsAtLeast;
  } else if (minutes % 15 !== 0) {
    errors.durationMin = t.timeslots.use15MinuteSteps15;
  }
  if (Object.keys(errors).length > 0 || start === null) return { ok: false, errors };
  return {
    ok: true,
    fields: {
      show: values.show,
      channel: values.channel,
      start: toRecordDate(start),
      durationSec: minutes * 60,
      status: values.status,
      note: values.note.trim(),
      locked: values.locked,
    },
  };
}

/** The form's `validate`: a message under each wrong field, or none. */
export function timeslotProblems(values: TimeslotValues, zone: string): TimeslotErrors {
  const checked = checkTimeslot(values, zone);
  return checked.ok ? {} : checked.errors;
}

/**
 * The record's fields from values the form has checked already (`timeslotProblems` ran on
 * submit); values that are wrong after all fail the save with their messages.
 */
export function checkedFields(values: TimeslotValues, zone: string): TimeslotFields {
  const checked = checkTimeslot(values, zone);
  if (!checked.ok) throw new Error(Object.values(checked.errors).join(' '));
  return checked.fields;
}

/** Only the fields that differ from the record: an update sends what the person changed. */
export function changedFields(
  record: TimeslotRecord,
  fields: TimeslotFields,
): Partial<TimeslotFields> {
  const changed: Partial<TimeslotFields> = {};
  if (fields.show !== record.show) changed.show = fields.show;
  if (fields.channel !== record.channel) changed.channel = fields.channel;
  if (fromRecordDate(fields.start) !== fromRecordDate(record.start)) changed.start = fields.start;
  if (fields.durationSec !== record.durationSec) changed.durationSec = fields.durationSec;
  if (fields.status !== (record.status === 'cancelled' ? 'cancelled' : 'scheduled'))
    changed.status = fields.status;
  if (fields.note !== (record.note ?? '')) changed.note = fields.note;
  if (fields.locked !== Boolean(record.locked)) changed.locked = fields.locked;
  return changed;
}

/**
 * Where the server's field errors go in the form: `start` under the time, `durationSec` under
 * the duration, and `end` (a resize's edge) under the duration too.
 */
const SERVER_FIELD_ALIASES: Readonly<Record<string, keyof TimeslotValues>> = {
  start: 'time',
  durationSec: 'durationMin',
  end: 'durationMin',
  show: 'show',
  channel: 'channel',
  status: 'status',
  note: 'note',
  locked: 'locked',
};

/** The server's field messages placed under the form's fields; the rest, for the form. */
export function placeServerErrors(fieldErrors: Record<string, string>): {
  errors: TimeslotErrors;
  rest: string[];
} {
  const errors: TimeslotErrors = {};
  const rest: string[] = [];
  for (const [field, message] of Object.entries(fieldErrors)) {
    const target = SERVER_FIELD_ALIASES[field];
    if (target) errors[target] = errors[target] ? `${errors[target]} ${message}` : message;
    else rest.push(message);
  }
  return { errors, rest };
}

/**
 * A refused timeslot write as the form shows it (the forms' `explain`): the server's field
 * messages under their fields, the rest above the form, with the server's own message only when
 * no field message explains the refusal.
 */
export function explainTimeslotFailure(failure: unknown): {
  errors: Record<string, string>;
  formError: string | null;
} {
  const described = describeError(failure);
  const placed = placeServerErrors(described.fieldErrors);
  const placedSome = Object.keys(placed.errors).length > 0;
  const formError =
    [placedSome ? null : described.error, ...placed.rest].filter(Boolean).join(' ') || null;
  return { errors: placed.errors as Record<string, string>, formError };
}

/** Which airings of a series a save or delete applies to. */
export type EditScope = 'this' | 'following' | 'series';

export const SCOPE_OPTIONS: { value: EditScope; label: string }[] = [
  { value: 'this', label: t.timeslots.thisAiring },
  { value: 'following', label: t.timeslots.thisAndFollowing },
  { value: 'series', label: t.timeslots.theWholeSeries },
];

/** A series edit's changes (series-queries' SeriesChanges), from what the person changed. */
export interface SeriesEdit {
  show?: string;
  channel?: string;
  /** Local HH:mm on the channel's clock. */
  time?: string;
  durationSec?: number;
  note?: string;
}

/**
 * The changes of a panel save as a series edit: the start becomes a time of day on the
 * channel's own clock (the series runs on it). A new date, a status or a lock belong to one
 * airing: those are refused under their fields, with what to do instead.
 */
export function seriesChanges(
  record: TimeslotRecord,
  changed: Partial<TimeslotFields>,
  channelZone: string,
): { ok: true; changes: SeriesEdit } | { ok: false; errors: TimeslotErrors } {
  const t = messages();
  const errors: TimeslotErrors = {};
  const changes: SeriesEdit = {};
  if (changed.show !== undefined) changes.show = changed.show;
  if (changed.channel !== undefined) changes.channel = changed.channel;
  if (changed.durationSec !== undefined) changes.durationSec = changed.durationSec;
  if (changed.note !== undefined) changes.note = changed.note;
  if (changed.start !== undefined) {
    const before = instantToLocal(fromRecordDate(record.start) ?? 0, channelZone);
    const after = instantToLocal(fromRecordDate(changed.start) ?? 0, channelZone);
    if (before.slice(0, 10) !== after.slice(0, 10)) {
      errors.date = t.timeslots.aSeriesKeepsItsDays;
    } else changes.time = after.slice(11, 16);
  }
  if (changed.status !== undefined) {
    errors.status = t.timeslots.cancelAiringsOneAtA;
  }
  if (changed.locked !== undefined) errors.locked = t.timeslots.lockOrUnlockAiringsOne;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, changes };
}

/** What a save of the side panel sends: nothing, one airing's changes, or a series edit. */
export type PanelSave =
  | { kind: 'none' }
  | { kind: 'one'; changed: Partial<TimeslotFields> }
  | { kind: 'series'; scope: 'following' | 'series'; changes: SeriesEdit };

/**
 * The side panel's save from its values: only what changed, sent to the one airing, or, for an
 * airing of a series saved for more than itself, as a series edit on the clock of the channel
 * it ends up on (`channelZone`). A mistake is a message under its field.
 */
export function planPanelSave(
  record: TimeslotRecord,
  values: TimeslotValues,
  options: { zone: string; scope: EditScope; channelZone: (channel: string) => string },
): { ok: true; save: PanelSave } | { ok: false; errors: TimeslotErrors } {
  // An import: only its note is Airgrid's (the server refuses the rest), so only it is sent.
  if (isImported(record)) {
    const note = values.note.trim();
    return note === (record.note ?? '')
      ? { ok: true, save: { kind: 'none' } }
      : { ok: true, save: { kind: 'one', changed: { note } } };
  }
  const checked = checkTimeslot(values, options.zone);
  if (!checked.ok) return checked;
  const changed = changedFields(record, checked.fields);
  if (Object.keys(changed).length === 0) return { ok: true, save: { kind: 'none' } };
  const inSeries = record.recurrence !== '' && record.occurrence !== '';
  if (!inSeries || options.scope === 'this') return { ok: true, save: { kind: 'one', changed } };
  const series = seriesChanges(
    record,
    changed,
    options.channelZone(changed.channel ?? record.channel),
  );
  if (!series.ok) return series;
  const scope = options.scope === 'following' ? 'following' : 'series';
  return { ok: true, save: { kind: 'series', scope, changes: series.changes } };
}

/** The airings a series refusal lists (`data.collisions`), as lines to show. */
export function collisionLines(data: unknown): string[] {
  const collisions = (data as { collisions?: unknown } | null)?.collisions;
  if (!Array.isArray(collisions)) return [];
  return collisions.flatMap((collision) => {
    const message = (collision as { message?: unknown })?.message;
    return typeof message === 'string' ? [message] : [];
  });
}

/**
 * Whether the timeslot came from Cablecast: the next sync would undo a change made here, so
 * only its note can change in Airgrid (the server holds to that too).
 */
export function isImported(record: Pick<TimeslotRecord, 'cablecastId'>): boolean {
  return (record.cablecastId ?? 0) > 0;
}

/**
 * An import's exact start and length in Cablecast, before the 15-minute grid: "Airs
 * 06/01/2024 at 7:00:30 PM for 58 min 30 s in Cablecast." Null when the sync kept none.
 */
export function cablecastTiming(
  record: Pick<TimeslotRecord, 'cablecastId' | 'sourceStart' | 'sourceDurationSec'>,
  zone: string,
  clock: Clock = '12h',
): string | null {
  if (!isImported(record)) return null;
  const start = fromRecordDate(record.sourceStart ?? '');
  if (start === null || !(record.sourceDurationSec > 0)) return null;
  const seconds = String(Math.floor(start / 1000) % 60).padStart(2, '0');
  // formatTime stops at the minute: the seconds go right after it ("7:00:30 PM", "19:00:30").
  const time = formatTime(start, zone, clock).replace(/^(\d{1,2}:\d{2})/, `$1:${seconds}`);
  return t.timeslots.airsInCablecast(
    formatUsDate(start, zone),
    time,
    formatDuration(record.sourceDurationSec, 'runtime', { units: true }),
  );
}
