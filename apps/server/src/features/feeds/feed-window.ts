import { Temporal } from 'temporal-polyfill';
import type { FieldError } from '../../errors/api-error.js';

/** Days ahead a feed covers unless `?days=` says otherwise: two weeks, the guide's longest window. */
export const DEFAULT_FEED_DAYS = 14;
export const MAX_FEED_DAYS = 14;

export type FeedDaysResult =
  | { ok: true; days: number }
  | { ok: false; message: string; errors: Record<string, FieldError> };

const BAD_DAYS = `The days parameter must be a whole number of days ahead, from 1 to ${MAX_FEED_DAYS}.`;

/** Reads `?days=`: absent means {@link DEFAULT_FEED_DAYS}; anything but 1 to 14 is refused. */
export function parseFeedDays(raw: unknown): FeedDaysResult {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return { ok: true, days: DEFAULT_FEED_DAYS };
  const text = typeof value === 'string' ? value.trim() : '';
  const days = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
  if (days >= 1 && days <= MAX_FEED_DAYS) return { ok: true, days };
  return {
    ok: false,
    message: BAD_DAYS,
    errors: { days: { code: 'validation_invalid_days', message: BAD_DAYS } },
  };
}

/** The instants [from, to) a feed covers. */
export interface FeedWindow {
  from: number;
  to: number;
}

/**
 * A feed's window at `now`: from the start of yesterday to the start of the day `days` after
 * today, both in the zone (the organization's). Yesterday is included so a programme that began
 * last night is still in the guide, and so players that keep a day of history find it. Day starts
 * come from the calendar (Temporal's startOfDay), so 23- and 25-hour days and zones whose DST
 * change happens at midnight are counted right.
 */
export function feedWindow(now: number, timeZone: string, days: number): FeedWindow {
  const today = Temporal.Instant.fromEpochMilliseconds(now)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate();
  const startOf = (date: Temporal.PlainDate) =>
    date.toZonedDateTime({ timeZone }).epochMilliseconds;
  return {
    from: startOf(today.subtract({ days: 1 })),
    to: startOf(today.add({ days })),
  };
}

/**
 * When the feed window that holds `now` moves next: the start of tomorrow in the zone (the
 * window counts from yesterday, so it slides at each local midnight).
 */
export function nextWindowMove(now: number, timeZone: string): number {
  const tomorrow = Temporal.Instant.fromEpochMilliseconds(now)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .add({ days: 1 });
  return tomorrow.toZonedDateTime({ timeZone }).epochMilliseconds;
}
