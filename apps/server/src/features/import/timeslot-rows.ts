import { fromRecordDate, readLocalTime, toRecordDate } from '@airgrid/domain';

// How a spreadsheet row names a timeslot's channel, show and start, turned into the values the
// timeslots collection takes. Pure: the import service loads the organization's channels and
// shows once and hands them here, row after row.

/** A channel as rows may name it. */
export interface ChannelRef {
  id: string;
  slug: string;
  number: number;
  name: string;
  timeZone: string;
}

/** A show as rows may name it. */
export interface ShowRef {
  id: string;
  title: string;
  durationSec: number;
}

export interface RowProblem {
  code: string;
  message: string;
}

export type PreparedRow =
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; errors: Record<string, RowProblem> };

const fold = (text: string) => text.trim().toLocaleLowerCase('en');

/** Finds channels and shows by every name a row may use, built once per import. */
export class TimeslotLookup {
  private readonly channelsByKey = new Map<string, ChannelRef[]>();
  private readonly showsByKey = new Map<string, ShowRef[]>();

  constructor(channels: readonly ChannelRef[], shows: readonly ShowRef[]) {
    for (const channel of channels) {
      const keys = new Set([channel.id, fold(channel.slug), fold(channel.name)]);
      if (channel.number > 0) keys.add(String(channel.number));
      for (const key of keys) add(this.channelsByKey, key, channel);
    }
    for (const show of shows) {
      for (const key of new Set([show.id, fold(show.title)])) add(this.showsByKey, key, show);
    }
  }

  channel(name: string): ChannelRef[] {
    return this.channelsByKey.get(name.trim()) ?? this.channelsByKey.get(fold(name)) ?? [];
  }

  show(name: string): ShowRef[] {
    return this.showsByKey.get(name.trim()) ?? this.showsByKey.get(fold(name)) ?? [];
  }
}

function add<T>(map: Map<string, T[]>, key: string, value: T) {
  if (key === '') return;
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const required = (what: string): RowProblem => ({
  code: 'validation_required',
  message: `Give the ${what}.`,
});

function findOne<T>(
  found: readonly T[],
  name: string,
  what: { noun: string; hint: string },
): { ok: true; value: T } | { ok: false; problem: RowProblem } {
  if (found.length === 1 && found[0]) return { ok: true, value: found[0] };
  if (found.length === 0) {
    return {
      ok: false,
      problem: {
        code: 'validation_missing_rel_records',
        message: `No ${what.noun} called ${JSON.stringify(name.trim())} in your organization.`,
      },
    };
  }
  return {
    ok: false,
    problem: {
      code: 'validation_ambiguous_reference',
      message: `${found.length} ${what.noun}s are called ${JSON.stringify(name.trim())}: ${what.hint}.`,
    },
  };
}

/** An ISO instant with an explicit offset or Z: read as written, whatever the channel's zone. */
const EXPLICIT_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** The instant a row's start names on the channel, or the problem with it. */
export function readStart(
  text: string,
  channel: ChannelRef,
): { ok: true; epochMs: number } | { ok: false; problem: RowProblem } {
  const trimmed = text.trim();
  if (EXPLICIT_INSTANT.test(trimmed)) {
    const ms = fromRecordDate(trimmed);
    if (ms !== null) return { ok: true, epochMs: ms };
  }
  const reading = readLocalTime(trimmed, channel.timeZone);
  if (reading.ok) return { ok: true, epochMs: reading.epochMs };
  if (reading.reason === 'skipped') {
    return {
      ok: false,
      problem: {
        code: 'validation_skipped_local_time',
        message: `${trimmed} does not exist in ${channel.timeZone}: the clocks skip it when daylight saving time starts.`,
      },
    };
  }
  return {
    ok: false,
    problem: {
      code: 'validation_invalid_datetime',
      message: `Write the start as YYYY-MM-DD HH:MM in ${channel.name}'s time zone (${channel.timeZone}), e.g. 2026-12-01 19:00.`,
    },
  };
}

/**
 * The timeslot values for one row, or every problem with it at once. Channel: id, slug,
 * number or name; show: id or title; start: wall-clock time in the channel's zone (an explicit
 * offset is read as written); duration: seconds, else the show's running time. Snapping and the
 * overlap check are the collection's, as for any create.
 */
export function prepareTimeslotRow(
  values: Readonly<Record<string, unknown>>,
  lookup: TimeslotLookup,
  organization: string,
): PreparedRow {
  const errors: Record<string, RowProblem> = {};
  const text = (field: string) => (typeof values[field] === 'string' ? String(values[field]) : '');

  let channel: ChannelRef | undefined;
  if (text('channel').trim() === '') errors.channel = required('channel');
  else {
    const found = findOne(lookup.channel(text('channel')), text('channel'), {
      noun: 'channel',
      hint: 'use its number or slug',
    });
    if (found.ok) channel = found.value;
    else errors.channel = found.problem;
  }

  let show: ShowRef | undefined;
  if (text('show').trim() === '') errors.show = required('show');
  else {
    const found = findOne(lookup.show(text('show')), text('show'), {
      noun: 'show',
      hint: 'rename one, or use the show’s id',
    });
    if (found.ok) show = found.value;
    else errors.show = found.problem;
  }

  let start: number | undefined;
  if (text('start').trim() === '') errors.start = required('start date and time');
  else if (channel) {
    const read = readStart(text('start'), channel);
    if (read.ok) start = read.epochMs;
    else errors.start = read.problem;
  }

  let durationSec = values.durationSec;
  if (durationSec === undefined || durationSec === null || durationSec === '') {
    if (show && show.durationSec > 0) durationSec = show.durationSec;
    else if (show) {
      errors.durationSec = {
        code: 'validation_required',
        message: `Give a duration: "${show.title}" has no running time of its own.`,
      };
    }
  }

  if (Object.keys(errors).length > 0 || !channel || !show || start === undefined)
    return { ok: false, errors };
  const prepared: Record<string, unknown> = {
    organization,
    channel: channel.id,
    show: show.id,
    start: toRecordDate(start),
    durationSec,
    source: 'import',
  };
  for (const field of ['status', 'note'] as const) {
    if (values[field] !== undefined && values[field] !== '') prepared[field] = values[field];
  }
  return { ok: true, values: prepared };
}
