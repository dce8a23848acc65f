import { type Clock, formatDuration, formatTime } from '@airgrid/domain';
import type { EndpointReply, Endpoints } from '@airgrid/schema/contracts';
import { messages } from '../../i18n/messages';
import type { TimelineMark } from '../../ui/timeline';

// The breaks on the workspace's chart (issue 40, items 2 and 5): when they are read, and how a
// channel's breaks become the chart's marks at the foot of its row, each saying its spots.

/** A channel's breaks as `GET /api/v1/channels/{channel}/breaks` answers. */
export type ChannelBreaks = EndpointReply<Endpoints['GET /api/v1/channels/:channel/breaks']>;
type Break = ChannelBreaks['breaks'][number];

/**
 * The longest window the chart draws breaks over: two days. A day is about a hundred breaks a
 * channel (quarter-hour gaps), at hour precision each at least 60 px; a week's would be 2 px
 * marks, back to back, and seven times as many.
 */
const BREAKS_MAX_WINDOW_MS = 2 * 86_400_000;

/** Past this many channels no breaks are read: a request a channel, all at once. */
export const BREAKS_MAX_CHANNELS = 12;

/** Whether the chart shows the window's breaks, or why not. */
export type BreaksReading = 'shown' | 'window-too-long' | 'too-many-channels';

export function breaksReading(
  view: { from: number; to: number },
  channelCount: number,
): BreaksReading {
  if (view.to - view.from > BREAKS_MAX_WINDOW_MS) return 'window-too-long';
  if (channelCount > BREAKS_MAX_CHANNELS) return 'too-many-channels';
  return 'shown';
}

/**
 * How full a break is, 0 to 1. Free seconds that read as none ("0:00", under half a second)
 * make it full, so its colour and its label agree.
 */
export function breakFill(capacitySec: number, freeSec: number): number {
  if (!(capacitySec > 0)) return 1;
  if (freeSec < 0.5) return 1;
  return Math.min(1, Math.max(0, 1 - freeSec / capacitySec));
}

/**
 * What a break's mark says (its tooltip and accessible name): "Break 7:14:30 PM, 2:30 long,
 * 1:00 free: Bakery — Bread (0:30)", on the user's clock in the workspace's zone.
 */
export function breakLabel(brk: Break, zone: string, clock: Clock): string {
  const t = messages().timeslots;
  const start = Date.parse(brk.start);
  const fill = breakFill(brk.capacitySec, brk.freeSec);
  const room =
    fill >= 1
      ? t.breakFull
      : brk.spots.length === 0
        ? t.breakEmpty
        : t.breakFree(formatDuration(brk.freeSec, 'runtime'));
  const spots = brk.spots
    .map((spot) =>
      t.breakSpot(spot.sponsorName, spot.adTitle, formatDuration(spot.durationSec, 'runtime')),
    )
    .join('; ');
  return t.breakMark(
    brk.kind === 'gap' ? t.breakGap : t.breakBreak,
    formatTime(start, zone, clock, { seconds: true }),
    formatDuration(brk.capacitySec, 'runtime'),
    room,
    spots,
  );
}

/** A channel's breaks as marks on its row; a break without a readable start or room is left out. */
export function breakMarks(reply: ChannelBreaks, zone: string, clock: Clock): TimelineMark[] {
  return reply.breaks.flatMap((brk) => {
    const start = Date.parse(brk.start);
    if (Number.isNaN(start) || !(brk.capacitySec > 0)) return [];
    return [
      {
        id: brk.id,
        rowId: reply.channel,
        start,
        durationSec: brk.capacitySec,
        fill: breakFill(brk.capacitySec, brk.freeSec),
        label: breakLabel(brk, zone, clock),
        // An empty gap is nothing scheduled and nothing sold: seen, not read out.
        quiet: brk.kind === 'gap' && brk.spots.length === 0,
      },
    ];
  });
}

/** Where the workspace remembers whether breaks are shown, per browser, as its other choices. */
const SHOW_BREAKS_KEY = 'airgrid.timeslots.breaks';

/** The stored choice: shown only when that was chosen (a station without campaigns never cares). */
export function parseShowBreaks(stored: string | null): boolean {
  return stored === 'shown';
}

export function loadShowBreaks(): boolean {
  try {
    return parseShowBreaks(window.localStorage.getItem(SHOW_BREAKS_KEY));
  } catch {
    return false;
  }
}

export function saveShowBreaks(shown: boolean): void {
  try {
    window.localStorage.setItem(SHOW_BREAKS_KEY, shown ? 'shown' : 'hidden');
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this visit only.
  }
}
