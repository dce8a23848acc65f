import {
  type ChannelRecord,
  type OrganizationRecord,
  type PodcastRecord,
  playbackPath,
} from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import {
  channelCalendarUrl,
  organizationFeedUrls,
  podcastFeedUrl,
} from '../../shared/feeds/feed-urls';

// What the feeds card shows, apart from React: which addresses the server answers for this
// organization, and why the others are missing. It follows the server's rules
// (apps/server/src/features/feeds/): an archived organization has no feeds; XMLTV and the
// calendars carry the public channels that are not archived; the M3U playlist only those of
// them with something to play (a stream URL, Airgrid playout or the test pattern); a podcast
// has a feed only while it is public.

export type FeedOrganization = Pick<OrganizationRecord, 'id' | 'slug' | 'archived'>;
export type FeedChannel = Pick<
  ChannelRecord,
  'id' | 'name' | 'slug' | 'public' | 'archived' | 'streamUrl' | 'source'
>;
export type FeedPodcast = Pick<PodcastRecord, 'id' | 'title' | 'slug' | 'public'>;

/** The organization-wide feeds, or why there are none. */
export type GuideFeeds =
  | {
      status: 'published';
      xmltv: string;
      m3u: string;
      /** Public channels the playlist leaves out, having no stream URL (names, in order). */
      withoutStream: string[];
      /** How many entries the playlist has. */
      playlistEntries: number;
    }
  | { status: 'archived' | 'noChannels' | 'noPublicChannel' };

/** A channel's calendar; `url` is null when the server does not publish it (private). */
interface ChannelCalendar {
  id: string;
  name: string;
  url: string | null;
}

/** A podcast's RSS feed; `url` is null when the server does not publish it (private). */
interface PodcastFeed {
  id: string;
  title: string;
  url: string | null;
}

export interface FeedsView {
  guide: GuideFeeds;
  /** The channels that are not archived, in the order given (the station's). */
  calendars: ChannelCalendar[];
  podcasts: PodcastFeed[];
}

/** A slug, or the record's id where there is none: the server finds an organization or a channel by either. */
function keyOf(record: { id: string; slug: string }): string {
  return record.slug.trim() === '' ? record.id : record.slug;
}

/** The organization's feed addresses at `origin`, and which of its channels and podcasts have one. */
export function feedsView(
  origin: string,
  organization: FeedOrganization,
  channels: readonly FeedChannel[],
  podcasts: readonly FeedPodcast[],
): FeedsView {
  const live = !organization.archived;
  const org = keyOf(organization);
  const current = channels.filter((channel) => !channel.archived);
  const published = live ? current.filter((channel) => channel.public) : [];
  return {
    guide: guideFeeds(origin, organization, current, published),
    calendars: current.map((channel) => ({
      id: channel.id,
      name: channel.name,
      url: live && channel.public ? channelCalendarUrl(origin, org, keyOf(channel)) : null,
    })),
    podcasts: podcasts.map((podcast) => ({
      id: podcast.id,
      title: podcast.title,
      // By slug only: the server finds a podcast's feed by nothing else.
      url: live && podcast.public ? podcastFeedUrl(origin, podcast.slug) : null,
    })),
  };
}

function guideFeeds(
  origin: string,
  organization: FeedOrganization,
  current: readonly FeedChannel[],
  published: readonly FeedChannel[],
): GuideFeeds {
  if (organization.archived) return { status: 'archived' };
  if (current.length === 0) return { status: 'noChannels' };
  if (published.length === 0) return { status: 'noPublicChannel' };
  const withoutStream = published
    .filter((channel) => playbackPath(channel) === '')
    .map((channel) => channel.name);
  return {
    status: 'published',
    ...organizationFeedUrls(origin, keyOf(organization)),
    withoutStream,
    playlistEntries: published.length - withoutStream.length,
  };
}

/** What the M3U row adds about channels it leaves out, or null when it lists every public one. */
export function playlistNote(guide: GuideFeeds): string | null {
  if (guide.status !== 'published' || guide.withoutStream.length === 0) return null;
  const t = messages();
  return guide.playlistEntries === 0
    ? t.feeds.playlistEmpty
    : t.feeds.playlistLeavesOut(guide.withoutStream.join(', '));
}

/** Why the organization has no XMLTV or M3U address, or null when it has them. */
export function noGuideReason(guide: GuideFeeds): string | null {
  const t = messages();
  switch (guide.status) {
    case 'published':
      return null;
    case 'archived':
      return t.feeds.archivedNoFeeds;
    case 'noChannels':
      return t.feeds.noChannelsYet;
    case 'noPublicChannel':
      return t.feeds.noPublicChannel;
  }
}
