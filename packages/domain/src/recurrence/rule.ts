// RFC 5545 RRULE text: parsing, validation with messages a person can act on, and formatting.
// Airgrid supports the parts a broadcast schedule needs (FREQ DAILY to YEARLY, INTERVAL, BYDAY
// with positions, BYMONTHDAY, BYMONTH, COUNT, UNTIL, WKST). The time of day always comes from
// the recurrence's startLocal, so BYHOUR, BYMINUTE and BYSECOND are refused rather than ignored.

import { daysInMonth } from './civil.js';
import { RecurrenceError } from './errors.js';

export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** RFC 5545 weekday codes in ISO order: index + 1 is the ISO weekday (Monday = 1). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One BYDAY entry: `FR` (every Friday of the period) or `2FR` / `-1TU` (the nth in it). */
export interface ByDay {
  weekday: Weekday;
  /** 1 = first, -1 = last; absent for every such weekday. */
  ordinal?: number;
}

/**
 * The end of a rule, as written: a UTC instant (`20271231T235959Z`, what RFC 5545 asks for with
 * a time zone), a wall-clock time in the recurrence's zone (`20271231T235959`), or a date
 * (`20271231`: the series may run through that whole local day). UNTIL is inclusive.
 */
export type RuleUntil =
  | { kind: 'utc'; epochMs: number }
  | { kind: 'local'; local: string /* YYYY-MM-DDTHH:mm:ss */ }
  | { kind: 'date'; date: string /* YYYY-MM-DD */ };

export interface RecurrenceRule {
  freq: Frequency;
  /** Every nth period, 1-999. */
  interval: number;
  byDay: ByDay[];
  /** 1-31 counts from the start of the month, -1 is the last day, -2 the one before. */
  byMonthDay: number[];
  /** Months 1-12. */
  byMonth: number[];
  /** First day of the week; matters for WEEKLY rules with INTERVAL > 1 and BYDAY. */
  wkst: Weekday;
  count?: number;
  until?: RuleUntil;
}

/** A rule text a person got wrong; `part` names the rule part (FREQ, BYDAY...) when there is one. */
export class RecurrenceRuleError extends RecurrenceError {
  override name = 'RecurrenceRuleError';
  constructor(
    message: string,
    readonly part: string | null = null,
  ) {
    super(message);
  }
}

export const MAX_INTERVAL = 999;
export const MAX_COUNT = 10_000;

const SUPPORTED_PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'UNTIL',
  'COUNT',
  'WKST',
]);

/** RFC 5545 parts Airgrid knows but refuses, with the reason shown to the person. */
const UNSUPPORTED_PARTS: Record<string, string> = {
  BYSECOND: 'the time of day comes from the start time',
  BYMINUTE: 'the time of day comes from the start time',
  BYHOUR: 'the time of day comes from the start time; make one recurrence per time',
  BYSETPOS: 'use a BYDAY position instead, e.g. BYDAY=-1FR for the last Friday',
  BYYEARDAY: 'use BYMONTH with BYMONTHDAY instead',
  BYWEEKNO: 'use WEEKLY with INTERVAL instead',
  RSCALE: 'only the Gregorian calendar is supported',
  SKIP: 'only the Gregorian calendar is supported',
};

const fail = (message: string, part: string | null = null): never => {
  throw new RecurrenceRuleError(message, part);
};

/**
 * Parses an RRULE (with or without the `RRULE:` prefix, any letter case). Throws
 * {@link RecurrenceRuleError} with a message that names the part at fault.
 */
export function parseRule(text: string): RecurrenceRule {
  let body = text.trim();
  if (/^RRULE:/i.test(body)) body = body.slice('RRULE:'.length).trim();
  if (body === '') fail('The rule is empty: start with FREQ, e.g. FREQ=WEEKLY;BYDAY=TU', 'FREQ');
  if (/[\r\n]/.test(body)) {
    fail(
      'Write the rule on one line: the start time is set separately, and DTSTART or EXDATE lines are not supported',
    );
  }

  const parts = new Map<string, string>();
  for (const raw of body.split(';')) {
    const piece = raw.trim();
    if (piece === '') continue;
    const equals = piece.indexOf('=');
    if (equals < 0) fail(`"${piece}" is not a rule part: write NAME=VALUE, e.g. FREQ=WEEKLY`);
    const name = piece.slice(0, equals).trim().toUpperCase();
    const value = piece
      .slice(equals + 1)
      .trim()
      .toUpperCase();
    const reason = Object.hasOwn(UNSUPPORTED_PARTS, name) ? UNSUPPORTED_PARTS[name] : undefined;
    if (reason) fail(`${name} is not supported: ${reason}`, name);
    if (!SUPPORTED_PARTS.has(name)) {
      fail(
        `${name || '(nothing)'} is not a rule part: use FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, COUNT, UNTIL or WKST`,
        name || null,
      );
    }
    if (parts.has(name)) fail(`${name} appears more than once`, name);
    if (value === '') fail(`${name} has no value`, name);
    parts.set(name, value);
  }

  const freq = parseFrequency(parts.get('FREQ'));
  const rule: RecurrenceRule = {
    freq,
    interval: parts.has('INTERVAL') ? parseInterval(parts.get('INTERVAL') as string) : 1,
    byDay: parts.has('BYDAY') ? parseByDay(parts.get('BYDAY') as string, freq) : [],
    byMonthDay: parts.has('BYMONTHDAY') ? parseByMonthDay(parts.get('BYMONTHDAY') as string) : [],
    byMonth: parts.has('BYMONTH') ? parseByMonth(parts.get('BYMONTH') as string) : [],
    wkst: parts.has('WKST') ? parseWeekday(parts.get('WKST') as string, 'WKST') : 'MO',
  };
  if (parts.has('COUNT') && parts.has('UNTIL')) {
    fail('COUNT and UNTIL cannot be used together: choose one', 'COUNT');
  }
  if (parts.has('COUNT')) rule.count = parseCount(parts.get('COUNT') as string);
  if (parts.has('UNTIL')) rule.until = parseUntil(parts.get('UNTIL') as string);
  checkCombinations(rule);
  return rule;
}

/** The error message for a rule text, or null when it is valid: for form and server field errors. */
export function ruleError(text: string): string | null {
  try {
    parseRule(text);
    return null;
  } catch (error) {
    if (error instanceof RecurrenceRuleError) return error.message;
    throw error;
  }
}

function parseFrequency(value: string | undefined): Frequency {
  if (value === undefined) fail('FREQ is required: DAILY, WEEKLY, MONTHLY or YEARLY', 'FREQ');
  if (!(FREQUENCIES as readonly string[]).includes(value as string)) {
    const known = ['SECONDLY', 'MINUTELY', 'HOURLY'].includes(value as string);
    fail(
      known
        ? `FREQ=${value} is not supported: use DAILY, WEEKLY, MONTHLY or YEARLY`
        : `FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY (got ${value})`,
      'FREQ',
    );
  }
  return value as Frequency;
}

function wholeNumber(value: string, min: number, max: number): number | null {
  if (!/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function parseInterval(value: string): number {
  return (
    wholeNumber(value, 1, MAX_INTERVAL) ??
    fail(`INTERVAL must be a whole number from 1 to ${MAX_INTERVAL}`, 'INTERVAL')
  );
}

function parseCount(value: string): number {
  return (
    wholeNumber(value, 1, MAX_COUNT) ??
    fail(`COUNT must be a whole number from 1 to ${MAX_COUNT}`, 'COUNT')
  );
}

function parseWeekday(value: string, part: string): Weekday {
  if (!(WEEKDAYS as readonly string[]).includes(value)) {
    fail(`${part} must be a weekday: MO, TU, WE, TH, FR, SA or SU (got ${value})`, part);
  }
  return value as Weekday;
}

function listOf(value: string): string[] {
  return value.split(',').map((item) => item.trim());
}

function unique<T>(items: T[], same: (a: T, b: T) => boolean): T[] {
  return items.filter((item, index) => items.findIndex((other) => same(item, other)) === index);
}

function parseByDay(value: string, freq: Frequency): ByDay[] {
  const entries = listOf(value).map((item) => {
    const match = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(item);
    const weekday = match?.[2];
    if (!match || !weekday || !(WEEKDAYS as readonly string[]).includes(weekday)) {
      return fail(
        `BYDAY value "${item}" is not a weekday: use MO, TU, WE, TH, FR, SA or SU, optionally with a position such as 2FR or -1TU`,
        'BYDAY',
      );
    }
    if (match[1] === undefined) return { weekday: weekday as Weekday };
    const ordinal = Number(match[1]);
    if (freq !== 'MONTHLY' && freq !== 'YEARLY') {
      fail(`BYDAY positions such as ${item} need FREQ=MONTHLY or FREQ=YEARLY`, 'BYDAY');
    }
    const limit = freq === 'MONTHLY' ? 5 : 53;
    if (ordinal === 0 || Math.abs(ordinal) > limit) {
      fail(
        freq === 'MONTHLY'
          ? `BYDAY position in ${item} must be from 1 to 5 or -1 to -5: a month has at most five of each weekday`
          : `BYDAY position in ${item} must be from 1 to 53 or -1 to -53`,
        'BYDAY',
      );
    }
    return { weekday: weekday as Weekday, ordinal };
  });
  return unique(entries, (a, b) => a.weekday === b.weekday && a.ordinal === b.ordinal);
}

function parseByMonthDay(value: string): number[] {
  const days = listOf(value).map((item) => {
    const n = /^[+-]?\d{1,2}$/.test(item) ? Number(item) : Number.NaN;
    if (!(n >= 1 && n <= 31) && !(n <= -1 && n >= -31)) {
      fail(
        `BYMONTHDAY values must be day numbers from 1 to 31, or -1 (the last day) to -31 (got ${item})`,
        'BYMONTHDAY',
      );
    }
    return n;
  });
  return unique(days, (a, b) => a === b);
}

function parseByMonth(value: string): number[] {
  const months = listOf(value).map(
    (item) =>
      wholeNumber(item, 1, 12) ??
      fail(`BYMONTH values must be month numbers from 1 to 12 (got ${item})`, 'BYMONTH'),
  );
  return unique(months, (a, b) => a === b).sort((a, b) => a - b);
}

function parseUntil(value: string): RuleUntil {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value);
  const bad = () =>
    fail(
      `UNTIL must be a date like 20271231 or a date and time like 20271231T235959Z (got ${value})`,
      'UNTIL',
    );
  if (!match) return bad();
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return bad();
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  if (match[4] === undefined) return { kind: 'date', date };
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6])];
  if (hour > 23 || minute > 59 || second > 59) return bad();
  const time = `${match[4]}:${match[5]}:${match[6]}`;
  if (match[7] === 'Z') return { kind: 'utc', epochMs: Date.parse(`${date}T${time}Z`) };
  return { kind: 'local', local: `${date}T${time}` };
}

/** RFC 5545's restrictions on which parts go together, plus rules that can never match. */
function checkCombinations(rule: RecurrenceRule): void {
  if (rule.freq === 'WEEKLY' && rule.byMonthDay.length > 0) {
    fail('BYMONTHDAY cannot be used with FREQ=WEEKLY: use MONTHLY', 'BYMONTHDAY');
  }
  if (rule.byMonth.length > 0 && rule.byMonthDay.length > 0) {
    const longest = Math.max(...rule.byMonth.map((month) => daysInMonth(2024, month)));
    if (rule.byMonthDay.every((day) => Math.abs(day) > longest)) {
      fail(
        `BYMONTHDAY=${rule.byMonthDay.join(',')} never falls in BYMONTH=${rule.byMonth.join(',')}`,
        'BYMONTHDAY',
      );
    }
  }
}

/** The rule as canonical RRULE text (no `RRULE:` prefix), parts in a fixed order. */
export function formatRule(rule: RecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byMonth.length > 0) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.byMonthDay.length > 0) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byDay.length > 0) {
    parts.push(`BYDAY=${rule.byDay.map((d) => `${d.ordinal ?? ''}${d.weekday}`).join(',')}`);
  }
  if (rule.wkst !== 'MO') parts.push(`WKST=${rule.wkst}`);
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`);
  if (rule.until) parts.push(`UNTIL=${formatUntil(rule.until)}`);
  return parts.join(';');
}

function formatUntil(until: RuleUntil): string {
  switch (until.kind) {
    case 'utc':
      return `${new Date(until.epochMs).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
    case 'local':
      return until.local.replace(/[-:]/g, '');
    case 'date':
      return until.date.replace(/-/g, '');
  }
}
