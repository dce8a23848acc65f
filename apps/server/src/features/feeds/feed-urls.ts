// Names and addresses the feeds publish. Other programs store them (a player's channel mapping,
// a calendar subscription), so they must not change from one request to the next.

/**
 * The XMLTV `<channel id>` of a channel, which is also its M3U `tvg-id`:
 * `{channel slug}.{organization slug}.airgrid`, DNS-like as the DTD recommends (RFC 2838).
 * Slugs are unique (channels within their organization, organizations overall) and limited to
 * a-z, 0-9 and inner dashes, so the id is unique and safe everywhere. Built from slugs rather
 * than record ids so people can read it in a player's channel list; it changes only when a
 * station renames a slug, which changes the feed addresses too. No host name: a station that
 * moves its Airgrid to another domain keeps its players' mappings.
 */
export function xmltvChannelId(channelSlug: string, organizationSlug: string): string {
  return `${channelSlug}.${organizationSlug}.airgrid`;
}

/** The public address of a stored file (`/api/files/{collection}/{record}/{name}`). */
export function fileUrl(appUrl: string, collection: string, record: string, name: string): string {
  return `${appUrl}/api/files/${collection}/${record}/${encodeURIComponent(name)}`;
}

/** The address of one of an organization's feeds, e.g. `…/api/v1/feeds/{slug}/xmltv.xml`. */
export function feedUrl(
  appUrl: string,
  basePath: string,
  organizationSlug: string,
  file: string,
): string {
  return `${appUrl}${basePath}/${encodeURIComponent(organizationSlug)}/${encodeURIComponent(file)}`;
}
