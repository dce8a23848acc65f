// The M3U channel list IPTV players read (INTEGRATIONS c.2): a de-facto format with no spec,
// written the way Tunarr writes it, which players are known to accept.

/** One playable channel. */
export interface M3uEntry {
  /** Equal to the XMLTV `<channel id>`, or players cannot match the guide to the channel. */
  tvgId: string;
  /** The channel number; 0 for none. */
  number: number;
  name: string;
  /** Absolute URL, or "" for none. */
  logo: string;
  group: string;
  streamUrl: string;
}

/**
 * An attribute value: M3U has no escaping, so a double quote (which would end the value) becomes
 * a single one, and line breaks (which would end the entry) become spaces.
 */
export function m3uAttribute(value: string): string {
  return value
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/"/g, "'")
    .trim();
}

/** The title after the comma: the rest of the line, so only line breaks need removing. */
function m3uTitle(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** The whole playlist: the header naming the XMLTV guide, then one entry per channel. */
export function m3uPlaylist(xmltvUrl: string, entries: readonly M3uEntry[]): string {
  const guide = m3uAttribute(xmltvUrl);
  const lines = [`#EXTM3U url-tvg="${guide}" x-tvg-url="${guide}"`];
  for (const entry of entries) {
    const attributes = [`tvg-id="${m3uAttribute(entry.tvgId)}"`];
    if (entry.number > 0) attributes.push(`tvg-chno="${entry.number}"`);
    attributes.push(`tvg-name="${m3uAttribute(entry.name)}"`);
    if (entry.logo !== '') attributes.push(`tvg-logo="${m3uAttribute(entry.logo)}"`);
    if (entry.group !== '') attributes.push(`group-title="${m3uAttribute(entry.group)}"`);
    lines.push(`#EXTINF:-1 ${attributes.join(' ')},${m3uTitle(entry.name)}`);
    lines.push(m3uTitle(entry.streamUrl));
  }
  return `${lines.join('\n')}\n`;
}
