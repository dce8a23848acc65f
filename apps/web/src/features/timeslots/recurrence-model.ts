import { todayIn } from '@airgrid/domain';
import { ClientResponseError } from 'pocketbase';
import { messages } from '../../i18n/messages';
import { buildRule, type RepeatForm } from './recurrence-form';
import type { ListedRecurrence, SeriesChanges } from './series-queries';

// The recurrence modal's values apart from React: what the form starts from, its checks before
// the server's, what an edit changes, and what the server's answers say.

interface Collision {
  message?: string;
}

export interface Values {
  channel: string;
  show: string;
  date: string;
  time: string;
  durationMin: number | string;
}

export type Errors = Partial<Record<string, string>>;

/** "Changed 3 airings, added 1, removed 2" / "Saved the rule". */
export function changedMessage(result: {
  updated: number;
  created: number;
  removed: number;
}): string {
  const t = messages();
  const parts = [
    result.updated > 0 ? t.timeslots.changedAirings(result.updated) : '',
    result.created > 0 ? t.timeslots.addedCreated(result.created) : '',
    result.removed > 0 ? t.timeslots.removedRemoved(result.removed) : '',
  ].filter(Boolean);
  const text = parts.length > 0 ? parts.join(', ') : t.timeslots.savedTheRule;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The values the form starts from: empty, or the recurrence being edited from today on (`now`,
 * epoch ms, in the recurrence's zone).
 */
export function initialValues(
  editing: ListedRecurrence | null | undefined,
  now = Date.now(),
): Values {
  if (!editing) return { channel: '', show: '', date: '', time: '', durationMin: 30 };
  const today = todayIn(editing.timeZone, now);
  const first = editing.startLocal.slice(0, 10);
  return {
    channel: editing.channel,
    show: editing.show,
    date: first > today ? first : today,
    time: editing.startLocal.slice(11, 16),
    durationMin: Math.round(editing.durationSec / 60),
  };
}

/** The client-side checks, before the server's: every field that is wrong, with a message. */
export function check(
  values: Values,
  repeat: RepeatForm,
): { errors: Errors; rrule: string | null } {
  const t = messages();
  const errors: Errors = {};
  if (values.channel === '') errors.channel = t.timeslots.chooseAChannel;
  if (values.show === '') errors.show = t.timeslots.chooseAShow;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = t.timeslots.chooseTheFirstAiringS;
  if (!/^\d{2}:\d{2}$/.test(values.time)) errors.time = t.timeslots.chooseTheTimeItStarts;
  else if (Number(values.time.slice(3)) % 15 !== 0) {
    // Timeslots start on the quarter hour everywhere in the schedule.
    errors.time = t.timeslots.mustBeOnTheQuarter;
  }
  const minutes = Number(values.durationMin);
  if (!Number.isInteger(minutes) || minutes < 15 || minutes % 15 !== 0) {
    errors.durationMin = t.timeslots.mustBeAtLeast15;
  }
  const built = buildRule(repeat, values.date);
  if (!built.ok) errors[built.field] = built.message;
  return { errors, rrule: built.ok ? built.rrule : null };
}

/** The server's field names, as the form's. */
export const SERVER_FIELDS: Record<string, string> = {
  channel: 'channel',
  show: 'show',
  startLocal: 'date',
  durationSec: 'durationMin',
  timeZone: 'channel',
  until: 'until',
};

/** What saving an edit of `editing` changes: only what differs from it (the rule when it reads). */
export function seriesChanges(
  editing: ListedRecurrence,
  values: Values,
  rrule: string | null,
): SeriesChanges {
  const changes: SeriesChanges = {};
  if (values.channel !== editing.channel) changes.channel = values.channel;
  if (values.show !== editing.show) changes.show = values.show;
  if (values.time !== editing.startLocal.slice(11, 16)) changes.time = values.time;
  if (Number(values.durationMin) * 60 !== editing.durationSec)
    changes.durationSec = Number(values.durationMin) * 60;
  if (rrule !== null && rrule !== editing.rrule) changes.rrule = rrule;
  return changes;
}

/** The airings a refused save would have collided with, as the server words each. */
export function collisionMessages(error: unknown): string[] {
  const listed =
    error instanceof ClientResponseError
      ? ((error.response?.data?.collisions as Collision[] | undefined) ?? [])
      : [];
  return listed.map((one) => one.message ?? '').filter(Boolean);
}
