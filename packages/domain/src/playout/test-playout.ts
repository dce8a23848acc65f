import { rotationStart } from './fill.js';
import type { AirSlot, AirSpot, FillVersion, PackagedMedia, Playout } from './playout.js';

// Shorthands and an oracle for the playout tests. The oracle reads the rules the plain way,
// segment by segment: it walks every segment of a day, asks which slot covers it, and steps
// through the fill one segment at a time; the code under test works in intervals and cycles.

/** 2026-05-04 00:00 UTC, the test day. */
export const DAY = Date.UTC(2026, 4, 4);

/** The instant of "HH:MM" or "HH:MM:SS" on the test day (UTC); days may be added. */
export function at(time: string, days = 0): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return DAY + days * 86_400_000 + ((h * 60 + m) * 60 + s) * 1000;
}

export function media(id: string, segments: number): PackagedMedia {
  return { id, segments };
}

/** A slot from "HH:MM" lasting `minutes`, airing `show` when given. */
export function slot(
  id: string,
  from: string,
  minutes: number,
  show: PackagedMedia | null,
  extra: Partial<AirSlot> = {},
): AirSlot {
  return { id, start: at(from), durationSec: minutes * 60, media: show, ...extra };
}

/** A spot placed at "HH:MM:SS" on the test day. */
export function spot(id: string, from: string, show: PackagedMedia): AirSpot {
  return { id, start: at(from), media: show };
}

export const SLATE = media('slate', 2);

export function playout(
  slots: AirSlot[],
  clips: PackagedMedia[] = [],
  segmentSec = 6,
  fills?: FillVersion[],
): Playout {
  return { segmentSec, slots, fills: fills ?? [{ from: 0, clips, slate: SLATE }] };
}

/** What the oracle says airs at one segment. */
export interface OracleSegment {
  kind: 'programme' | 'spot' | 'filler' | 'slate';
  mediaId: string;
  slotId?: string;
  spotId?: string;
  mediaSegment: number;
  starts: boolean;
}

interface Covering {
  slot: AirSlot;
  media: PackagedMedia;
  start: number;
  end: number;
  /** Segments before this one do not air it (mediaReadyAt, as a fractional segment). */
  ready: number;
  /** What it shows at each segment from its start: a media segment, or null in a pause. */
  timeline: (number | null)[];
}

/** The slot's media laid out segment by segment, each pause as that many nulls before it. */
function timelineOf(slot: AirSlot, media: PackagedMedia): (number | null)[] {
  const timeline: (number | null)[] = [];
  for (let m = 0; m < media.segments; m++) {
    for (const pause of slot.pauses ?? []) {
      if (pause.atSegment === m) for (let i = 0; i < pause.segments; i++) timeline.push(null);
    }
    timeline.push(m);
  }
  return timeline;
}

function versionAt(fills: readonly FillVersion[], instant: number): FillVersion {
  const sorted = [...fills].sort((a, b) => a.from - b.from);
  let chosen = sorted[0] as FillVersion;
  for (const version of sorted) if (version.from <= instant) chosen = version;
  return chosen;
}

/** Every segment of a UTC day, by walking it. */
function oracleDay(p: Playout, day: number): OracleSegment[] {
  const t = p.segmentSec;
  const perDay = 86_400 / t;
  const coverings: Covering[] = p.slots
    .filter((s) => !s.cancelled && s.media)
    .map((s) => ({
      slot: s,
      media: s.media as PackagedMedia,
      start: s.start / (t * 1000),
      end: (s.start + s.durationSec * 1000) / (t * 1000),
      ready: s.mediaReadyAt === undefined ? 0 : s.mediaReadyAt / (t * 1000),
      timeline: timelineOf(s, s.media as PackagedMedia),
    }));
  const programmeAt = (n: number) => {
    let w: Covering | undefined;
    for (const c of coverings) {
      if (c.start > n || n >= c.end || n < c.ready) continue;
      if (!w || c.start > w.start || (c.start === w.start && c.slot.id > w.slot.id)) w = c;
    }
    const shown = w?.timeline[n - w.start];
    return w && shown !== undefined && shown !== null ? w : undefined;
  };
  const spotAt = (n: number) => {
    let w: AirSpot | undefined;
    for (const candidate of p.spots ?? []) {
      const start = candidate.start / (t * 1000);
      if (start > n || n >= start + candidate.media.segments || programmeAt(start)) continue;
      if (!w || candidate.start > w.start || (candidate.start === w.start && candidate.id > w.id))
        w = candidate;
    }
    return w;
  };
  const out: OracleSegment[] = [];
  let fill: {
    order: PackagedMedia[];
    index: number;
    pos: number;
  } | null = null;
  for (let n = day * perDay; n < (day + 1) * perDay; n++) {
    const w = programmeAt(n);
    if (w) {
      fill = null;
      out.push({
        kind: 'programme',
        mediaId: w.media.id,
        slotId: w.slot.id,
        mediaSegment: w.timeline[n - w.start] as number,
        starts: programmeAt(n - 1) !== w,
      });
      continue;
    }
    const s = spotAt(n);
    if (s) {
      fill = null;
      out.push({
        kind: 'spot',
        mediaId: s.media.id,
        spotId: s.id,
        mediaSegment: n - s.start / (t * 1000),
        starts: programmeAt(n - 1) !== undefined || spotAt(n - 1) !== s,
      });
      continue;
    }
    if (!fill) {
      // A gap: each filler clip once, from the hashed one, wrapping around; then the slate.
      const version = versionAt(p.fills, n * t * 1000);
      const clips = version.clips;
      const first = clips.length > 0 ? rotationStart(n, clips.length) : 0;
      fill = {
        order: [
          ...clips.map((_, i) => clips[(first + i) % clips.length] as PackagedMedia),
          version.slate,
        ],
        index: 0,
        pos: 0,
      };
    } else if (fill.pos === (fill.order[fill.index] as PackagedMedia).segments) {
      // The slate, last, loops.
      fill.index = Math.min(fill.index + 1, fill.order.length - 1);
      fill.pos = 0;
    }
    const item = fill.order[fill.index] as PackagedMedia;
    const kind = fill.index === fill.order.length - 1 ? 'slate' : 'filler';
    out.push({ kind, mediaId: item.id, mediaSegment: fill.pos, starts: fill.pos === 0 });
    fill.pos++;
  }
  return out;
}

/** The oracle over any segments, days computed once. */
export function oracle(p: Playout): (n: number) => OracleSegment {
  const perDay = 86_400 / p.segmentSec;
  const days = new Map<number, OracleSegment[]>();
  return (n) => {
    const day = Math.floor(n / perDay);
    let segments = days.get(day);
    if (!segments) {
      segments = oracleDay(p, day);
      days.set(day, segments);
    }
    return segments[n - day * perDay] as OracleSegment;
  };
}

/** A playlist read back: each segment's programme date-time, discontinuity number and URI. */
interface ParsedSegment {
  pdt: number;
  discontinuity: number;
  tagged: boolean;
  uri: string;
  duration: number;
}

export function parsePlaylist(text: string) {
  const lines = text.trimEnd().split('\n');
  const header = (name: string) => {
    const line = lines.find((l) => l.startsWith(`#${name}:`));
    return line === undefined ? undefined : Number(line.slice(name.length + 2));
  };
  const segments: ParsedSegment[] = [];
  let discontinuity = header('EXT-X-DISCONTINUITY-SEQUENCE') ?? 0;
  let pdt = Number.NaN;
  let tagged = false;
  let duration = Number.NaN;
  for (const line of lines) {
    if (line === '#EXT-X-DISCONTINUITY') {
      discontinuity++;
      tagged = true;
    } else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      pdt = Date.parse(line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length));
    } else if (line.startsWith('#EXTINF:')) {
      duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    } else if (!line.startsWith('#')) {
      segments.push({ pdt, discontinuity, tagged, uri: line, duration });
      pdt += duration * 1000;
      tagged = false;
    }
  }
  return {
    first: lines[0],
    mediaSequence: header('EXT-X-MEDIA-SEQUENCE') as number,
    discontinuitySequence: header('EXT-X-DISCONTINUITY-SEQUENCE') as number,
    targetDuration: header('EXT-X-TARGETDURATION') as number,
    segments,
  };
}

export const uri = (mediaId: string, segment: number) => `${mediaId}/${segment}.ts`;
