import {
  addDays,
  type Clock,
  formatDuration,
  formatTime,
  fromRecordDate,
  instantToLocal,
  localToInstant,
} from '@airgrid/domain';
import type { CampaignDeliverySummary, CampaignRecord, GuideResponse } from '@airgrid/schema';
import type { EndpointReply, Endpoints } from '@airgrid/schema/contracts';
import { messages } from '../../i18n/messages';

// The dashboard's logic, free of React and of the clock: the station's day, what is on air on
// each channel and what comes next, the day's unscheduled time and overlapping airings, and
// the next 24 hours. Every function takes "now" and the zone as arguments.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** How far ahead "the next 24 hours" and the next airing look. */
const UPCOMING_MS = 24 * HOUR_MS;

/** How often the dashboard moves "now" on: progress bars and the on-air programme follow it. */
export const TICK_MS = MINUTE_MS;

/** One airing as the dashboard reads it: instants in epoch ms and the show's title. */
export interface Airing {
  id: string;
  channel: string;
  start: number;
  end: number;
  title: string;
  /** The guide leaves cancelled timeslots out; a cancelled one here is ignored all the same. */
  status?: 'scheduled' | 'cancelled';
}

export interface DashboardChannel {
  id: string;
  name: string;
  number: number;
}

/** A span of time, [start, end) in epoch ms. */
export interface Span {
  start: number;
  end: number;
}

/** A local calendar day in the organization's zone: 23, 24 or 25 hours long. */
export interface StationDay extends Span {
  /** ISO date, e.g. "2026-03-08". */
  date: string;
}

/** The local day that contains `now` in `zone`, midnight to midnight. */
export function stationDay(now: number, zone: string): StationDay {
  const date = instantToLocal(now, zone).slice(0, 10);
  return {
    date,
    start: localToInstant(`${date}T00:00`, zone),
    end: localToInstant(`${addDays(date, 1)}T00:00`, zone),
  };
}

/**
 * What the dashboard reads from the guide: today from its local midnight to the end of
 * tomorrow, which always holds the next 24 hours. It changes once a day, so the minute tick
 * does not read the guide again; realtime events and the day's change do.
 */
export function dashboardWindow(day: StationDay, zone: string): Span {
  return { start: day.start, end: localToInstant(`${addDays(day.date, 2)}T00:00`, zone) };
}

/** The guide's airings as the dashboard's; any whose dates do not read are left out. */
export function airingsFromGuide(guide: GuideResponse): Airing[] {
  const airings: Airing[] = [];
  for (const slot of guide.timeslots) {
    const start = fromRecordDate(slot.start);
    if (start === null) continue;
    const end = fromRecordDate(slot.end) ?? start + slot.durationSec * 1000;
    airings.push({ id: slot.id, channel: slot.channel, start, end, title: slot.show.title });
  }
  return airings;
}

function scheduled(airings: readonly Airing[], channel?: string): Airing[] {
  return airings
    .filter(
      (airing) =>
        airing.status !== 'cancelled' &&
        airing.end > airing.start &&
        (channel === undefined || airing.channel === channel),
    )
    .sort((a, b) => a.start - b.start || a.end - b.end || a.id.localeCompare(b.id));
}

/** A channel's programme at `now` and the one after it. */
export interface OnAir {
  channel: DashboardChannel;
  now: Airing | null;
  /** The first airing that starts at or after the current one ends (or after now), within 24 hours. */
  next: Airing | null;
  /** How far the current airing has run, 0 to 100. */
  progress: number;
  /** Milliseconds until the current airing ends; 0 when nothing airs. */
  remaining: number;
}

/** Each channel's now and next, in the channels' order. */
export function onAirByChannel(
  channels: readonly DashboardChannel[],
  airings: readonly Airing[],
  now: number,
): OnAir[] {
  return channels.map((channel) => {
    const own = scheduled(airings, channel.id);
    const current = own.find((airing) => airing.start <= now && now < airing.end) ?? null;
    const after = current ? current.end : now;
    const next =
      own.find(
        (airing) => airing !== current && airing.start >= after && airing.start < now + UPCOMING_MS,
      ) ?? null;
    const progress = current
      ? Math.min(100, Math.max(0, ((now - current.start) / (current.end - current.start)) * 100))
      : 0;
    return { channel, now: current, next, progress, remaining: current ? current.end - now : 0 };
  });
}

/** The parts of `within` that no scheduled airing of the list covers, in order. */
export function unscheduledSpans(airings: readonly Airing[], within: Span): Span[] {
  const spans: Span[] = [];
  let cursor = within.start;
  for (const airing of scheduled(airings)) {
    if (airing.end <= cursor) continue;
    if (airing.start >= within.end) break;
    if (airing.start > cursor) spans.push({ start: cursor, end: airing.start });
    cursor = Math.max(cursor, airing.end);
    if (cursor >= within.end) break;
  }
  if (cursor < within.end) spans.push({ start: cursor, end: within.end });
  return spans;
}

/** A channel's unscheduled time today. */
export interface ChannelGaps {
  channel: DashboardChannel;
  spans: Span[];
  /** Their total, in seconds. */
  totalSec: number;
  /** True when nothing at all is scheduled on the channel today. */
  empty: boolean;
}

/** Each channel's unscheduled time over the day, in the channels' order. */
export function gapsByChannel(
  channels: readonly DashboardChannel[],
  airings: readonly Airing[],
  day: Span,
): ChannelGaps[] {
  return channels.map((channel) => {
    const spans = unscheduledSpans(
      airings.filter((airing) => airing.channel === channel.id),
      day,
    );
    const totalMs = spans.reduce((sum, span) => sum + span.end - span.start, 0);
    return {
      channel,
      spans,
      totalSec: totalMs / 1000,
      empty: totalMs === day.end - day.start,
    };
  });
}

/** Two scheduled airings on one channel that overlap, and the time they share. */
export interface Conflict extends Span {
  channel: string;
  first: Airing;
  second: Airing;
}

/**
 * Every overlapping pair of scheduled airings on a channel (the server refuses new overlaps,
 * but older or imported data may hold some), by where the overlap starts. Airings that only
 * touch (one ends as the next starts) do not conflict.
 */
export function findConflicts(airings: readonly Airing[]): Conflict[] {
  const byChannel = new Map<string, Airing[]>();
  for (const airing of scheduled(airings)) {
    const list = byChannel.get(airing.channel) ?? [];
    list.push(airing);
    byChannel.set(airing.channel, list);
  }
  const conflicts: Conflict[] = [];
  for (const [channel, list] of byChannel) {
    // Sorted by start: each airing conflicts with the earlier ones still running when it starts.
    const running: Airing[] = [];
    for (const airing of list) {
      for (let i = running.length - 1; i >= 0; i--) {
        const earlier = running[i] as Airing;
        if (earlier.end <= airing.start) running.splice(i, 1);
      }
      for (const earlier of running) {
        conflicts.push({
          channel,
          first: earlier,
          second: airing,
          start: airing.start,
          end: Math.min(earlier.end, airing.end),
        });
      }
      running.push(airing);
    }
  }
  return conflicts.sort((a, b) => a.start - b.start || a.channel.localeCompare(b.channel));
}

/** Conflicts that touch the span (today's, for the gaps card). */
export function conflictsWithin(conflicts: readonly Conflict[], span: Span): Conflict[] {
  return conflicts.filter((conflict) => conflict.start < span.end && conflict.end > span.start);
}

/**
 * The airings that start in the next 24 hours across channels, by start and then by the
 * channels' order; at most `limit` of them, with how many were left out.
 */
export function upcomingAirings(
  airings: readonly Airing[],
  channels: readonly DashboardChannel[],
  now: number,
  limit: number,
): { airings: Airing[]; more: number } {
  const order = new Map(channels.map((channel, index) => [channel.id, index]));
  const all = scheduled(airings)
    .filter(
      (airing) =>
        order.has(airing.channel) && airing.start >= now && airing.start < now + UPCOMING_MS,
    )
    .sort((a, b) => a.start - b.start || (order.get(a.channel) ?? 0) - (order.get(b.channel) ?? 0));
  return { airings: all.slice(0, limit), more: Math.max(0, all.length - limit) };
}

/** "1:00 AM–3:15 AM" in the zone, on the user's clock (12-hour unless they chose 24). */
export function formatSpan(span: Span, zone: string, clock: Clock = '12h'): string {
  return `${formatTime(span.start, zone, clock)}–${formatTime(span.end, zone, clock)}`;
}

/** "2 h 15 min unscheduled: 1:00 AM–3:15 AM, 5:00 PM–6:00 PM"; "" when there is none. */
export function gapSummary(gaps: ChannelGaps, zone: string, clock: Clock = '12h'): string {
  const t = messages();
  if (gaps.spans.length === 0) return '';
  const spans = gaps.spans.map((span) => formatSpan(span, zone, clock)).join(', ');
  return t.dashboard.totalSecUnscheduledSpans(
    formatDuration(gaps.totalSec, 'length', { units: true }),
    spans,
  );
}

/** "12 min left", "1 h 5 min left": the time until the current airing ends, whole minutes up. */
export function timeLeft(remainingMs: number): string {
  const t = messages();
  const minutes = Math.max(1, Math.ceil(remainingMs / MINUTE_MS));
  return t.dashboard.formatDurationLeft(formatDuration(minutes * 60, 'length', { units: true }));
}

/** "Tomorrow" for an instant on the next local day, "" for today. */
export function dayLabel(instant: number, day: StationDay): string {
  const t = messages();
  if (instant >= day.start && instant < day.end) return '';
  return instant >= day.end ? t.dashboard.tomorrow : t.dashboard.yesterday;
}

/** The scheduling workspace opened at a date (ISO). */
export function timeslotsAt(date: string): string {
  return `/timeslots?date=${date}`;
}

/** The local ISO date of an instant in the zone. */
export function localDate(instant: number, zone: string): string {
  return instantToLocal(instant, zone).slice(0, 10);
}

/** How far ahead the dashboard looks for airings of draft shows. */
const DRAFTS_AHEAD_MS = 7 * 24 * HOUR_MS;

/** The drafts' read moves on each quarter hour, not with every minute's tick. */
const QUARTER_HOUR_MS = 15 * MINUTE_MS;

/**
 * What the dashboard reads for airings of draft shows: from the quarter hour that holds `now`
 * to 7 days on. It moves once a quarter hour; {@link draftAiringsAhead} drops what began before
 * `now`.
 */
export function draftsWindow(now: number): Span {
  const start = Math.floor(now / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  return { start, end: start + DRAFTS_AHEAD_MS };
}

/** An airing of a draft show as the read answers it: the timeslot with its show and channel. */
export interface DraftAiringRecord {
  id: string;
  start: string;
  show: string;
  expand?: {
    show?: { title: string };
    channel?: { name: string; number: number };
  };
}

/** An airing of a draft show as the dashboard lists it. */
export interface DraftAiring {
  id: string;
  /** The show's id, for its page. */
  show: string;
  title: string;
  /** "1 · Channel One", or "" when the channel did not come with it. */
  channel: string;
  start: number;
}

/**
 * The airings of draft shows that start from `now` on, out of a page of the read (soonest first)
 * and its total: the first `limit` of them, and how many there are in all.
 */
export function draftAiringsAhead(
  page: { items: readonly DraftAiringRecord[]; totalItems: number },
  now: number,
  limit: number,
): { airings: DraftAiring[]; total: number } {
  const read = page.items.map((record) => ({
    id: record.id,
    show: record.show,
    title: record.expand?.show?.title ?? '',
    channel: record.expand?.channel
      ? `${record.expand.channel.number} · ${record.expand.channel.name}`
      : '',
    start: fromRecordDate(record.start) ?? Number.NaN,
  }));
  const ahead = read.filter((airing) => airing.start >= now);
  return {
    airings: ahead.slice(0, limit),
    total: Math.max(ahead.length, page.totalItems - (read.length - ahead.length)),
  };
}

/** GET /api/v1/playout/readiness: each playout channel's problems in the next 24 hours. */
export type ReadinessSummary = EndpointReply<Endpoints['GET /api/v1/playout/readiness']>;

/** One playout channel's line on the dashboard: all clear, or how many problems. */
export interface ReadinessLine {
  id: string;
  name: string;
  clear: boolean;
  text: string;
}

/** The readiness card's lines, channels with problems first (then by name, as the server sends). */
export function readinessLines(summary: ReadinessSummary): ReadinessLine[] {
  const t = messages().dashboard;
  const lines = summary.channels.map((channel) => {
    const { total, noMedia, notPackaged, tooLong, gaps } = channel.counts;
    const parts = [
      noMedia > 0 ? t.readinessNoMedia(noMedia) : '',
      notPackaged > 0 ? t.readinessNotPackaged(notPackaged) : '',
      tooLong > 0 ? t.readinessTooLong(tooLong) : '',
      gaps > 0 ? t.readinessGaps(gaps) : '',
    ].filter(Boolean);
    return {
      id: channel.id,
      name: channel.name,
      clear: total === 0,
      text: total === 0 ? t.readinessAllClear : t.readinessProblems(total, parts.join(', ')),
    };
  });
  return [...lines.filter((line) => !line.clear), ...lines.filter((line) => line.clear)];
}

/** A campaign that owes spots, as the dashboard's card lists it. */
export interface OwingCampaign {
  id: string;
  name: string;
  text: string;
}

/**
 * Booked campaigns whose placement left spots owed (the schedule's breaks could not take them
 * all, or a log says they were missed and the flight has no break left to make them good),
 * most owed first: the station books more breaks or changes the campaign's rules.
 */
export function owingCampaigns(
  campaigns: readonly Pick<CampaignRecord, 'id' | 'name' | 'delivery'>[],
): OwingCampaign[] {
  const t = messages().dashboard;
  return campaigns
    .flatMap((campaign) => {
      const delivery = campaign.delivery as Partial<CampaignDeliverySummary> | null;
      const owed = Number(delivery?.shortfall ?? 0);
      if (!(owed > 0)) return [];
      const goal = Number(delivery?.goal ?? 0);
      // The owed spots that were missed on air (at most the owed: the rest were made good).
      const missed = Math.min(owed, Number(delivery?.missed ?? 0));
      const text =
        missed > 0 ? t.campaignOwesMissed(owed, goal, missed) : t.campaignOwes(owed, goal);
      return [{ id: campaign.id, name: campaign.name, owed, text }];
    })
    .sort((a, b) => b.owed - a.owed || a.name.localeCompare(b.name))
    .map(({ id, name, text }) => ({ id, name, text }));
}
