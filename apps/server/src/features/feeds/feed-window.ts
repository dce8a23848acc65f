import { Temporal } from 'temporal-polyfill';

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
