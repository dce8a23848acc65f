import { LocalClock, type LocalMoment } from './local-clock.js';

/**
 * A part of the week a campaign airs in, on the channel's wall clock: `days` are ISO weekdays
 * (1 = Monday … 7 = Sunday), `from` and `to` are "HH:MM" (`to` may be "24:00"). When `from` is
 * not before `to` the daypart runs past midnight: "22:00"–"02:00" on Friday is Friday 22:00 to
 * Saturday 02:00, and "06:00"–"06:00" is 24 hours from 06:00. A daypart with no days matches
 * nothing.
 */
export interface Daypart {
  days: readonly number[];
  from: string;
  to: string;
}

/** A daypart as minutes after midnight, read once. */
export interface ClockDaypart {
  days: ReadonlySet<number>;
  from: number;
  to: number;
}

const CLOCK = /^(\d{2}):(\d{2})$/;
const MINUTES_PER_DAY = 1440;

/** Minutes after midnight of "HH:MM"; "24:00" only where `endOfDay` allows it. */
function readClock(text: string, endOfDay: boolean): number {
  const match = CLOCK.exec(text);
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
  const valid =
    match !== null &&
    Number(match[2]) < 60 &&
    (minutes < MINUTES_PER_DAY || (endOfDay && minutes === MINUTES_PER_DAY));
  if (!valid) {
    throw new RangeError(
      `A daypart time must be "HH:MM" from 00:00 to ${endOfDay ? '24:00' : '23:59'} (got "${text}").`,
    );
  }
  return minutes;
}

/** Reads a daypart's times and days; throws a RangeError naming what is wrong. */
export function readDaypart(daypart: Daypart): ClockDaypart {
  for (const day of daypart.days) {
    if (!Number.isInteger(day) || day < 1 || day > 7) {
      throw new RangeError(`A daypart's days are 1 (Monday) to 7 (Sunday) (got ${day}).`);
    }
  }
  return {
    days: new Set(daypart.days),
    from: readClock(daypart.from, false),
    to: readClock(daypart.to, true),
  };
}

function previousWeekday(weekday: number): number {
  return weekday === 1 ? 7 : weekday - 1;
}

/** True when a wall-clock moment lies in the daypart. */
function inClockDaypart(moment: LocalMoment, daypart: ClockDaypart): boolean {
  const { days, from, to } = daypart;
  if (from < to) return days.has(moment.weekday) && moment.minute >= from && moment.minute < to;
  // Past midnight: the evening of a listed day, or the small hours of the day after one.
  return (
    (days.has(moment.weekday) && moment.minute >= from) ||
    (days.has(previousWeekday(moment.weekday)) && moment.minute < to)
  );
}

/** True when the moment lies in any of the dayparts; no dayparts means all day, every day. */
export function inAnyDaypart(moment: LocalMoment, dayparts: readonly ClockDaypart[]): boolean {
  return dayparts.length === 0 || dayparts.some((daypart) => inClockDaypart(moment, daypart));
}

/**
 * True when the instant (epoch ms) lies in one of the dayparts on the wall clock of `timeZone`.
 * An empty list is all day. On the day clocks go forward, a daypart inside the skipped hour
 * matches nothing; on the day they go back, the repeated hour matches twice.
 */
export function inDaypart(
  instantMs: number,
  dayparts: readonly Daypart[],
  timeZone: string,
): boolean {
  return inAnyDaypart(new LocalClock(timeZone).read(instantMs), dayparts.map(readDaypart));
}
