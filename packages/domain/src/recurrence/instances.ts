// The rule's instances as wall-clock dates, in order: RFC 5545's expansion for the parts Airgrid
// supports. Each FREQ walks periods (a day, a week from WKST, a month, a year) INTERVAL apart,
// counted from the period that holds the start; inside a period the BY* parts pick the days:
//
// | FREQ    | no BY* part         | BYMONTH         | BYMONTHDAY     | BYDAY                        |
// |---------|---------------------|-----------------|----------------|------------------------------|
// | DAILY   | the day             | keep if listed  | keep if listed | keep if listed (no position) |
// | WEEKLY  | start's weekday     | keep if listed  | (refused)      | those weekdays of the week   |
// | MONTHLY | start's day of month| keep if listed  | those days     | those (nth) weekdays of month|
// | YEARLY  | start's month & day | those months    | those days     | nth of the month if BYMONTH, |
// |         |                     |                 |                | else nth of the year         |
//
// BYDAY together with BYMONTHDAY keeps the days matching both ("Friday the 13th"). Days that do
// not exist (the 31st of a 30-day month) are skipped, never moved. Days before the start are not
// instances; COUNT counts instances from the start; UNTIL (and the record's `until`) is
// inclusive. The time of day is always the start's.

import {
  civilDate,
  daysInMonth,
  epochDay,
  isoWeekday,
  MS_PER_DAY,
  monthIndex,
  monthOfIndex,
  parseLocalMinute,
  type WallTime,
  wallMs,
} from './civil.js';
import { RecurrenceError } from './errors.js';
import { MIN_DURATION_SEC } from './overrides.js';
import { type ByDay, parseRule, type RecurrenceRule, WEEKDAYS, type Weekday } from './rule.js';
import { WallClockZone } from './zone.js';

/**
 * Periods walked in one expansion before it gives up: 100,000 days is 273 years, so only a rule
 * that (almost) never matches, or an absurd window, gets there.
 */
export const MAX_PERIODS = 100_000;

/** A recurrence as stored (the `recurrences` collection), with the rule text or a parsed rule. */
export interface RecurrenceSeriesInput {
  rrule: string | RecurrenceRule;
  /** IANA zone the rule's wall-clock times are in (the channel's). */
  timeZone: string;
  /** First instance's local start, 'YYYY-MM-DDTHH:mm' (RFC 5545's DTSTART). */
  startLocal: string;
  durationSec: number;
  /** Instances starting after this instant (epoch ms) are not generated; inclusive. */
  until?: number | null;
}

/** A recurrence checked and ready to expand. */
export interface Series {
  rule: RecurrenceRule;
  zone: WallClockZone;
  start: WallTime;
  durationSec: number;
  /** True once an instance at this wall-clock time is past UNTIL or the record's until. */
  pastEnd: (wall: WallTime) => boolean;
}

export interface RuleInstance {
  wall: WallTime;
  /** 0-based position in the whole series; null when the walk skipped ahead (no COUNT). */
  index: number | null;
}

/** Checks a recurrence's fields and prepares it; throws a RecurrenceError naming the fault. */
export function prepareSeries(input: RecurrenceSeriesInput): Series {
  const rule = typeof input.rrule === 'string' ? parseRule(input.rrule) : input.rrule;
  const zone = new WallClockZone(input.timeZone);
  const start = parseLocalMinute(input.startLocal);
  if (!start) {
    throw new RecurrenceError(
      `The start must be a local date and time, YYYY-MM-DDTHH:mm (got "${input.startLocal}")`,
    );
  }
  if (!Number.isInteger(input.durationSec) || input.durationSec < MIN_DURATION_SEC) {
    throw new RecurrenceError(
      `The duration must be a whole number of seconds, at least ${MIN_DURATION_SEC}`,
    );
  }
  const until = input.until ?? null;
  if (until !== null && !Number.isFinite(until)) {
    throw new RecurrenceError('until must be an instant in epoch milliseconds');
  }
  return { rule, zone, start, durationSec: input.durationSec, pastEnd: endOf(rule, until, zone) };
}

function endOf(rule: RecurrenceRule, until: number | null, zone: WallClockZone) {
  const checks: ((wall: WallTime) => boolean)[] = [];
  const afterInstant = (limit: number) => (wall: WallTime) => {
    // Wall time minus the zone offset is the instant, and offsets stay under a day: only
    // instances near the limit need the zone.
    const naive = wallMs(wall);
    if (naive < limit - 2 * MS_PER_DAY) return false;
    if (naive > limit + 2 * MS_PER_DAY) return true;
    return zone.toInstant(wall) > limit;
  };
  if (until !== null) checks.push(afterInstant(until));
  const end = rule.until;
  if (end?.kind === 'utc') checks.push(afterInstant(end.epochMs));
  if (end?.kind === 'local') {
    const limit = Date.parse(`${end.local}Z`);
    checks.push((wall) => wallMs(wall) > limit);
  }
  if (end?.kind === 'date') {
    const limit = Date.parse(`${end.date}T00:00:00Z`) / MS_PER_DAY;
    checks.push((wall) => wall.day > limit);
  }
  return (wall: WallTime) => checks.some((check) => check(wall));
}

/**
 * The rule's instances whose local date lies in [fromDay, toDay] (epoch days), in order. Without
 * COUNT the walk starts at the period holding fromDay; with COUNT it must count from the start.
 */
export function* ruleInstances(
  series: Series,
  fromDay: number,
  toDay: number,
): Generator<RuleInstance> {
  const { rule, start } = series;
  const periods = periodsOf(rule, start);
  const skip = rule.count === undefined && fromDay > start.day;
  const firstPeriod = skip ? Math.max(0, periods.indexOf(fromDay)) : 0;
  let index = 0;
  for (let k = firstPeriod; ; k++) {
    if (k - firstPeriod > MAX_PERIODS) {
      throw new RecurrenceError(
        `Expanding this recurrence stopped after ${MAX_PERIODS} periods: the rule matches too rarely or the window is too long`,
      );
    }
    if (periods.firstDay(k) > toDay) return;
    for (const day of periods.days(k)) {
      if (day < start.day) continue;
      const wall = { day, minutes: start.minutes };
      if (series.pastEnd(wall)) return;
      if (rule.count !== undefined && index >= rule.count) return;
      index++;
      if (day > toDay) return;
      if (day >= fromDay) yield { wall, index: skip ? null : index - 1 };
    }
  }
}

interface Periods {
  /** Number of the period that holds an epoch day (floor; may be negative). */
  indexOf(day: number): number;
  firstDay(k: number): number;
  /** Instance days of period k, ascending. */
  days(k: number): number[];
}

const isoIndex = (weekday: Weekday) => WEEKDAYS.indexOf(weekday) + 1;

function periodsOf(rule: RecurrenceRule, start: WallTime): Periods {
  const step = rule.interval;
  const startDate = civilDate(start.day);
  switch (rule.freq) {
    case 'DAILY':
      return {
        indexOf: (day) => Math.floor((day - start.day) / step),
        firstDay: (k) => start.day + k * step,
        days: (k) => {
          const day = start.day + k * step;
          return dailyMatches(rule, day) ? [day] : [];
        },
      };
    case 'WEEKLY': {
      const weekStart = start.day - ((isoWeekday(start.day) - isoIndex(rule.wkst) + 7) % 7);
      const weekdays =
        rule.byDay.length > 0
          ? rule.byDay.map((d) => isoIndex(d.weekday))
          : [isoWeekday(start.day)];
      const offsets = weekdays.map((w) => (w - isoIndex(rule.wkst) + 7) % 7).sort((a, b) => a - b);
      return {
        indexOf: (day) => Math.floor((day - weekStart) / (7 * step)),
        firstDay: (k) => weekStart + 7 * step * k,
        days: (k) =>
          offsets
            .map((offset) => weekStart + 7 * step * k + offset)
            .filter(
              (day) => rule.byMonth.length === 0 || rule.byMonth.includes(civilDate(day).month),
            ),
      };
    }
    case 'MONTHLY': {
      const first = monthIndex(startDate.year, startDate.month);
      const monthAt = (k: number) => monthOfIndex(first + k * step);
      return {
        indexOf: (day) => {
          const { year, month } = civilDate(day);
          return Math.floor((monthIndex(year, month) - first) / step);
        },
        firstDay: (k) => {
          const { year, month } = monthAt(k);
          return epochDay(year, month, 1);
        },
        days: (k) => {
          const { year, month } = monthAt(k);
          if (rule.byMonth.length > 0 && !rule.byMonth.includes(month)) return [];
          return daysOfMonth(rule, year, month, startDate.day);
        },
      };
    }
    case 'YEARLY':
      return {
        indexOf: (day) => Math.floor((civilDate(day).year - startDate.year) / step),
        firstDay: (k) => epochDay(startDate.year + k * step, 1, 1),
        days: (k) => daysOfYear(rule, startDate.year + k * step, startDate),
      };
  }
}

function dailyMatches(rule: RecurrenceRule, day: number): boolean {
  if (rule.byDay.length > 0 && !rule.byDay.some((d) => isoIndex(d.weekday) === isoWeekday(day))) {
    return false;
  }
  if (rule.byMonth.length === 0 && rule.byMonthDay.length === 0) return true;
  const date = civilDate(day);
  if (rule.byMonth.length > 0 && !rule.byMonth.includes(date.month)) return false;
  if (rule.byMonthDay.length === 0) return true;
  const length = daysInMonth(date.year, date.month);
  return rule.byMonthDay.some((n) => monthDayOf(n, length) === date.day);
}

/** The day of the month BYMONTHDAY=n names in a month of `length` days, or null (-1 = last). */
function monthDayOf(n: number, length: number): number | null {
  const day = n > 0 ? n : length + 1 + n;
  return day >= 1 && day <= length ? day : null;
}

/** Days (epoch) in [first, last] that BYDAY names: every such weekday, or the nth / nth-last. */
function byDayIn(byDay: ByDay[], first: number, last: number): number[] {
  const days: number[] = [];
  for (const { weekday, ordinal } of byDay) {
    const target = isoIndex(weekday);
    const firstMatch = first + ((target - isoWeekday(first) + 7) % 7);
    if (ordinal === undefined) {
      for (let day = firstMatch; day <= last; day += 7) days.push(day);
    } else if (ordinal > 0) {
      const day = firstMatch + 7 * (ordinal - 1);
      if (day <= last) days.push(day);
    } else {
      const lastMatch = last - ((isoWeekday(last) - target + 7) % 7);
      const day = lastMatch + 7 * (ordinal + 1);
      if (day >= first) days.push(day);
    }
  }
  return days;
}

const ascendingUnique = (days: number[]) => [...new Set(days)].sort((a, b) => a - b);

/** Instance days of one month under BYDAY / BYMONTHDAY, or the start's day of month. */
function daysOfMonth(
  rule: RecurrenceRule,
  year: number,
  month: number,
  startDay: number,
): number[] {
  const first = epochDay(year, month, 1);
  const length = daysInMonth(year, month);
  const byMonthDay = rule.byMonthDay
    .map((n) => monthDayOf(n, length))
    .filter((day): day is number => day !== null)
    .map((day) => first + day - 1);
  if (rule.byDay.length === 0) {
    if (rule.byMonthDay.length > 0) return ascendingUnique(byMonthDay);
    return startDay <= length ? [first + startDay - 1] : [];
  }
  const byDay = byDayIn(rule.byDay, first, first + length - 1);
  return ascendingUnique(
    rule.byMonthDay.length > 0 ? byDay.filter((day) => byMonthDay.includes(day)) : byDay,
  );
}

function daysOfYear(
  rule: RecurrenceRule,
  year: number,
  startDate: { month: number; day: number },
): number[] {
  if (rule.byDay.length > 0 && rule.byMonth.length === 0) {
    // "20MO" in a YEARLY rule without BYMONTH is the 20th Monday of the year.
    const days = byDayIn(rule.byDay, epochDay(year, 1, 1), epochDay(year, 12, 31));
    if (rule.byMonthDay.length === 0) return ascendingUnique(days);
    return ascendingUnique(
      days.filter((day) => {
        const date = civilDate(day);
        const length = daysInMonth(date.year, date.month);
        return rule.byMonthDay.some((n) => monthDayOf(n, length) === date.day);
      }),
    );
  }
  const months =
    rule.byMonth.length > 0
      ? rule.byMonth
      : rule.byMonthDay.length > 0
        ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
        : [startDate.month];
  return months.flatMap((month) => daysOfMonth(rule, year, month, startDate.day));
}
