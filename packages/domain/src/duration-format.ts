import { roundUpToQuarterHour } from './time.js';

// The app's one way to write a duration (docs/decisions/0036-one-way-to-write-a-duration.md).
// Two quantities look alike and must never be confused: how long something is on the schedule
// (a show's slot length, an airing, a series, a total of airtime) and how long a media file
// runs. A length is written h:mm, to the minute; a runtime m:ss (h:mm:ss from an hour), to the
// second. Where h:mm alone could be read as m:ss (in a sentence, beside a runtime, anywhere no
// column header says "h:mm"), the caller asks for units: "30 min", "1 h 30 min".

/** What a duration measures: a length on the schedule, or a media file's runtime. */
export type DurationKind = 'length' | 'runtime';

export interface DurationStyle {
  /** Write the units out ("1 h 30 min", "4 min 5 s") instead of h:mm or m:ss. */
  units?: boolean;
  /**
   * A runtime's decimals of a second (a spot's, which breaks add up to the frame): "0:29.99".
   * Truncated, not rounded, so a runtime never reads longer than the file runs.
   */
  fraction?: 1 | 2;
}

const pad = (value: number) => String(value).padStart(2, '0');

function lengthMinutes(seconds: number): number {
  // A length under half a minute is still a length: it never reads as none.
  return Math.max(1, Math.round(seconds / 60));
}

function formatLength(seconds: number, units: boolean): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '—';
  const minutes = lengthMinutes(seconds);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!units) return `${hours}:${pad(rest)}`;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

function formatRuntime(seconds: number, units: boolean, fraction: 0 | 1 | 2): string {
  const scale = 10 ** fraction;
  const some = Number.isFinite(seconds) && seconds > 0;
  // Whole seconds round to the nearest; decimals truncate (the small epsilon keeps 29.97,
  // held as 29.969999…, at 29.97).
  const ticks = !some ? 0 : fraction ? Math.floor(seconds * scale + 1e-6) : Math.round(seconds);
  const total = Math.floor(ticks / scale);
  const decimals = fraction ? `.${String(ticks % scale).padStart(fraction, '0')}` : '';
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (units) {
    const parts = [
      ...(hours > 0 ? [`${hours} h`] : []),
      ...(minutes > 0 ? [`${minutes} min`] : []),
      ...(ticks % (60 * scale) > 0 || ticks === 0 ? [`${rest}${decimals} s`] : []),
    ];
    return parts.join(' ');
  }
  return hours > 0
    ? `${hours}:${pad(minutes)}:${pad(rest)}${decimals}`
    : `${minutes}:${pad(rest)}${decimals}`;
}

/**
 * A duration in seconds, written as what it measures:
 * - `length`: h:mm ("0:30", "1:30", "26:15"), or "30 min", "1 h 30 min", "2 h" with units;
 *   under a minute counts as one; none (0, negative, not a number) is "—".
 * - `runtime`: m:ss under an hour ("0:10", "28:30"), h:mm:ss from an hour ("1:02:03"), or
 *   "10 s", "4 min 5 s", "1 h 2 min 3 s" with units; none is "0:00" ("0 s"). With a
 *   `fraction`, the seconds keep that many decimals, truncated: "0:29.99", "29.99 s".
 */
export function formatDuration(
  seconds: number,
  kind: DurationKind,
  style: DurationStyle = {},
): string {
  return kind === 'length'
    ? formatLength(seconds, style.units === true)
    : formatRuntime(seconds, style.units === true, style.fraction ?? 0);
}

/**
 * The slot a show's length asks for on the schedule: its length rounded up to whole quarter
 * hours (a length typed in the show form is one already; one from Cablecast, or kept from
 * before lengths and runtimes were told apart, may be a runtime); 0 for a show with none.
 */
export function slotLengthOf(lengthSec: number): number {
  return Number.isFinite(lengthSec) && lengthSec > 0 ? roundUpToQuarterHour(lengthSec) : 0;
}

/** How a media file's runtime sits in the slot length the station gave its show. */
export type RuntimeFit =
  | { fit: 'unknown' }
  | { fit: 'fits' }
  /** The media runs past the slot: its end would be cut off on air. */
  | { fit: 'long'; overSec: number }
  /** The media would fit a shorter slot: `emptySec` of this one would air nothing. */
  | { fit: 'short'; emptySec: number; fitsLengthSec: number };

/**
 * Compares a show's slot length with its media's runtime. Slots come in quarter hours, so
 * the media is "short" only when it would fit a slot at least a quarter hour shorter: a
 * 28-minute programme in a 30-minute slot fits (two minutes for breaks); a 10-second clip in
 * it does not.
 */
export function runtimeFit(lengthSec: number, runtimeSec: number): RuntimeFit {
  if (!(lengthSec > 0) || !(runtimeSec > 0)) return { fit: 'unknown' };
  const runtime = Math.round(runtimeSec);
  if (runtime > lengthSec) return { fit: 'long', overSec: runtime - lengthSec };
  const fitsLengthSec = roundUpToQuarterHour(runtime);
  if (fitsLengthSec < lengthSec) {
    return { fit: 'short', emptySec: lengthSec - runtime, fitsLengthSec };
  }
  return { fit: 'fits' };
}
