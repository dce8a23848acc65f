import {
  describeRule,
  formatRule,
  localToInstant,
  MAX_COUNT,
  MAX_INTERVAL,
  parseRule,
  type RecurrenceRule,
  ruleError,
  WEEKDAYS,
  type Weekday,
} from '@airgrid/domain';
import { messages } from '../../i18n/messages';

const t = messages();

// The "New recurrence" form apart from React: the repeat choices a person makes become RRULE
// text (RFC 5545, the subset packages/domain supports), with a message for every choice that
// cannot make one, and the window the new recurrence is expanded into.

export const REPEAT_KINDS = ['weekly', 'every-n-weeks', 'monthly', 'custom'] as const;
export type RepeatKind = (typeof REPEAT_KINDS)[number];

export const REPEAT_LABELS: Record<RepeatKind, string> = {
  weekly: t.timeslots.weeklyOnChosenDays,
  'every-n-weeks': t.timeslots.everyNWeeks,
  monthly: t.timeslots.monthlyOnTheNthWeekday,
  custom: t.timeslots.customRrule,
};

export const END_KINDS = ['never', 'until', 'count'] as const;
export type EndKind = (typeof END_KINDS)[number];

export const END_LABELS: Record<EndKind, string> = {
  never: t.timeslots.noEnd,
  until: t.timeslots.untilADate,
  count: t.timeslots.afterANumberOfAirings,
};

/** Which weekday of the month: first to fourth, or the last. */
export const ORDINALS = [1, 2, 3, 4, -1] as const;
export const ORDINAL_LABELS: Record<(typeof ORDINALS)[number], string> = {
  1: t.timeslots.first,
  2: t.timeslots.second,
  3: t.timeslots.third,
  4: t.timeslots.fourth,
  [-1]: t.timeslots.last,
};

export const DAY_LABELS: Record<Weekday, string> = {
  MO: t.timeslots.mon,
  TU: t.timeslots.tue,
  WE: t.timeslots.wed,
  TH: t.timeslots.thu,
  FR: t.timeslots.fri,
  SA: t.timeslots.sat,
  SU: t.timeslots.sun,
};

/** The repeat part of the form, as its inputs hold it. */
export interface RepeatForm {
  kind: RepeatKind;
  /** Weekly and every-N-weeks: the days it airs on. */
  days: Weekday[];
  /** Every N weeks: N, as typed. */
  interval: number | string;
  /** Monthly: which of the month's weekdays. */
  ordinal: number;
  weekday: Weekday;
  /** Custom: the RRULE text, with or without the `RRULE:` prefix. */
  custom: string;
  end: EndKind;
  /** Until: the last local date (YYYY-MM-DD) it may air on. */
  until: string;
  /** Count: how many airings, as typed. */
  count: number | string;
}

export const EMPTY_REPEAT: RepeatForm = {
  kind: 'weekly',
  days: [],
  interval: 2,
  ordinal: 1,
  weekday: 'MO',
  custom: '',
  end: 'never',
  until: '',
  count: 10,
};

export type BuiltRule =
  | { ok: true; rrule: string }
  | { ok: false; field: 'days' | 'interval' | 'custom' | 'until' | 'count'; message: string };

function wholeNumber(value: number | string): number | null {
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  return String(value).trim() !== '' && Number.isInteger(number) ? number : null;
}

/** The weekdays in RFC order, each once. */
function sortedDays(days: readonly Weekday[]): Weekday[] {
  return WEEKDAYS.filter((day) => days.includes(day));
}

/**
 * The RRULE text for the repeat choices, or the field that is wrong and why. `startDate` is the
 * first airing's local date: an until date before it could never air.
 */
export function buildRule(form: RepeatForm, startDate: string): BuiltRule {
  const t = messages();
  if (form.kind === 'custom') {
    const text = form.custom.trim().replace(/^RRULE:/i, '');
    if (text === '')
      return {
        ok: false,
        field: 'custom',
        message: t.timeslots.typeAnRruleEG,
      };
    const problem = ruleError(text);
    return problem === null
      ? { ok: true, rrule: text }
      : { ok: false, field: 'custom', message: problem };
  }
  const rule: RecurrenceRule = {
    freq: form.kind === 'monthly' ? 'MONTHLY' : 'WEEKLY',
    interval: 1,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    wkst: 'MO',
  };
  if (form.kind === 'monthly') {
    rule.byDay = [{ weekday: form.weekday, ordinal: form.ordinal }];
  } else {
    if (form.days.length === 0) {
      return { ok: false, field: 'days', message: t.timeslots.chooseAtLeastOneDay };
    }
    rule.byDay = sortedDays(form.days).map((weekday) => ({ weekday }));
  }
  if (form.kind === 'every-n-weeks') {
    const interval = wholeNumber(form.interval);
    if (interval === null || interval < 1 || interval > MAX_INTERVAL) {
      return {
        ok: false,
        field: 'interval',
        message: t.timeslots.mustBeAWholeNumber(MAX_INTERVAL),
      };
    }
    rule.interval = interval;
  }
  if (form.end === 'count') {
    const count = wholeNumber(form.count);
    if (count === null || count < 1 || count > MAX_COUNT) {
      return {
        ok: false,
        field: 'count',
        message: t.timeslots.mustBeAWholeNumberOfAirings(MAX_COUNT.toLocaleString('en-US')),
      };
    }
    rule.count = count;
  }
  if (form.end === 'until') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.until)) {
      return { ok: false, field: 'until', message: t.timeslots.chooseTheLastDateIt };
    }
    if (startDate !== '' && form.until < startDate) {
      return { ok: false, field: 'until', message: t.timeslots.mustBeOnOrAfter };
    }
    rule.until = { kind: 'date', date: form.until };
  }
  return { ok: true, rrule: formatRule(rule) };
}

/** The rule in English for the form's live confirmation, or null while it cannot be built. */
export function describeRepeat(
  form: RepeatForm,
  startLocal: string,
  timeZone: string,
): string | null {
  const built = buildRule(form, startLocal.slice(0, 10));
  if (!built.ok) return null;
  const options = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(startLocal)
    ? { startLocal, timeZone }
    : { timeZone };
  return describeRule(built.rrule, options);
}

/** How far ahead a new recurrence's airings are created. */
const EXPAND_WEEKS = 8;

/**
 * The window a new recurrence is expanded into: the next 8 weeks, reaching back to its first
 * airing when that is earlier today or in the past, so it is not skipped.
 */
export function expandWindow(firstStart: number, now: number): { from: string; to: string } {
  const from = Math.min(firstStart, now);
  const to = Math.max(firstStart, now) + EXPAND_WEEKS * 7 * 86_400_000;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** The first airing's instant, or null when the date or time is not filled in. */
export function firstStart(date: string, time: string, zone: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  return localToInstant(`${date}T${time}`, zone);
}

/** "Scheduled 1 airing" / "Scheduled 8 airings". */
export function scheduledMessage(created: number): string {
  return messages().timeslots.scheduledAirings(created);
}

/** The weekday of a local date, as its RRULE code: the default day of a weekly recurrence. */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7] as Weekday;
}

/**
 * The repeat choices that give back a saved rule, for editing it in the same form: weekly and
 * every-N-weeks rules on plain weekdays, monthly on one nth weekday; anything else (and any
 * rule the choices cannot write back the same) is shown as its RRULE text.
 */
export function repeatFromRule(rrule: string, startDate: string): RepeatForm {
  const custom: RepeatForm = { ...EMPTY_REPEAT, kind: 'custom', custom: rrule };
  let rule: RecurrenceRule;
  try {
    rule = parseRule(rrule);
  } catch {
    return custom;
  }
  const form: RepeatForm = { ...EMPTY_REPEAT };
  if (rule.byMonth.length > 0 || rule.byMonthDay.length > 0) return custom;
  if (rule.freq === 'WEEKLY' && rule.byDay.every((day) => day.ordinal === undefined)) {
    form.kind = rule.interval === 1 ? 'weekly' : 'every-n-weeks';
    form.interval = rule.interval === 1 ? EMPTY_REPEAT.interval : rule.interval;
    form.days =
      rule.byDay.length > 0
        ? rule.byDay.map((day) => day.weekday)
        : /^\d{4}-\d{2}-\d{2}$/.test(startDate)
          ? [weekdayOf(startDate)]
          : [];
  } else if (
    rule.freq === 'MONTHLY' &&
    rule.interval === 1 &&
    rule.byDay.length === 1 &&
    rule.byDay[0]?.ordinal !== undefined &&
    (ORDINALS as readonly number[]).includes(rule.byDay[0].ordinal)
  ) {
    form.kind = 'monthly';
    form.ordinal = rule.byDay[0].ordinal;
    form.weekday = rule.byDay[0].weekday;
  } else {
    return custom;
  }
  if (rule.count !== undefined) {
    form.end = 'count';
    form.count = rule.count;
  } else if (rule.until?.kind === 'date') {
    form.end = 'until';
    form.until = rule.until.date;
  } else if (rule.until) {
    return custom;
  }
  const rebuilt = buildRule(form, '');
  return rebuilt.ok && parseRule(rebuilt.rrule).byDay.length === rule.byDay.length ? form : custom;
}
