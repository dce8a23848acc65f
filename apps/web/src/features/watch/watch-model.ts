import { addDays, instantToLocal, localToInstant } from '@airgrid/domain';
import type { GuideTimeslot } from '@airgrid/schema';

// The watch page's logic, free of React: which window of the guide it reads, when the bumper
// shows and what its countdown says.

/** How often the player tries a failed stream again; it resumes by itself when it is back. */
export const STREAM_RETRY_MS = 5_000;

/**
 * Today on the channel's wall clock, and tomorrow for the next-up card: local midnight to the
 * midnight two days later (47, 48 or 49 hours around daylight-saving changes).
 */
export function watchWindow(
  now: number,
  zone: string,
): { from: number; to: number; today: number } {
  const date = instantToLocal(now, zone).slice(0, 10);
  return {
    from: localToInstant(`${date}T00:00`, zone),
    today: localToInstant(`${addDays(date, 1)}T00:00`, zone),
    to: localToInstant(`${addDays(date, 2)}T00:00`, zone),
  };
}

/** Why the bumper shows instead of the player, or null when the programme plays. */
export type BumperReason = 'off-air' | 'no-stream' | 'stream-down';

export function bumperReason(state: {
  onAir: boolean;
  streamUrl: string;
  streamFailed: boolean;
}): BumperReason | null {
  if (!state.onAir) return 'off-air';
  if (state.streamUrl === '') return 'no-stream';
  return state.streamFailed ? 'stream-down' : null;
}

/** "4:09", "1:05:09": the time left until `target`; "now" once it is reached. */
export function countdown(target: number, now: number): string {
  const seconds = Math.ceil((target - now) / 1000);
  if (seconds <= 0) return 'now';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The timeslots that start before the end of today, in start order. */
export function todaysSchedule(
  timeslots: readonly GuideTimeslot[],
  endOfToday: number,
): GuideTimeslot[] {
  return timeslots
    .filter((slot) => Date.parse(slot.start.replace(' ', 'T')) < endOfToday)
    .sort((a, b) => a.start.localeCompare(b.start));
}
