import {
  addDays,
  formatTime,
  formatUsDate,
  fromRecordDate,
  instantToLocal,
  localToInstant,
  mondayOfWeek,
} from '@airgrid/domain';
import type { GuideTimeslot } from '@airgrid/schema';
import { messages } from '../../i18n/messages';

const t = messages();

// A channel page's view of the schedule, read from the guide API (the one projection every
// output shares): what is on now, what is next, and this week's timeslots by day, all on the
// channel's own wall clock.

const HOUR_MS = 3_600_000;

/** How far ahead the page looks for the next programme. */
const NEXT_WINDOW_MS = 24 * HOUR_MS;

/** A guide window as the API wants it: ISO instants with an offset. */
export interface Window {
  from: string;
  to: string;
}

function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** Now until 24 hours from now: the window for now and next. */
export function nowAndNextWindow(now: number): Window {
  return { from: iso(now), to: iso(now + NEXT_WINDOW_MS) };
}

function startOf(slot: GuideTimeslot): number {
  return fromRecordDate(slot.start) ?? Number.NaN;
}

function endOf(slot: GuideTimeslot): number {
  return fromRecordDate(slot.end) ?? startOf(slot) + slot.durationSec * 1000;
}

/** The timeslot airing at `now` (start ≤ now < end), and the first one starting after it. */
export function nowAndNext(
  timeslots: readonly GuideTimeslot[],
  now: number,
): { now: GuideTimeslot | null; next: GuideTimeslot | null } {
  const sorted = [...timeslots].sort((a, b) => startOf(a) - startOf(b));
  const current = sorted.find((slot) => startOf(slot) <= now && now < endOf(slot)) ?? null;
  const after = current ? endOf(current) : now;
  const next = sorted.find((slot) => slot !== current && startOf(slot) >= after) ?? null;
  return { now: current, next };
}

/** "1:00 PM – 1:30 PM" on the channel's clock, with the date when it is not today there. */
export function airingTimes(slot: GuideTimeslot, zone: string, now: number): string {
  const start = startOf(slot);
  const times = `${formatTime(start, zone)} – ${formatTime(endOf(slot), zone)}`;
  return formatUsDate(start, zone) === formatUsDate(now, zone)
    ? times
    : `${formatUsDate(start, zone)} ${times}`;
}

const WEEKDAYS = [
  t.channels.monday,
  t.channels.tuesday,
  t.channels.wednesday,
  t.channels.thursday,
  t.channels.friday,
  t.channels.saturday,
  t.channels.sunday,
] as const;

/** One local day of the week: its heading and the timeslots that start in it. */
export interface WeekDay {
  /** ISO date on the channel's calendar. */
  date: string;
  /** e.g. "Monday 03/09/2026". */
  label: string;
  timeslots: GuideTimeslot[];
}

/**
 * Monday 00:00 to the next Monday 00:00 on the channel's wall clock, as instants: 167, 168 or
 * 169 hours long across a daylight-saving change.
 */
export function weekWindow(now: number, zone: string): Window & { monday: string } {
  const monday = mondayOfWeek(now, zone);
  return {
    monday,
    from: iso(localToInstant(`${monday}T00:00`, zone)),
    to: iso(localToInstant(`${addDays(monday, 7)}T00:00`, zone)),
  };
}

/**
 * The week's timeslots grouped by the local day they start on, Monday to Sunday, each day by
 * start. One still running from the week before is listed under Monday.
 */
export function groupByDay(
  timeslots: readonly GuideTimeslot[],
  monday: string,
  zone: string,
): WeekDay[] {
  const weekStart = localToInstant(`${monday}T00:00`, zone);
  const days: WeekDay[] = WEEKDAYS.map((weekday, index) => {
    const date = addDays(monday, index);
    const noon = localToInstant(`${date}T12:00`, zone);
    return { date, label: `${weekday} ${formatUsDate(noon, zone)}`, timeslots: [] };
  });
  const byDate = new Map(days.map((day) => [day.date, day]));
  const sorted = [...timeslots].sort((a, b) => startOf(a) - startOf(b));
  for (const slot of sorted) {
    const date = instantToLocal(Math.max(startOf(slot), weekStart), zone).slice(0, 10);
    byDate.get(date)?.timeslots.push(slot);
  }
  return days;
}

/** "9:00 AM – 9:30 AM" on the channel's clock. */
export function slotTimes(slot: GuideTimeslot, zone: string): string {
  return `${formatTime(startOf(slot), zone)} – ${formatTime(endOf(slot), zone)}`;
}
