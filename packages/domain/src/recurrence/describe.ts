// Recurrence rules in plain English, for lists, tooltips and the confirmation under a rule field.
import { Temporal } from 'temporal-polyfill';
import { civilDate, isoWeekday, parseLocalMinute } from './civil.js';
import { type ByDay, parseRule, type RecurrenceRule, WEEKDAYS, type Weekday } from './rule.js';

export interface DescribeOptions {
  /** The recurrence's startLocal: names the day when the rule leaves it to the start. */
  startLocal?: string;
  /** The recurrence's zone: the date a UTC UNTIL is shown as. UTC when absent. */
  timeZone?: string;
}

const DAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth'];

/** "a", "a and b", "a, b and c". */
function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** 1st, 2nd, 3rd, 11th, 22nd... */
function numberOrdinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** first ... fifth, last, second-to-last; 20th beyond words. */
function positionWord(ordinal: number): string {
  const n = Math.abs(ordinal);
  const word = ORDINAL_WORDS[n - 1] ?? numberOrdinal(n);
  if (ordinal > 0) return word;
  return n === 1 ? 'last' : `${word}-to-last`;
}

function weekdayList(weekdays: Weekday[]): string {
  const ordered = WEEKDAYS.filter((day) => weekdays.includes(day));
  if (ordered.join() === 'MO,TU,WE,TH,FR') return 'weekdays';
  if (ordered.join() === 'SA,SU') return 'weekends';
  return joinWords(ordered.map((day) => DAY_NAMES[day]));
}

/** "the second Friday", "the first and third Monday", "every Friday", per weekday in order. */
function byDayPhrase(byDay: ByDay[]): string {
  const groups = WEEKDAYS.map((weekday) => byDay.filter((entry) => entry.weekday === weekday));
  const phrases = groups
    .filter((group) => group.length > 0)
    .map((group) => {
      const day = DAY_NAMES[(group[0] as ByDay).weekday];
      if (group.some((entry) => entry.ordinal === undefined)) return `every ${day}`;
      const ordinals = group
        .map((entry) => entry.ordinal as number)
        .sort((a, b) => (a > 0 === b > 0 ? a - b : b - a));
      return `the ${joinWords(ordinals.map(positionWord))} ${day}`;
    });
  return joinWords(phrases);
}

/** "the 1st and 15th", "the last day", "the 1st and the last day". */
function monthDayPhrase(days: number[]): string {
  const positive = days.filter((d) => d > 0).sort((a, b) => a - b);
  const negative = days.filter((d) => d < 0).sort((a, b) => b - a);
  const phrases = [];
  if (negative.length === 0) phrases.push(`the ${joinWords(positive.map(numberOrdinal))}`);
  else for (const day of positive) phrases.push(`the ${numberOrdinal(day)}`);
  for (const day of negative) phrases.push(`the ${positionWord(day)} day`);
  return joinWords(phrases);
}

function head(rule: RecurrenceRule): string {
  const units = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as const;
  const single = { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly', YEARLY: 'Yearly' };
  return rule.interval === 1 ? single[rule.freq] : `Every ${rule.interval} ${units[rule.freq]}s`;
}

function monthList(months: number[]): string {
  return joinWords(months.map((month) => MONTH_NAMES[month - 1] as string));
}

function datePhrase(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

/**
 * The rule in plain English: "Every 2 weeks on Tuesday and Thursday", "Monthly on the second
 * Friday", "Monthly on the last Tuesday", "Yearly on the last Sunday of October, 5 times".
 * Accepts a parsed rule or rule text (which must be valid).
 */
export function describeRule(rule: RecurrenceRule | string, options: DescribeOptions = {}): string {
  const parsed = typeof rule === 'string' ? parseRule(rule) : rule;
  const start = options.startLocal ? parseLocalMinute(options.startLocal) : null;
  const startDate = start ? civilDate(start.day) : null;
  const startWeekday = start ? (WEEKDAYS[isoWeekday(start.day) - 1] as Weekday) : null;
  let text = head(parsed);
  const { byDay, byMonthDay, byMonth } = parsed;
  let monthsSaid = false;

  switch (parsed.freq) {
    case 'DAILY':
    case 'WEEKLY': {
      const weekdays =
        byDay.length > 0
          ? byDay.map((entry) => entry.weekday)
          : parsed.freq === 'WEEKLY' && startWeekday
            ? [startWeekday]
            : [];
      if (weekdays.length > 0) text += ` on ${weekdayList(weekdays)}`;
      if (byMonthDay.length > 0) text += ` on ${monthDayPhrase(byMonthDay)}`;
      break;
    }
    case 'MONTHLY':
      if (byDay.length > 0 && byMonthDay.length > 0) {
        const names = WEEKDAYS.filter((day) => byDay.some((d) => d.weekday === day)).map(
          (day) => DAY_NAMES[day],
        );
        text += ` on ${monthDayPhrase(byMonthDay)} when it is a ${names.join(' or ')}`;
      } else if (byDay.length > 0) {
        text += ` on ${byDayPhrase(byDay)}`;
      } else if (byMonthDay.length > 0) {
        text += ` on ${monthDayPhrase(byMonthDay)}`;
      } else if (startDate) {
        text += ` on the ${numberOrdinal(startDate.day)}`;
      }
      break;
    case 'YEARLY': {
      const months =
        byMonth.length > 0
          ? byMonth
          : startDate && byDay.length === 0 && byMonthDay.length === 0
            ? [startDate.month]
            : [];
      monthsSaid = true;
      if (byDay.length > 0) {
        text += ` on ${byDayPhrase(byDay)}`;
        if (byMonthDay.length > 0) text += ` when it is ${monthDayPhrase(byMonthDay)}`;
        text += months.length > 0 ? ` of ${monthList(months)}` : ' of the year';
      } else {
        const days = byMonthDay.length > 0 ? byMonthDay : startDate ? [startDate.day] : [];
        if (months.length === 1 && days.length === 1 && (days[0] as number) > 0) {
          text += ` on ${monthList(months)} ${days[0]}`;
        } else if (days.length > 0) {
          text += ` on ${monthDayPhrase(days)} of ${months.length > 0 ? monthList(months) : 'every month'}`;
        } else if (months.length > 0) {
          text += ` in ${monthList(months)}`;
        }
      }
      break;
    }
  }
  if (byMonth.length > 0 && !monthsSaid) text += ` in ${monthList(byMonth)}`;

  if (parsed.count !== undefined) {
    text += parsed.count === 1 ? ', once' : `, ${parsed.count} times`;
  }
  const until = parsed.until;
  if (until) {
    const date =
      until.kind === 'utc'
        ? Temporal.Instant.fromEpochMilliseconds(until.epochMs)
            .toZonedDateTimeISO(options.timeZone ?? 'UTC')
            .toPlainDate()
            .toString()
        : until.kind === 'local'
          ? until.local.slice(0, 10)
          : until.date;
    text += `, until ${datePhrase(date)}`;
  }
  return text;
}
