// The addresses of the public feeds (PRODUCT.md "Outputs that must never disagree"), as the
// server serves them (apps/server/src/features/feeds/feed-routes.ts). Several areas show them:
// the channel page, the podcast pages and the integrations page.

/** Where the server serves the feeds (the server's FEEDS_PATH). */
const FEEDS_PATH = '/api/v1/feeds';

/** The origin without a trailing slash, so the path joins with exactly one. */
function feedsBase(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${FEEDS_PATH}`;
}

/** An organization's XMLTV guide and M3U playlist; the server takes its slug (or id). */
export function organizationFeedUrls(
  origin: string,
  organizationSlug: string,
): { xmltv: string; m3u: string } {
  const base = `${feedsBase(origin)}/${encodeURIComponent(organizationSlug)}`;
  return { xmltv: `${base}/xmltv.xml`, m3u: `${base}/channels.m3u` };
}

/** One channel's iCalendar, named by the organization's slug and the channel's. */
export function channelCalendarUrl(
  origin: string,
  organizationSlug: string,
  channelSlug: string,
): string {
  return `${feedsBase(origin)}/${encodeURIComponent(organizationSlug)}/${encodeURIComponent(channelSlug)}.ics`;
}

/** A podcast's RSS feed, by the podcast's own slug (unique on the server, not per station). */
export function podcastFeedUrl(origin: string, podcastSlug: string): string {
  return `${feedsBase(origin)}/podcasts/${encodeURIComponent(podcastSlug)}.xml`;
}
