import {
  type AirSlot,
  type AirSpot,
  DEFAULT_SEGMENT_SEC,
  type FillVersion,
  fromRecordDate,
  itemStartsInDay,
  type LivePlaylist,
  livePlaylist,
  nextSegmentBoundary,
  type PackagedMedia,
  type Playout,
  pausesOnAir,
  playlistWindow,
  type SubtitleCue,
  subtitleSegment,
} from '@airgrid/domain';
import { PLAYOUT_PROFILES } from '@airgrid/schema';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { GuideRepository } from '../../public-reads/guide-repository.js';
import { segmentFileName } from './playout-ffmpeg.js';
import type {
  PackageRow,
  PlayoutChannel,
  PlayoutRepository,
  StoredFill,
} from './playout-repository.js';

// A channel's air, computed (decision 0043): the inputs of packages/domain's playout read from
// the schedule (the guide's own window, so the guide and the air cannot disagree), the packages
// and the write-once tables; then the live media playlist, the master playlist and what aired.

/** Segment length of every channel (decision 0043: T is fixed once a channel airs). */
export const SEGMENT_SEC = DEFAULT_SEGMENT_SEC;
const SEGMENT_MS = SEGMENT_SEC * 1000;
const DAY_MS = 86_400_000;
/**
 * A spot that began this long before a computation still matters (it may run into it), and the
 * timeslots around its start decide whether it aired.
 */
const SPOT_REACH_MS = 3_600_000;

const NOT_ON_AIR = 'This channel does not air through Airgrid playout, or is not public.';
const SLATE_NOT_READY =
  'This channel’s playout is being prepared (its slate is being packaged): try again in a minute.';

/** The latest package made at or before `at`. */
function readyAt(packages: readonly PackageRow[] | undefined, at: number): PackageRow | undefined {
  let found: PackageRow | undefined;
  for (const pkg of packages ?? []) if (pkg.created <= at) found = pkg;
  return found;
}

function packaged(pkg: PackageRow): PackagedMedia {
  return { id: pkg.id, segments: pkg.segments };
}

function sameFill(a: StoredFill, b: StoredFill): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Packages by what they were made of: a show or a spot. */
function groupByHolder(packages: readonly PackageRow[]): Map<string, PackageRow[]> {
  const byHolder = new Map<string, PackageRow[]>();
  for (const pkg of packages) {
    const holder = pkg.show || pkg.ad;
    const list = byHolder.get(holder) ?? [];
    list.push(pkg);
    byHolder.set(holder, list);
  }
  return byHolder;
}

/** Break points as stored: a list of seconds (the show's hook checked them on write). */
function breakPointsOf(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((at): at is number => typeof at === 'number') : [];
}

export class PlayoutService {
  /** Item starts before a day, per channel and day: written once, so safe to keep. */
  readonly #startsBefore = new Map<string, number>();

  constructor(
    private readonly repository: PlayoutRepository,
    private readonly guide: GuideRepository,
    private readonly clock: Clock,
  ) {}

  /** The channel, when it airs through playout publicly; a 404 otherwise. */
  async airingChannel(id: string): Promise<PlayoutChannel> {
    const channel = await this.repository.channel(id);
    if (!channel || channel.archived || !channel.public || channel.source !== 'playout') {
      throw new ApiError(404, NOT_ON_AIR);
    }
    return channel;
  }

  /**
   * The playout inputs for segments in [from, to) (epoch ms): the channel's scheduled timeslots
   * with the package each one airs and its pauses at break points, the spots placed in its
   * breaks whose package was ready by their start, and its fill versions (the current one
   * stored first if it is new). A 503 while the channel has no slate yet.
   */
  async playoutBetween(channel: PlayoutChannel, from: number, to: number): Promise<Playout> {
    const slots = await this.guide.window([channel.id], from - SPOT_REACH_MS, to);
    const shows = new Set([...slots.map((slot) => slot.show.id), ...channel.filler]);
    const packages = groupByHolder(await this.repository.showPackages([...shows], channel.profile));
    const breakPoints = await this.repository.showBreakPoints([
      ...new Set(slots.map((slot) => slot.show.id)),
    ]);
    const placed = await this.repository.placedSpots(channel.id, from - SPOT_REACH_MS, to);
    const adPackages = groupByHolder(
      await this.repository.adPackages(
        [...new Set(placed.map((spot) => spot.ad))],
        channel.profile,
      ),
    );
    const fills = await this.fillVersions(channel, packages);
    return {
      segmentSec: SEGMENT_SEC,
      fills,
      spots: placed.flatMap((spot): AirSpot[] => {
        // A spot airs only from a package made before it was due (a later one: it airs never,
        // so what aired does not change when it arrives), and only on the grid.
        const pkg = readyAt(adPackages.get(spot.ad), spot.start);
        return pkg && spot.start % SEGMENT_MS === 0
          ? [{ id: spot.id, start: spot.start, media: packaged(pkg) }]
          : [];
      }),
      slots: slots.flatMap((slot) => {
        const start = fromRecordDate(slot.start);
        if (start === null) return [];
        const list = packages.get(slot.show.id) ?? [];
        // The package ready when the slot began; or, packaged since, the first one, joining
        // the programme a segment after it was ready (a margin for the nodes' clocks).
        const before = readyAt(list, start);
        const late = before ? undefined : list[0];
        const pkg = before ?? late;
        const air: AirSlot = {
          id: slot.id,
          start,
          durationSec: slot.durationSec,
          media: pkg ? packaged(pkg) : null,
        };
        if (late) air.mediaReadyAt = late.created + SEGMENT_MS;
        const points = breakPointsOf(breakPoints.get(slot.show.id));
        if (pkg && points.length > 0) {
          air.pauses = pausesOnAir(slot.durationSec, pkg.segments, points, SEGMENT_SEC);
        }
        return [air];
      }),
    };
  }

  /**
   * The channel's fill versions. The one in force now is what the filler rotation and the
   * slate hold at this moment (packages ready now); when it differs from the latest stored, it
   * is stored from the next segment boundary on, so gaps already on air keep their fill.
   */
  private async fillVersions(
    channel: PlayoutChannel,
    packages: Map<string, PackageRow[]>,
  ): Promise<FillVersion[]> {
    const now = this.clock.now();
    const slate = readyAt(await this.repository.slatePackages(channel.id, channel.profile), now);
    let stored = await this.repository.fills(channel.id);
    if (slate) {
      const current: StoredFill = {
        clips: channel.filler.flatMap((show) => {
          const pkg = readyAt(packages.get(show), now);
          return pkg ? [packaged(pkg)] : [];
        }),
        slate: packaged(slate),
      };
      const latest = stored.at(-1);
      if (!latest || !sameFill(latest.fill, current)) {
        await this.repository.addFill(channel.id, nextSegmentBoundary(now, SEGMENT_SEC), current);
        stored = await this.repository.fills(channel.id);
      }
    }
    if (stored.length === 0) throw new ApiError(503, SLATE_NOT_READY);
    return stored.map(({ from, fill }) => ({ from, clips: fill.clips, slate: fill.slate }));
  }

  /**
   * Item starts from the channel's first counted day to the start of `day`: the stored count
   * through the day before, or (the first request after midnight) that day counted now and
   * stored once for every node.
   */
  async startsBeforeDay(channel: PlayoutChannel, day: number): Promise<number> {
    const key = `${channel.id}:${day}`;
    const known = this.#startsBefore.get(key);
    if (known !== undefined) return known;
    let starts = await this.repository.startsThrough(channel.id, day - 1);
    if (starts === undefined) {
      const before = (await this.repository.startsThrough(channel.id, day - 2)) ?? 0;
      const playout = await this.playoutBetween(channel, (day - 1) * DAY_MS, day * DAY_MS);
      starts = await this.repository.keepStartsThrough(
        channel.id,
        day - 1,
        before + itemStartsInDay(playout, day - 1),
      );
    }
    if (this.#startsBefore.size > 10_000) this.#startsBefore.clear();
    this.#startsBefore.set(key, starts);
    return starts;
  }

  /**
   * The live media playlist at `now` (segment URIs relative: `{package}/{00042}.ts`), or its
   * subtitles rendition (`{package}/{00042}.vtt`): the same segments, numbers and tags.
   */
  async mediaPlaylist(
    channel: PlayoutChannel,
    now: number,
    rendition: 'video' | 'subtitles' = 'video',
  ): Promise<LivePlaylist> {
    const extension = rendition === 'video' ? 'ts' : 'vtt';
    const window = playlistWindow(now, SEGMENT_SEC);
    // The air of a day depends on the whole day's schedule (a gap's fill on where it began).
    const playout = await this.playoutBetween(channel, window.day * DAY_MS, now + SEGMENT_MS);
    const before = await this.startsBeforeDay(channel, window.day);
    return livePlaylist(playout, {
      now,
      startsBeforeDay: () => before,
      segmentUri: (mediaId, segment) =>
        `${mediaId}/${segmentFileName(segment).replace(/ts$/, extension)}`,
    });
  }

  /** The WebVTT file of segment n of a package: its show's default captions, or no cue. */
  async subtitleSegment(packageShow: string, segment: number): Promise<string> {
    const cues = packageShow ? await this.repository.captionCues(packageShow) : [];
    return subtitleSegment(
      Array.isArray(cues) ? (cues as SubtitleCue[]) : [],
      segment,
      SEGMENT_SEC,
    );
  }
}

/**
 * The master playlist: the channel's video rendition in its profile, and its subtitles (each
 * programme's default complete caption track, in the channel's language), off unless chosen.
 */
export function masterPlaylist(channel: PlayoutChannel): string {
  const profile = PLAYOUT_PROFILES[channel.profile];
  // Peak: the video's cap plus the sound, with a margin for the transport stream's overhead.
  const bandwidth = Math.round((profile.videoKbps + 128) * 1000 * 1.1);
  const language = channel.language || 'en';
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Captions",LANGUAGE="${language}",DEFAULT=NO,AUTOSELECT=YES,URI="live/subtitles.m3u8"`,
    `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${profile.width}x${profile.height},FRAME-RATE=${profile.fps.toFixed(3)},CODECS="avc1.640028,mp4a.40.2",SUBTITLES="subs"`,
    'live/video.m3u8',
    '',
  ].join('\n');
}
