import {
  addDays,
  type Clock,
  formatTime,
  formatUsDate,
  fromRecordDate,
  guideColumns,
  instantToLocal,
  localToInstant,
} from '@airgrid/domain';
import type { GuideChannel, GuideResponse, GuideShow } from '@airgrid/schema';
import { messages } from '../../i18n/messages';

const t = messages();

// The TV guide's logic apart from React: which window a day is in the station's zone, how the
// guide API's answer becomes rows of start-sorted programmes, whose guide a visitor sees, and
// the words the grid and its screen-reader labels use.

/** One calendar day of the guide in the station's zone: local midnight to local midnight. */
export interface GuideDay {
  /** YYYY-MM-DD on the station's wall calendar. */
  date: string;
  /** Epoch ms of the day's first instant. */
  from: number;
  /** Epoch ms of the next day's first instant: 23, 24 or 25 hours later. */
  to: number;
  /** 15-minute columns the day spans: 92, 96 or 100. */
  columns: number;
}

/** The day `date` (YYYY-MM-DD) on the wall calendar of `zone`, with its 15-minute columns. */
export function guideDay(date: string, zone: string): GuideDay {
  const from = localToInstant(`${date}T00:00`, zone);
  const to = localToInstant(`${addDays(date, 1)}T00:00`, zone);
  return { date, from, to, columns: guideColumns((to - from) / 1000) };
}

/**
 * The instant on `date` at the wall-clock time it is now in `zone`: where a day other than today
 * opens, so a viewer checking tomorrow sees tomorrow at this hour (now itself on today).
 */
export function sameTimeOn(date: string, zone: string, now: number): number {
  return localToInstant(`${date}T${instantToLocal(now, zone).slice(11, 16)}`, zone);
}

/** True for a real calendar date written YYYY-MM-DD (what a date input gives). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1;
}

const WEEKDAYS = [
  t.tvguide.sunday,
  t.tvguide.monday,
  t.tvguide.tuesday,
  t.tvguide.wednesday,
  t.tvguide.thursday,
  t.tvguide.friday,
  t.tvguide.saturday,
] as const;

/** "Tuesday 03/10/2026": a calendar date (YYYY-MM-DD) as the guide's heading says it. */
export function dayHeading(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}

/** The clock a user reads times in: their localization setting, 12-hour unless they chose 24. */
export function clockSetting(user: unknown): Clock {
  const settings = (user as { settings?: { localization?: { clock?: unknown } } } | null)?.settings;
  return settings?.localization?.clock === '24h' ? '24h' : '12h';
}

/** A scheduled airing as the grid draws it: instants as epoch ms. */
export interface GuideProgramme {
  id: string;
  channel: string;
  start: number;
  end: number;
  durationSec: number;
  show: GuideShow;
}

/** One channel's row: its programmes sorted by start. */
export interface GuideRow {
  channel: GuideChannel;
  programmes: GuideProgramme[];
  /** The row's programmes are still on their way (see {@link withHead}). */
  pending?: boolean;
}

/**
 * The guide's rows: every channel of the answer in its display order, each with its timeslots
 * sorted by start (the API already sends them so; sorting again costs nothing on sorted input
 * and keeps the binary searches right whatever the server does).
 */
export function toRows(guide: GuideResponse): GuideRow[] {
  const rows = guide.channels.map((channel) => ({
    channel,
    programmes: [] as GuideProgramme[],
  }));
  const byChannel = new Map(rows.map((row) => [row.channel.id, row]));
  for (const slot of guide.timeslots) {
    const row = byChannel.get(slot.channel);
    const start = fromRecordDate(slot.start);
    if (!row || start === null) continue;
    row.programmes.push({
      id: slot.id,
      channel: slot.channel,
      start,
      end: start + slot.durationSec * 1000,
      durationSec: slot.durationSec,
      show: slot.show,
    });
  }
  for (const row of rows) row.programmes.sort((a, b) => a.start - b.start || a.end - b.end);
  return rows;
}

/**
 * The rows to show while only the first channels' guide has arrived: every channel of the
 * station in display order, those the head answer covers with their programmes, the others
 * pending. The page asks for the first screenful of channels apart, so it can draw them before
 * the whole day (thousands of programmes) has arrived and been read.
 */
export function withHead(channels: readonly GuideChannel[], head: GuideResponse): GuideRow[] {
  const covered = new Map(toRows(head).map((row) => [row.channel.id, row]));
  return channels.map(
    (channel) => covered.get(channel.id) ?? { channel, programmes: [], pending: true },
  );
}

/** The rows the channel filter keeps: all when nothing is picked, else the picked ones in order. */
export function filterRows(rows: readonly GuideRow[], picked: readonly string[]): GuideRow[] {
  if (picked.length === 0) return [...rows];
  const keep = new Set(picked);
  return rows.filter((row) => keep.has(row.channel.id));
}

/** True while the programme is on the air: from its start up to, not including, its end. */
export function isAiring(programme: Pick<GuideProgramme, 'start' | 'end'>, now: number): boolean {
  return programme.start <= now && now < programme.end;
}

/**
 * A time formatter for one zone and clock that remembers what it wrote: the grid formats the
 * same quarter-hour instants again and again while it scrolls, and each fresh formatting goes
 * through the Temporal polyfill.
 */
export function timeFormatter(zone: string, clock: Clock): (epochMs: number) => string {
  const written = new Map<number, string>();
  return (epochMs) => {
    let text = written.get(epochMs);
    if (text === undefined) {
      text = formatTime(epochMs, zone, clock);
      written.set(epochMs, text);
    }
    return text;
  };
}

/** "7:00 PM – 8:00 PM": a programme's times as its block and its details show them. */
export function timeRange(
  programme: Pick<GuideProgramme, 'start' | 'end'>,
  format: (epochMs: number) => string,
): string {
  return `${format(programme.start)} – ${format(programme.end)}`;
}

/**
 * What a screen reader says for a programme's cell: "Evening News, 7:00 PM to 8:00 PM, RCTV 1",
 * with ", on now" while it airs.
 */
export function programmeLabel(
  programme: GuideProgramme,
  channelName: string,
  format: (epochMs: number) => string,
  now: number,
): string {
  const t = messages();
  const times = t.tvguide.startToEnd(format(programme.start), format(programme.end));
  const onNow = isAiring(programme, now) ? t.tvguide.onNowSuffix : '';
  return `${programme.show.title}, ${times}, ${channelName}${onNow}`;
}

/** "Season 3, episode 12", "Season 3", "Episode 12", or "" for a show with neither. */
export function seasonEpisode(show: Pick<GuideShow, 'season' | 'episode'>): string {
  const t = messages();
  if (show.season > 0 && show.episode > 0)
    return t.tvguide.seasonSeasonEpisodeEpisode(show.season, show.episode);
  if (show.season > 0) return t.tvguide.seasonSeason(show.season);
  if (show.episode > 0) return t.tvguide.episodeEpisode(show.episode);
  return '';
}

/** "Tuesday 03/10/2026, 7:00 PM – 8:00 PM": when a programme airs, on the station's calendar. */
export function airingText(
  programme: Pick<GuideProgramme, 'start' | 'end'>,
  zone: string,
  format: (epochMs: number) => string,
): string {
  const date = instantToLocal(programme.start, zone).slice(0, 10);
  const endDate = formatUsDate(programme.end, zone);
  const crossesMidnight = endDate !== formatUsDate(programme.start, zone);
  const end = crossesMidnight ? `${endDate} ${format(programme.end)}` : format(programme.end);
  return `${dayHeading(date)}, ${format(programme.start)} – ${end}`;
}

/** Where a channel's logo is served, or null when it has none. */
export function channelLogoUrl(channel: Pick<GuideChannel, 'id' | 'logo'>): string | null {
  return channel.logo
    ? `/api/files/channels/${encodeURIComponent(channel.id)}/${encodeURIComponent(channel.logo)}`
    : null;
}

/** Where a show's thumbnail is served, or null when it has none. */
export function showThumbnailUrl(show: Pick<GuideShow, 'id' | 'thumbnail'>): string | null {
  return show.thumbnail
    ? `/api/files/shows/${encodeURIComponent(show.id)}/${encodeURIComponent(show.thumbnail)}`
    : null;
}

/**
 * Whose guide the page asks for. A link that names an organization wins; a member otherwise
 * sees their own (the API's default, so no parameter); anyone else sees the deployment's only
 * station when it has one; else nobody's, and the page asks for the station's guide link.
 */
export type GuideSource =
  | { kind: 'named'; organization: string }
  | { kind: 'own' }
  | { kind: 'public'; organization: string }
  | { kind: 'unknown' };

export function guideSource(
  named: string | null,
  ownOrganization: string,
  publicOrganization: string | null,
): GuideSource {
  const link = named?.trim() ?? '';
  if (link !== '') return { kind: 'named', organization: link };
  if (ownOrganization !== '') return { kind: 'own' };
  if (publicOrganization) return { kind: 'public', organization: publicOrganization };
  return { kind: 'unknown' };
}

// ---- Moving through time: earlier, later, now, another day ------------------------------------

/** What the guide shows: the instant at the left edge of its time area, and how it got there. */
export interface GuideView {
  /** Epoch ms: the time area's left edge ('start'), or now to bring in a little from it ('now'). */
  at: number;
  align: 'start' | 'now';
  /** Counts requests, so asking for the same instant twice scrolls twice. */
  seq: number;
}

/** How far Earlier and Later move the guide. */
export const GUIDE_STEP_MS = 2 * 3_600_000;

/**
 * Where Earlier (negative `delta`) or Later (positive) takes a view showing [left, right) of
 * `day`: the new left edge, and whether that is on the day before (-1), this day (0) or the
 * next (1). Inside the day it moves by `delta`; a step that would run past the day's edge first
 * stops at it, and from the edge it carries on into the neighbouring day, so the grid never
 * stands still and never shows an empty stretch past midnight.
 */
export function stepView(
  left: number,
  right: number,
  day: Pick<GuideDay, 'from' | 'to'>,
  delta: number,
): { at: number; day: -1 | 0 | 1 } {
  const span = Math.max(0, right - left);
  const at = left + delta;
  if (at < day.from) return left > day.from ? { at: day.from, day: 0 } : { at, day: -1 };
  if (at + span > day.to || at >= day.to) {
    // A view with width stops with its right edge at midnight; a single instant (the phone
    // list's) has no edge to stop with and goes on.
    return right < day.to && span > 0
      ? { at: day.to - span, day: 0 }
      : { at: Math.max(at, day.to), day: 1 };
  }
  return { at, day: 0 };
}

// ---- The phone layout: each channel's now, next and later ------------------------------------

/** One channel in the phone list: what airs at the instant, what follows and after that. */
export interface ChannelListing {
  now: GuideProgramme | null;
  next: GuideProgramme | null;
  later: GuideProgramme[];
}

/** How many programmes the phone list shows after "next". */
const LATER_COUNT = 2;

/**
 * A channel's listing at `at` from its start-sorted programmes: the one airing then (the latest
 * starting, where a hand-made schedule overlaps), the next one starting after it (or after `at`
 * when nothing airs), and up to `laterCount` after that.
 */
export function channelListing(
  programmes: readonly GuideProgramme[],
  at: number,
  laterCount = LATER_COUNT,
): ChannelListing {
  let now: GuideProgramme | null = null;
  for (const programme of programmes) {
    if (programme.start > at) break;
    if (isAiring(programme, at)) now = programme;
  }
  const after = now ? now.end : at;
  const upcoming = programmes.filter(
    (programme) => programme !== now && programme.start >= after && programme.start > at,
  );
  return { now, next: upcoming[0] ?? null, later: upcoming.slice(1, 1 + laterCount) };
}

/** How far through a programme `at` is, from 0 to 1. */
export function progressAt(programme: Pick<GuideProgramme, 'start' | 'end'>, at: number): number {
  const length = programme.end - programme.start;
  if (length <= 0) return 1;
  return Math.min(1, Math.max(0, (at - programme.start) / length));
}
