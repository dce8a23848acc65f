import { CHANNEL_SOURCES, type ChannelSource, playbackPath } from '@airgrid/schema';

// What a player opens for a channel, whichever plays it (the watch page, multiview, the embed's
// player): its source (issue 39: the station's stream URL, Airgrid playout of its schedule, or
// the built-in test pattern) and that source's address. No messages here: the embed imports it.

/** A channel as a player needs it. */
export interface PlayableChannel {
  id: string;
  source?: string | null;
  streamUrl?: string | null;
}

/** The channel's source; empty (a channel from before sources) or unknown reads as `stream`. */
export function channelSource(channel: { source?: string | null }): ChannelSource {
  const source = channel.source ?? '';
  return (CHANNEL_SOURCES as readonly string[]).includes(source)
    ? (source as ChannelSource)
    : 'stream';
}

/**
 * Whether the channel always has a picture: Airgrid playout airs filler and the slate between
 * programmes, and the test pattern never stops. A stream URL airs only what the station sends.
 */
export function alwaysOnAir(channel: { source?: string | null }): boolean {
  return channelSource(channel) !== 'stream';
}

/**
 * The address a player opens (`playbackPath`), made absolute against `origin` (the server's)
 * when it is a path, for a page on another site; '' when the channel has none.
 */
export function playbackUrl(channel: PlayableChannel, origin: string): string {
  const path = playbackPath(channel);
  if (path === '') return '';
  try {
    return new URL(path, origin).href;
  } catch {
    // An address that does not parse is the station's to fix: the player reports it failing.
    return path;
  }
}
