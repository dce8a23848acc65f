import { addDays, fromRecordDate, instantToLocal, localToInstant } from '@airgrid/domain';
import { type GuideTimeslot, playbackPath } from '@airgrid/schema';
import { alwaysOnAir, type PlayableChannel } from '../../shared/channels/playback';

// The watch page's logic, free of React: which window of the guide it reads, when the bumper
// shows and what its countdown says.

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

/**
 * Why the bumper covers the player: nothing on the schedule ('off-air'), a stream source
 * without an address ('no-stream'), or a player that fails ('stream-down'). A channel on Airgrid
 * playout or the test pattern always has a picture (filler and the slate fill the gaps), so
 * only a failing player covers it.
 */
export function bumperReason(state: {
  onAir: boolean;
  channel: PlayableChannel;
  streamFailed: boolean;
}): BumperReason | null {
  if (!alwaysOnAir(state.channel)) {
    if (!state.onAir) return 'off-air';
    if (playbackPath(state.channel) === '') return 'no-stream';
  }
  return state.streamFailed ? 'stream-down' : null;
}

/** How far a programme has run at `now`, 0 to 100; 0 for a slot whose times cannot be read. */
export function programmeProgress(slot: GuideTimeslot, now: number): number {
  const start = fromRecordDate(slot.start);
  const end = fromRecordDate(slot.end) ?? (start === null ? null : start + slot.durationSec * 1000);
  if (start === null || end === null || end <= start) return 0;
  return Math.min(100, Math.max(0, ((now - start) / (end - start)) * 100));
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

// ---- The channel switcher, as on a TV remote ------------------------------------------------

/** What the switcher needs of a channel. */
export interface TunableChannel {
  id: string;
  slug: string;
  number: number;
  name: string;
}

/** The channels in the order the remote steps through them: by number, then by name. */
export function tuningOrder<T extends TunableChannel>(channels: readonly T[]): T[] {
  return [...channels].sort(
    (a, b) => a.number - b.number || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
}

/**
 * The channel one step up (+1) or down (-1) from `current` in tuning order, wrapping round at
 * either end as a TV does; null when there is no other channel to go to.
 */
export function stepChannel<T extends TunableChannel>(
  channels: readonly T[],
  current: string,
  step: 1 | -1,
): T | null {
  const ordered = tuningOrder(channels);
  if (ordered.length === 0) return null;
  const at = ordered.findIndex((channel) => channel.id === current);
  if (at < 0) return ordered[step === 1 ? 0 : ordered.length - 1] ?? null;
  if (ordered.length === 1) return null;
  return ordered[(at + step + ordered.length) % ordered.length] ?? null;
}

/**
 * Digits typed on the remote so far: the channel they name (null for none), and whether typing
 * is over because no longer number starts with them ("1" waits while there is a channel 12;
 * "2" tunes at once when no channel number starts with 2 but 2 itself).
 */
export function tuneDigits<T extends TunableChannel>(
  channels: readonly T[],
  digits: string,
): { channel: T | null; complete: boolean } {
  const ordered = tuningOrder(channels);
  const wanted = Number(digits);
  const channel = digits === '' ? null : (ordered.find((one) => one.number === wanted) ?? null);
  const longer = ordered.some((one) => {
    const number = String(one.number);
    return number.length > digits.length && number.startsWith(digits);
  });
  return { channel, complete: !longer };
}

/** Digits the remote keeps at most (channel numbers go up to 9999). */
export const MAX_CHANNEL_DIGITS = 4;
/** How long the switcher waits for the next digit before it tunes. */
export const DIGIT_WAIT_MS = 1_500;

/** Where keys belong to what has the focus: fields, lists that scroll by keyboard, the video. */
const TYPING_TARGETS =
  'input, textarea, select, video, [contenteditable=""], [contenteditable="true"], [role="combobox"], [role="listbox"], [data-own-keys]';

/**
 * True when a key press belongs to a field being typed in (an input, a text area, a select or
 * an editable element), so the page's remote keys leave it alone.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return element.closest(TYPING_TARGETS) !== null;
}

/** What the page's remote does with a key: a digit, a step, or nothing. */
export function remoteKey(key: string): { digit: string } | { step: 1 | -1 } | null {
  if (/^[0-9]$/.test(key)) return { digit: key };
  if (key === 'ArrowUp' || key === 'ChannelUp') return { step: 1 };
  if (key === 'ArrowDown' || key === 'ChannelDown') return { step: -1 };
  return null;
}

// ---- Today's list -----------------------------------------------------------------------------

/**
 * Today's schedule split at `now`: what has already ended (collapsed behind "Show earlier")
 * and what is on now or still to come.
 */
export function splitToday(
  slots: readonly GuideTimeslot[],
  now: number,
): { earlier: GuideTimeslot[]; later: GuideTimeslot[] } {
  const earlier: GuideTimeslot[] = [];
  const later: GuideTimeslot[] = [];
  for (const slot of slots) {
    const end = Date.parse(slot.start.replace(' ', 'T')) + slot.durationSec * 1000;
    (end <= now ? earlier : later).push(slot);
  }
  return { earlier, later };
}
