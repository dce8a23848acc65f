// Times as a widget shows them: the station's zone, the 12-hour clock, US dates ("1:05 PM",
// "03/11"), the same text the app's formatTime and formatUsDate write (packages/domain). Written
// on Intl rather than imported from the domain, whose Temporal polyfill would be most of the
// widget's download; a unit test holds the two to the same output.

const QUARTER_HOUR_MS = 900_000;

/** The wall clock of an instant in a zone, as numbers. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** The wall clock in the zone (UTC when the zone is unknown to the browser). */
export function wallClock(epochMs: number, zone: string): WallClock {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter(zone).formatToParts(epochMs);
  } catch {
    parts = formatter('UTC').formatToParts(epochMs);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    // Some engines write midnight as 24 even on the h23 cycle.
    hour: Number(part('hour')) % 24,
    minute: Number(part('minute')),
    weekday: WEEKDAYS.indexOf(part('weekday')),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "1:05 PM": the time of day in the zone on the 12-hour clock (midnight 12:00 AM). */
export function formatClock(epochMs: number, zone: string): string {
  const { hour, minute } = wallClock(epochMs, zone);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "1:00 PM – 2:30 PM". */
export function formatRange(start: number, end: number, zone: string): string {
  return `${formatClock(start, zone)} – ${formatClock(end, zone)}`;
}

/** "YYYY-MM-DD": the calendar day of an instant in the zone, to compare days. */
export function dayKey(epochMs: number, zone: string): string {
  const { year, month, day } = wallClock(epochMs, zone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** "Today", "Tomorrow", else "Wednesday 03/11": the day of `epochMs` seen from `now`. */
export function dayLabel(epochMs: number, now: number, zone: string): string {
  const day = dayKey(epochMs, zone);
  const today = wallClock(now, zone);
  if (day === `${today.year}-${pad(today.month)}-${pad(today.day)}`) return 'Today';
  // Calendar arithmetic on the date alone: a 23 or 25 hour day cannot skip or repeat one.
  const next = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  const tomorrow = `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
  if (day === tomorrow) return 'Tomorrow';
  const clock = wallClock(epochMs, zone);
  return `${WEEKDAY_NAMES[clock.weekday] ?? ''} ${pad(clock.month)}/${pad(clock.day)}`;
}

/** "EST", "GMT+1": the zone's short name at an instant, for "Times in EST". */
export function zoneName(epochMs: number, zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'short',
    }).formatToParts(epochMs);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

/** The 15-minute mark at or before an instant: every zone in use is on this grid. */
export function quarterHourBefore(epochMs: number): number {
  return Math.floor(epochMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
}

/** "4:09" or "1:05:09" until `target`; "now" once reached (the watch page's countdown). */
export function countdown(target: number, now: number): string {
  const seconds = Math.ceil((target - now) / 1000);
  if (seconds <= 0) return 'now';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = pad(seconds % 60);
  return h > 0 ? `${h}:${pad(m)}:${s}` : `${m}:${s}`;
}

/** "25 min left", "1 h 5 min left": what remains of a programme, to the minute (rounded up). */
export function timeLeft(end: number, now: number): string {
  const minutes = Math.max(0, Math.ceil((end - now) / 60_000));
  if (minutes < 60) return `${minutes} min left`;
  const rest = minutes % 60;
  return rest === 0 ? `${minutes / 60} h left` : `${Math.floor(minutes / 60)} h ${rest} min left`;
}
