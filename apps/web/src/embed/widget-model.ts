import type { GuideChannel, GuideResponse, GuideTimeslot } from '@airgrid/schema';
import { quarterHourBefore } from './widget-time';

// What each kind of widget shows, from one guide response (GET /api/v1/guide, the query the
// app's own guide reads): pure, so it is unit-tested without a browser.

const HOUR_MS = 3_600_000;

/** Epoch ms of a record date ("YYYY-MM-DD HH:MM:SS.sssZ"). */
export function instant(recordDate: string): number {
  return Date.parse(recordDate.replace(' ', 'T'));
}

export function startOf(slot: GuideTimeslot): number {
  return instant(slot.start);
}

export function endOf(slot: GuideTimeslot): number {
  const end = instant(slot.end);
  return Number.isNaN(end) ? startOf(slot) + slot.durationSec * 1000 : end;
}

export function isOnAir(slot: GuideTimeslot, now: number): boolean {
  return startOf(slot) <= now && now < endOf(slot);
}

/** The window a widget reads: the guide from the quarter hour, the others a day or a week on. */
export function guideWindow(
  kind: 'guide' | 'nownext' | 'upcoming' | 'player',
  now: number,
  hours: number,
): { from: number; to: number } {
  const from = quarterHourBefore(now);
  if (kind === 'guide') return { from, to: from + hours * HOUR_MS };
  // Seven days finds the next airing of a channel that airs weekly; the API allows fourteen.
  if (kind === 'upcoming') return { from, to: from + 7 * 24 * HOUR_MS };
  return { from, to: from + 24 * HOUR_MS };
}

/** The guide request's query for a window: the organization, the channels (none = all public). */
export function guideQuery(
  organization: string,
  channels: readonly string[],
  window: { from: number; to: number },
): string {
  const query = new URLSearchParams({
    organization,
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
  });
  if (channels.length > 0) query.set('channels', channels.join(','));
  return query.toString();
}

/** One channel's timeslots, by start. */
export function timeslotsOf(guide: GuideResponse, channel: string): GuideTimeslot[] {
  return guide.timeslots
    .filter((slot) => slot.channel === channel)
    .sort((a, b) => startOf(a) - startOf(b));
}

/** What airs at `now` on a channel, and the first timeslot that starts after it. */
export function nowAndNext(
  timeslots: readonly GuideTimeslot[],
  now: number,
): { now: GuideTimeslot | null; next: GuideTimeslot | null } {
  const current = timeslots.find((slot) => isOnAir(slot, now)) ?? null;
  const after = current ? endOf(current) : now;
  const next = timeslots.find((slot) => slot !== current && startOf(slot) >= after) ?? null;
  return { now: current, next };
}

/** Share of a programme already aired, 0 to 1. */
export function progress(slot: GuideTimeslot, now: number): number {
  const start = startOf(slot);
  const length = endOf(slot) - start;
  return length <= 0 ? 1 : Math.min(1, Math.max(0, (now - start) / length));
}

/** An airing in the upcoming list, with its channel. */
export interface UpcomingAiring {
  slot: GuideTimeslot;
  channel: GuideChannel;
  onAir: boolean;
}

/**
 * The next `count` airings over the guide's channels: those on air now first, then by start;
 * at the same start, in the channels' display order.
 */
export function upcomingAirings(
  guide: GuideResponse,
  now: number,
  count: number,
): UpcomingAiring[] {
  const order = new Map(guide.channels.map((channel, index) => [channel.id, index]));
  const channels = new Map(guide.channels.map((channel) => [channel.id, channel]));
  return guide.timeslots
    .filter((slot) => endOf(slot) > now && channels.has(slot.channel))
    .map((slot) => ({
      slot,
      channel: channels.get(slot.channel) as GuideChannel,
      onAir: isOnAir(slot, now),
    }))
    .sort(
      (a, b) =>
        Number(b.onAir) - Number(a.onAir) ||
        startOf(a.slot) - startOf(b.slot) ||
        (order.get(a.channel.id) ?? 0) - (order.get(b.channel.id) ?? 0),
    )
    .slice(0, count);
}

/** A programme placed on the guide's track: where it starts and how wide it is, in percent. */
interface PlacedTimeslot {
  slot: GuideTimeslot;
  /** Percent of the window from its start. */
  left: number;
  width: number;
  /** It began before the window (its left edge is cut). */
  clippedStart: boolean;
}

/** One channel's row of the guide widget. */
export interface GuideRow {
  channel: GuideChannel;
  timeslots: PlacedTimeslot[];
}

/** The guide widget's rows: every channel of the response, its timeslots clipped to the window. */
export function guideRows(guide: GuideResponse, from: number, to: number): GuideRow[] {
  const span = to - from;
  return guide.channels.map((channel) => ({
    channel,
    timeslots: timeslotsOf(guide, channel.id)
      .filter((slot) => endOf(slot) > from && startOf(slot) < to)
      .map((slot) => {
        const start = Math.max(from, startOf(slot));
        const end = Math.min(to, endOf(slot));
        return {
          slot,
          left: ((start - from) / span) * 100,
          width: ((end - start) / span) * 100,
          clippedStart: startOf(slot) < from,
        };
      }),
  }));
}

/** Where focus is in the guide grid: a row, and a cell of it. */
export interface GridPosition {
  row: number;
  cell: number;
}

/** A guide row as keyboard movement sees it: each cell's span (an empty row has one cell). */
export type GridRowSpans = readonly { start: number; end: number }[];

/**
 * Where a key moves focus in the guide grid (the ARIA grid pattern): Left/Right along a channel,
 * Up/Down to the programme of the channel above or below that is on at the same time (else the
 * nearest), Home/End to a channel's first and last, Ctrl+Home/End to the grid's corners. Null for
 * a key the grid does not handle, or no move.
 */
export function moveInGrid(
  rows: readonly GridRowSpans[],
  at: GridPosition,
  key: string,
  ctrl = false,
): GridPosition | null {
  const row = rows[at.row];
  if (!row) return null;
  const lastRow = rows.length - 1;
  const cellsOf = (index: number) => rows[index]?.length ?? 0;
  let next: GridPosition | null = null;
  switch (key) {
    case 'ArrowRight':
      next = { row: at.row, cell: Math.min(row.length - 1, at.cell + 1) };
      break;
    case 'ArrowLeft':
      next = { row: at.row, cell: Math.max(0, at.cell - 1) };
      break;
    case 'Home':
      next = ctrl ? { row: 0, cell: 0 } : { row: at.row, cell: 0 };
      break;
    case 'End':
      next = ctrl
        ? { row: lastRow, cell: cellsOf(lastRow) - 1 }
        : { row: at.row, cell: row.length - 1 };
      break;
    case 'ArrowDown':
    case 'ArrowUp': {
      const target = at.row + (key === 'ArrowDown' ? 1 : -1);
      const cells = rows[target];
      if (!cells || cells.length === 0) return null;
      const here = row[at.cell];
      next = { row: target, cell: here ? cellAtTime(cells, here) : 0 };
      break;
    }
    default:
      return null;
  }
  return next.row === at.row && next.cell === at.cell ? null : next;
}

/** The cell of a row on at the focused cell's start (or, in a gap, the nearest start). */
function cellAtTime(cells: GridRowSpans, focused: { start: number; end: number }): number {
  const moment = Math.max(focused.start, cells[0]?.start ?? focused.start);
  const covering = cells.findIndex((cell) => cell.start <= moment && moment < cell.end);
  if (covering >= 0) return covering;
  let best = 0;
  for (let index = 1; index < cells.length; index++) {
    const cell = cells[index] as { start: number };
    const bestCell = cells[best] as { start: number };
    if (Math.abs(cell.start - moment) < Math.abs(bestCell.start - moment)) best = index;
  }
  return best;
}

/** Relative luminance of "#rrggbb" (WCAG 2). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * Black or white, whichever reads better on the accent colour: text on the accent (the "On now"
 * badge) then always has a contrast of at least 4.58:1, whatever colour the station picked.
 */
export function textOn(accent: string): '#000000' | '#ffffff' {
  const l = luminance(accent);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}
