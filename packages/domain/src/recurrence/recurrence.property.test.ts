// Properties of expansion against a deliberately different reading of the rule: instead of
// generating days period by period, the oracle walks every calendar day (Temporal.PlainDate)
// and asks whether the day matches, following RFC 5545's table of BY* parts directly.
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, test } from 'vitest';
import { localToInstant } from '../time.js';
import { expandRecurrence, type RecurrenceInput } from './expand.js';
import { type ByDay, formatRule, parseRule, type RecurrenceRule, WEEKDAYS } from './rule.js';
import { splitRecurrence } from './split.js';

const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'America/Sao_Paulo',
  'Asia/Kolkata',
  'Pacific/Chatham',
];
const DAY_MS = 86_400_000;

const weekdayOf = (date: Temporal.PlainDate) => WEEKDAYS[date.dayOfWeek - 1];

function positionMatches(entry: ByDay, date: Temporal.PlainDate, scope: 'month' | 'year'): boolean {
  if (entry.weekday !== weekdayOf(date)) return false;
  if (entry.ordinal === undefined) return true;
  const index = scope === 'month' ? date.day : date.dayOfYear;
  const length = scope === 'month' ? date.daysInMonth : date.daysInYear;
  return entry.ordinal > 0
    ? Math.ceil(index / 7) === entry.ordinal
    : Math.floor((length - index) / 7) + 1 === -entry.ordinal;
}

/** True when a local date (on or after the start) is an instance day of the rule. */
function oracleMatches(
  rule: RecurrenceRule,
  start: Temporal.PlainDate,
  date: Temporal.PlainDate,
): boolean {
  const i = rule.interval;
  const wkst = WEEKDAYS.indexOf(rule.wkst) + 1;
  const weekStart = (d: Temporal.PlainDate) => d.subtract({ days: (d.dayOfWeek - wkst + 7) % 7 });
  const aligned = {
    DAILY: () => start.until(date).days % i === 0,
    WEEKLY: () => weekStart(start).until(weekStart(date)).days % (7 * i) === 0,
    MONTHLY: () => ((date.year - start.year) * 12 + date.month - start.month) % i === 0,
    YEARLY: () => (date.year - start.year) % i === 0,
  }[rule.freq]();
  if (!aligned) return false;
  if (rule.byMonth.length > 0 && !rule.byMonth.includes(date.month)) return false;
  const monthDayOk =
    rule.byMonthDay.length === 0 ||
    rule.byMonthDay.some((n) => (n > 0 ? n : date.daysInMonth + 1 + n) === date.day);
  if (!monthDayOk) return false;
  const scope = rule.freq === 'YEARLY' && rule.byMonth.length === 0 ? 'year' : 'month';
  if (rule.byDay.length > 0 && !rule.byDay.some((entry) => positionMatches(entry, date, scope))) {
    return false;
  }
  // Parts left to the start.
  if (rule.freq === 'WEEKLY' && rule.byDay.length === 0) return date.dayOfWeek === start.dayOfWeek;
  const dayFree = rule.byDay.length === 0 && rule.byMonthDay.length === 0;
  if (rule.freq === 'MONTHLY' && dayFree) return date.day === start.day;
  if (rule.freq === 'YEARLY' && dayFree) {
    return date.day === start.day && (rule.byMonth.length > 0 || date.month === start.month);
  }
  return true;
}

/** Instance keys of the rule up to (and including) a local date, by walking every day. */
function oracleKeys(
  rule: RecurrenceRule,
  startLocal: string,
  lastDay: Temporal.PlainDate,
): string[] {
  const start = Temporal.PlainDate.from(startLocal.slice(0, 10));
  const time = startLocal.slice(10);
  const keys: string[] = [];
  for (
    let date = start;
    Temporal.PlainDate.compare(date, lastDay) <= 0;
    date = date.add({ days: 1 })
  ) {
    if (rule.count !== undefined && keys.length >= rule.count) break;
    if (oracleMatches(rule, start, date)) keys.push(`${date.toString()}${time}`);
  }
  return keys;
}

const weekday = fc.constantFrom(...WEEKDAYS);
const ruleArbitrary: fc.Arbitrary<RecurrenceRule> = fc
  .record({
    freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY' as const),
    interval: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 12 })),
    weekdays: fc.uniqueArray(weekday, { maxLength: 3 }),
    ordinals: fc.array(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: -5, max: -1 })), {
      maxLength: 3,
    }),
    byMonthDay: fc.uniqueArray(
      fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: -31, max: -1 })),
      { maxLength: 3 },
    ),
    byMonth: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 4 }),
    wkst: weekday,
    count: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
    useMonthDay: fc.boolean(),
    useMonth: fc.boolean(),
  })
  .map((r) => {
    const positional = r.freq === 'MONTHLY' || r.freq === 'YEARLY';
    const byDay: ByDay[] = r.weekdays.map((w, n) =>
      positional && r.ordinals[n] !== undefined
        ? { weekday: w, ordinal: r.ordinals[n] }
        : { weekday: w },
    );
    const rule: RecurrenceRule = {
      freq: r.freq,
      interval: r.interval,
      byDay,
      byMonthDay: r.useMonthDay && r.freq !== 'WEEKLY' ? r.byMonthDay : [],
      byMonth: r.useMonth ? [...r.byMonth].sort((a, b) => a - b) : [],
      wkst: r.wkst,
    };
    if (r.count !== undefined) rule.count = r.count;
    return rule;
  });

const seriesArbitrary = fc.record({
  rule: ruleArbitrary,
  timeZone: fc.constantFrom(...ZONES),
  startDay: fc.integer({ min: 0, max: 3 * 365 }),
  startMinutes: fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
  durationSec: fc.constantFrom(900, 3600, 5400, 26 * 3600),
  windowOffsetDays: fc.integer({ min: -30, max: 500 }),
  windowDays: fc.integer({ min: 0, max: 400 }),
});

type SeriesCase = typeof seriesArbitrary extends fc.Arbitrary<infer T> ? T : never;

function build(s: SeriesCase) {
  const startDate = Temporal.PlainDate.from('2024-01-01').add({ days: s.startDay });
  const hh = String(Math.floor(s.startMinutes / 60)).padStart(2, '0');
  const mm = String(s.startMinutes % 60).padStart(2, '0');
  const startLocal = `${startDate.toString()}T${hh}:${mm}`;
  let rrule: string;
  try {
    rrule = formatRule(parseRule(formatRule(s.rule)));
  } catch {
    return null; // a combination the parser refuses (e.g. BYMONTHDAY=31 only in BYMONTH=2)
  }
  const recurrence: RecurrenceInput = {
    rrule,
    timeZone: s.timeZone,
    startLocal,
    durationSec: s.durationSec,
  };
  const from = Date.parse(`${startDate.toString()}T00:00Z`) + s.windowOffsetDays * DAY_MS;
  return { recurrence, startLocal, window: { from, to: from + s.windowDays * DAY_MS } };
}

const overlaps = (start: number, durationSec: number, w: { from: number; to: number }) =>
  start < w.to && start + durationSec * 1000 > w.from;

describe('expandRecurrence properties', () => {
  test('exactly the oracle instances that overlap the window, sorted, unique and in the zone', () => {
    fc.assert(
      fc.property(seriesArbitrary, (s) => {
        const built = build(s);
        fc.pre(built !== null);
        const { recurrence, startLocal, window } = built as NonNullable<typeof built>;
        const occurrences = expandRecurrence(recurrence, window);
        const lastDay = Temporal.Instant.fromEpochMilliseconds(window.to + 2 * DAY_MS)
          .toZonedDateTimeISO('UTC')
          .toPlainDate();
        const expected = oracleKeys(s.rule, startLocal, lastDay).filter((key) =>
          overlaps(localToInstant(key, recurrence.timeZone), recurrence.durationSec, window),
        );
        expect(occurrences.map((o) => o.key)).toEqual(expected);
        for (const [n, o] of occurrences.entries()) {
          expect(o.start).toBe(localToInstant(o.key, recurrence.timeZone));
          expect(o.durationSec).toBe(recurrence.durationSec);
          expect(overlaps(o.start, o.durationSec, window)).toBe(true);
          if (n > 0) expect(o.start).toBeGreaterThanOrEqual(occurrences[n - 1]?.start ?? 0);
        }
        expect(new Set(occurrences.map((o) => o.key)).size).toBe(occurrences.length);
      }),
      { numRuns: 150 },
    );
  });

  test('windows cut in pieces give the same instances as the whole: COUNT holds across windows', () => {
    fc.assert(
      fc.property(
        seriesArbitrary,
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 8 }),
        (s, cuts) => {
          const built = build(s);
          fc.pre(built !== null);
          const { recurrence, window } = built as NonNullable<typeof built>;
          const whole = expandRecurrence(recurrence, window).map((o) => o.key);
          const pieces = new Set<string>();
          let from = window.from;
          for (const days of [...cuts, Number.POSITIVE_INFINITY]) {
            const to = Math.min(window.to, from + days * DAY_MS);
            for (const o of expandRecurrence(recurrence, { from, to })) pieces.add(o.key);
            if (to >= window.to) break;
            from = to;
          }
          expect([...pieces].sort()).toEqual([...whole].sort());
          if (s.rule.count !== undefined) expect(whole.length).toBeLessThanOrEqual(s.rule.count);
        },
      ),
      { numRuns: 100 },
    );
  });

  test('a split at any instance partitions the instances and the overrides', () => {
    fc.assert(
      fc.property(seriesArbitrary, fc.nat(), (s, pick) => {
        const built = build(s);
        fc.pre(built !== null);
        const { recurrence } = built as NonNullable<typeof built>;
        const window = {
          from: Date.parse('2023-12-01T00:00Z'),
          to: Date.parse('2029-01-01T00:00Z'),
        };
        const all = expandRecurrence(recurrence, window).map((o) => o.key);
        fc.pre(all.length > 0);
        const atKey = all[pick % all.length] as string;
        const exceptions = Object.fromEntries(
          all.slice(0, 6).map((key) => [key, { show: `s-${key}` }]),
        );
        const { before, after } = splitRecurrence({ ...recurrence, exceptions }, atKey);
        const keysOf = (r: RecurrenceInput | null) =>
          r ? expandRecurrence(r, window).map((o) => o.key) : [];
        const beforeKeys = keysOf(before);
        const afterKeys = keysOf(after);
        expect(beforeKeys.every((key) => key < atKey)).toBe(true);
        expect(afterKeys[0]).toBe(atKey);
        expect([...beforeKeys, ...afterKeys]).toEqual(all);
        expect({ ...before?.exceptions, ...after.exceptions }).toEqual(exceptions);
        expect(Object.keys(after.exceptions ?? {}).every((key) => key >= atKey)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
