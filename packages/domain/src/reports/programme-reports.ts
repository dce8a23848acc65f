import { type Airing, airingsInRange, shareOf } from './airtime.js';

// The programme reports' sums (issue 41, item 3), pure: the server reads the rows, these add
// them up. An airing counts in a period when it starts in it; its airtime is what of it falls
// in the period (airtime.ts), so a programme across midnight of the last day counts its part.

/** One show's reruns in a period. */
export interface RerunRow {
  show: string;
  /** Airings that start in the period. */
  airings: number;
  /** Seconds of its airings inside the period. */
  airtimeSec: number;
  /** Its airtime as a share of all airtime in the period, 0–1. */
  share: number;
  /** Airings per channel, most first. */
  channels: { channel: string; airings: number }[];
}

/**
 * Each show that airs in [from, to): how often, on which channels, and its share of the
 * period's airtime; most aired first (then most airtime, then by id, so the order is stable).
 */
export function rerunRows(airings: readonly Airing[], from: number, to: number): RerunRow[] {
  const inRange = airingsInRange(airings, from, to);
  const total = inRange.reduce((sum, airing) => sum + airing.inRangeSec, 0);
  const byShow = new Map<
    string,
    { airings: number; airtimeSec: number; channels: Map<string, number> }
  >();
  for (const airing of inRange) {
    const row = byShow.get(airing.show) ?? { airings: 0, airtimeSec: 0, channels: new Map() };
    row.airtimeSec += airing.inRangeSec;
    if (airing.start >= from) {
      row.airings += 1;
      row.channels.set(airing.channel, (row.channels.get(airing.channel) ?? 0) + 1);
    }
    byShow.set(airing.show, row);
  }
  return [...byShow.entries()]
    .map(([show, row]) => ({
      show,
      airings: row.airings,
      airtimeSec: row.airtimeSec,
      share: shareOf(row.airtimeSec, total),
      channels: [...row.channels.entries()]
        .map(([channel, count]) => ({ channel, airings: count }))
        .sort((a, b) => b.airings - a.airings || a.channel.localeCompare(b.channel)),
    }))
    .sort(
      (a, b) =>
        b.airings - a.airings || b.airtimeSec - a.airtimeSec || a.show.localeCompare(b.show),
    );
}

/** A complete caption track of a show (kind captions or subtitles), in a language. */
export interface CaptionTrackLanguage {
  show: string;
  language: string;
}

/** A channel and the language it airs in ('' for any). */
export interface ChannelLanguage {
  id: string;
  language: string;
}

export interface CoverageSums {
  airtimeSec: number;
  captionedSec: number;
  /** captionedSec / airtimeSec, 0–1; 0 when nothing aired. */
  share: number;
}

export interface UncaptionedShow {
  show: string;
  /** Seconds it aired uncaptioned in the period (on channels whose language it lacks). */
  uncaptionedSec: number;
  airings: number;
}

const primary = (language: string) => language.trim().toLowerCase().split('-')[0] ?? '';

/**
 * Caption coverage of a period's airtime, as the captions area counts it: an airing is
 * captioned when its show has a complete track in its channel's language (the primary subtag:
 * `en-US` covers `en`), or any complete track when the channel names no language. Per channel
 * (every channel given, in its order), overall, and the shows that aired uncaptioned the most
 * (at most `top`).
 */
export function captionCoverageOf(
  channels: readonly ChannelLanguage[],
  airings: readonly Airing[],
  tracks: readonly CaptionTrackLanguage[],
  from: number,
  to: number,
  top = 10,
): {
  channels: (CoverageSums & { channel: string })[];
  total: CoverageSums;
  uncaptioned: UncaptionedShow[];
} {
  const languagesOf = new Map<string, Set<string>>();
  for (const track of tracks) {
    const set = languagesOf.get(track.show) ?? new Set<string>();
    set.add(primary(track.language));
    languagesOf.set(track.show, set);
  }
  const sums = new Map(
    channels.map((channel) => [
      channel.id,
      { airtime: 0, captioned: 0, wanted: primary(channel.language) },
    ]),
  );
  const uncaptioned = new Map<string, { seconds: number; airings: number }>();
  for (const airing of airingsInRange(airings, from, to)) {
    const channel = sums.get(airing.channel);
    if (!channel) continue;
    channel.airtime += airing.inRangeSec;
    const languages = languagesOf.get(airing.show);
    const captioned =
      languages !== undefined &&
      (channel.wanted === '' ? languages.size > 0 : languages.has(channel.wanted));
    if (captioned) {
      channel.captioned += airing.inRangeSec;
      continue;
    }
    const row = uncaptioned.get(airing.show) ?? { seconds: 0, airings: 0 };
    row.seconds += airing.inRangeSec;
    if (airing.start >= from) row.airings += 1;
    uncaptioned.set(airing.show, row);
  }
  const rows = channels.map((channel) => {
    const sum = sums.get(channel.id) ?? { airtime: 0, captioned: 0 };
    return {
      channel: channel.id,
      airtimeSec: sum.airtime,
      captionedSec: sum.captioned,
      share: shareOf(sum.captioned, sum.airtime),
    };
  });
  const airtimeSec = rows.reduce((sum, row) => sum + row.airtimeSec, 0);
  const captionedSec = rows.reduce((sum, row) => sum + row.captionedSec, 0);
  return {
    channels: rows,
    total: { airtimeSec, captionedSec, share: shareOf(captionedSec, airtimeSec) },
    uncaptioned: [...uncaptioned.entries()]
      .map(([show, row]) => ({ show, uncaptionedSec: row.seconds, airings: row.airings }))
      .sort((a, b) => b.uncaptionedSec - a.uncaptionedSec || a.show.localeCompare(b.show))
      .slice(0, top),
  };
}
