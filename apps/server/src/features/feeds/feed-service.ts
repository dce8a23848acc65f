import { fromRecordDate, isValidTimeZone } from '@airgrid/domain';
import { type GuideTimeslot, playbackPath } from '@airgrid/schema';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import {
  type FeedChannel,
  type GuideOrganization,
  type GuideRepository,
  parseRecordDate,
} from '../../public-reads/guide-repository.js';
import { episodeNumbers } from './episode-num.js';
import { feedUrl, fileUrl, xmltvChannelId } from './feed-urls.js';
import { feedEtag } from './feed-validators.js';
import { type FeedWindow, feedWindow, nextWindowMove } from './feed-window.js';
import {
  ICS_FOOTER,
  type IcsDateTime,
  icsCalendarHeader,
  icsEvent,
  icsEventDetails,
  icsTimeZone,
} from './ical-writer.js';
import { m3uPlaylist } from './m3u-writer.js';
import {
  XMLTV_FOOTER,
  xmltvChannel,
  xmltvHeader,
  xmltvProgramme,
  xmltvProgrammeChildren,
} from './xmltv-writer.js';
import {
  formatIcsLocal,
  formatIcsUtc,
  formatXmltvTime,
  ZoneOffsetCache,
  type ZoneOffsets,
  zoneAbbreviation,
} from './zone-offsets.js';

/**
 * Changes whenever what the writers produce for the same data changes, so that a deploy with a
 * new format gives every feed a new ETag instead of leaving players on cached copies.
 */
const FEED_FORMAT = 1;

/** Pieces of body are handed to the response at about this many characters. */
const CHUNK_CHARS = 64 * 1024;

const NO_ORGANIZATION = 'No organization has that id or slug.';
const NO_CHANNEL = 'The organization has no public channel with that slug.';

/** A feed ready to send: its validators, known before any of the body is read, and the body. */
export interface Feed {
  contentType: string;
  etag: string;
  /** Epoch ms, whole seconds. */
  lastModified: number;
  /** The organization's id (its edits change the feed). */
  organization: string;
  /** When the feed's window next moves with the clock (epoch ms); null when it has none. */
  windowMovesAt: number | null;
  /** The body in pieces of about 64 KiB, read from the database while it is consumed. */
  body(): AsyncGenerator<string>;
}

export interface FeedServiceOptions {
  /** The public origin (config.appUrl) that every address in a feed starts with. */
  appUrl: string;
  /** Where the feeds are served, e.g. "/api/v1/feeds" (the M3U names the XMLTV feed's address). */
  basePath: string;
  clock: Clock;
}

/** Joins small strings into pieces of about {@link CHUNK_CHARS}: one socket write per piece. */
async function* chunked(parts: AsyncIterable<string>): AsyncGenerator<string> {
  let buffer = '';
  for await (const part of parts) {
    buffer += part;
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer !== '') yield buffer;
}

/**
 * The public feeds of an organization (PRODUCT.md "Outputs that must never disagree"): XMLTV, M3U
 * and one iCalendar per channel. Every one reads through the guide's repository (its public,
 * non-archived channels and its window of scheduled timeslots), so feeds, the guide and the
 * embeds show the same schedule.
 */
export class FeedService {
  constructor(
    private readonly guide: GuideRepository,
    private readonly options: FeedServiceOptions,
  ) {}

  /** XMLTV for every public channel, over the feed window. */
  async xmltv(organizationKey: string, days: number): Promise<Feed> {
    const organization = await this.organization(organizationKey);
    const channels = await this.guide.feedChannels(organization.id);
    // One "now" for the window and its expiry, so a midnight in between cannot part them.
    const now = this.options.clock.now();
    const window = feedWindow(now, this.zoneName(organization), days);
    const { etag, lastModified } = await this.validators(
      ['xmltv', organization.id],
      organization,
      channels,
      window,
    );
    return {
      contentType: 'application/xml; charset=utf-8',
      etag,
      lastModified,
      organization: organization.id,
      windowMovesAt: nextWindowMove(now, this.zoneName(organization)),
      body: () => chunked(this.xmltvParts(organization, channels, window)),
    };
  }

  /**
   * The M3U list of the public channels that have a stream. A channel without one is left out:
   * an entry needs a playable address, and players show an entry that does not play as a broken
   * channel. It stays in the XMLTV guide, where a programme list without a stream harms nothing.
   */
  async m3u(organizationKey: string): Promise<Feed> {
    const organization = await this.organization(organizationKey);
    const channels = await this.guide.feedChannels(organization.id);
    const { etag, lastModified } = await this.validators(
      ['m3u', organization.id],
      organization,
      channels,
      null,
    );
    const { appUrl, basePath } = this.options;
    const playlist = m3uPlaylist(
      feedUrl(appUrl, basePath, organization.slug, 'xmltv.xml'),
      channels
        .map((channel) => ({ channel, playback: playbackPath(channel) }))
        .filter(({ playback }) => playback !== '')
        .map(({ channel, playback }) => ({
          tvgId: xmltvChannelId(channel.slug, organization.slug),
          number: channel.number,
          name: channel.name,
          logo: channel.logo ? fileUrl(appUrl, 'channels', channel.id, channel.logo) : '',
          group: organization.name,
          // Airgrid playout and the test pattern are this server's paths.
          streamUrl: playback.startsWith('/') ? `${appUrl}${playback}` : playback,
        })),
    );
    return {
      contentType: 'audio/x-mpegurl; charset=utf-8',
      etag,
      lastModified,
      organization: organization.id,
      windowMovesAt: null,
      body: async function* () {
        yield playlist;
      },
    };
  }

  /** iCalendar for one public channel (by slug, or id), over the feed window. */
  async calendar(organizationKey: string, channelKey: string, days: number): Promise<Feed> {
    const organization = await this.organization(organizationKey);
    const channels = await this.guide.feedChannels(organization.id);
    const channel =
      channels.find((candidate) => candidate.slug === channelKey) ??
      channels.find((candidate) => candidate.id === channelKey);
    if (!channel) throw new ApiError(404, NO_CHANNEL);
    // One "now" for the window and its expiry, so a midnight in between cannot part them.
    const now = this.options.clock.now();
    const window = feedWindow(now, this.zoneName(organization), days);
    const { etag, lastModified } = await this.validators(
      ['ics', organization.id, channel.id],
      organization,
      [channel],
      window,
    );
    return {
      contentType: 'text/calendar; charset=utf-8',
      etag,
      lastModified,
      organization: organization.id,
      windowMovesAt: nextWindowMove(now, this.zoneName(organization)),
      body: () => chunked(this.calendarParts(organization, channel, window, lastModified)),
    };
  }

  /** The organization named in the path; an archived one has no public feeds. */
  private async organization(key: string): Promise<GuideOrganization> {
    const organization = key === '' ? undefined : await this.guide.findOrganization(key);
    if (!organization || organization.archived) throw new ApiError(404, NO_ORGANIZATION);
    return organization;
  }

  /**
   * The ETag and Last-Modified of a feed. Last-Modified is the latest change to its data, but no
   * earlier than the window's start: the window moves at midnight without any record changing,
   * and a client asking If-Modified-Since must then get the new day.
   */
  private async validators(
    feed: readonly string[],
    organization: GuideOrganization,
    channels: readonly FeedChannel[],
    window: FeedWindow | null,
  ): Promise<{ etag: string; lastModified: number }> {
    const fingerprint = await this.guide.fingerprint(
      organization.id,
      window && { channels: channels.map((channel) => channel.id), ...window },
    );
    const now = this.options.clock.now();
    const changed = fromRecordDate(fingerprint.updated) ?? 0;
    const lastModified = Math.min(now, Math.max(changed, window?.from ?? 0));
    return {
      etag: feedEtag([
        FEED_FORMAT,
        ...feed,
        window?.from ?? null,
        window?.to ?? null,
        this.options.appUrl,
        this.options.basePath,
        fingerprint,
      ]),
      lastModified: Math.floor(lastModified / 1000) * 1000,
    };
  }

  /** The zone a window's days are counted in: the organization's, or UTC when it names none. */
  private zoneName(organization: GuideOrganization): string {
    return knownZone(organization.timeZone) ?? 'UTC';
  }

  private async *xmltvParts(
    organization: GuideOrganization,
    channels: readonly FeedChannel[],
    window: FeedWindow,
  ): AsyncGenerator<string> {
    const { appUrl } = this.options;
    yield xmltvHeader({
      generatorName: 'Airgrid',
      generatorUrl: appUrl,
      sourceName: organization.name,
      sourceUrl: appUrl,
    });
    const zones = new ZoneOffsetCache();
    const byId = new Map<string, { id: string; zone: ZoneOffsets }>();
    for (const channel of channels) {
      const id = xmltvChannelId(channel.slug, organization.slug);
      byId.set(channel.id, { id, zone: zones.get(channelZone(channel, organization)) });
      yield xmltvChannel({
        id,
        displayNames: [channel.name, channel.number > 0 ? String(channel.number) : ''],
        icon: channel.logo ? fileUrl(appUrl, 'channels', channel.id, channel.logo) : '',
      });
    }
    const ids = channels.map((channel) => channel.id);
    // A show's children are the same for each of its airings: written once per show.
    const children = new Map<string, string>();
    const times = new AiringTimes();
    for await (const timeslot of this.guide.stream(ids, window.from, window.to)) {
      const channel = byId.get(timeslot.channel);
      if (!channel) continue;
      const { start, stop } = times.next(timeslot, (epochMs) =>
        formatXmltvTime(epochMs, channel.zone),
      );
      const { show } = timeslot;
      let showXml = children.get(show.id);
      if (showXml === undefined) {
        showXml = xmltvProgrammeChildren({
          title: show.title,
          subTitle: show.subtitle,
          desc: show.description,
          category: show.category,
          icon: show.thumbnail ? fileUrl(appUrl, 'shows', show.id, show.thumbnail) : '',
          season: show.season,
          episode: show.episode,
          rating: show.rating,
        });
        children.set(show.id, showXml);
      }
      yield xmltvProgramme({ channel: channel.id, start, stop }, showXml);
    }
    yield XMLTV_FOOTER;
  }

  private async *calendarParts(
    organization: GuideOrganization,
    channel: FeedChannel,
    window: FeedWindow,
    lastModified: number,
  ): AsyncGenerator<string> {
    const zoneName = channelZone(channel, organization);
    const zone = new ZoneOffsetCache().get(zoneName);
    const host = new URL(this.options.appUrl).hostname;
    // Without METHOD, DTSTAMP is when the event was last revised in the store (RFC 5545
    // §3.8.7.2); the feed's Last-Modified is that for all of them and keeps the body stable.
    const dtstamp = formatIcsUtc(lastModified);
    yield icsCalendarHeader({
      prodId: '-//Airgrid//Airgrid feeds//EN',
      name: `${channel.name} (${organization.name})`,
      description: channel.description,
      timeZone: zoneName,
      refreshMinutes: 60,
    });
    yield icsTimeZone(
      zoneName,
      zone.transitions(window.from, window.to),
      zone.offsetAt(window.from),
      (at) => zoneAbbreviation(zoneName, at),
    );
    const dateTime = (epochMs: number): IcsDateTime =>
      // A wall-clock time that happens twice is read differently by different programs: UTC is not.
      zone.isAmbiguousWallTime(epochMs)
        ? { utc: formatIcsUtc(epochMs) }
        : { tzid: zoneName, local: formatIcsLocal(epochMs, zone) };
    // A show's lines are the same for each of its airings: written once per show.
    const details = new Map<string, string>();
    for await (const timeslot of this.guide.stream([channel.id], window.from, window.to)) {
      const { start, end } = instants(timeslot);
      const { show } = timeslot;
      let showLines = details.get(show.id);
      if (showLines === undefined) {
        const episode = episodeNumbers(show.season, show.episode).onscreen;
        showLines = icsEventDetails({
          summary: show.title,
          description: [show.subtitle, episode ?? '', show.description]
            .map((part) => part.trim())
            .filter((part) => part !== '')
            .join('\n'),
          categories: show.category,
          location: channel.name,
        });
        details.set(show.id, showLines);
      }
      yield icsEvent(
        { uid: `${timeslot.id}@${host}`, dtstamp, start: dateTime(start), end: dateTime(end) },
        showLines,
      );
    }
    yield ICS_FOOTER;
  }
}

/** The zone name when the runtime knows it, else undefined. */
function knownZone(name: string): string | undefined {
  return isValidTimeZone(name) ? name : undefined;
}

/** A channel's zone; the organization's when the channel names none (or one the runtime lacks). */
function channelZone(channel: FeedChannel, organization: GuideOrganization): string {
  return knownZone(channel.timeZone) ?? knownZone(organization.timeZone) ?? 'UTC';
}

function instants(timeslot: GuideTimeslot): { start: number; end: number } {
  const start = parseRecordDate(timeslot.start);
  return { start, end: start + timeslot.durationSec * 1000 };
}

/**
 * Formats the start and stop of each airing of a stream (by channel, then start). A schedule is
 * mostly back to back: an airing's start is the previous one's end on the same channel, already
 * parsed and formatted, so that is reused (a feed then parses and formats half as many times).
 */
class AiringTimes {
  /** Formats depend on the channel's zone: reuse only within one channel. */
  private previousChannel = '';
  private previousEnd = '';
  private previousStop = '';
  private previousEndMs = 0;

  next(
    timeslot: GuideTimeslot,
    format: (epochMs: number) => string,
  ): { start: string; stop: string } {
    const back = timeslot.channel === this.previousChannel && timeslot.start === this.previousEnd;
    const startMs = back ? this.previousEndMs : parseRecordDate(timeslot.start);
    const start = back ? this.previousStop : format(startMs);
    const endMs = startMs + timeslot.durationSec * 1000;
    const stop = format(endMs);
    this.previousChannel = timeslot.channel;
    this.previousEnd = timeslot.end;
    this.previousEndMs = endMs;
    this.previousStop = stop;
    return { start, stop };
  }
}
