// How a channel airs through Airgrid playout (issue 39; docs/decisions/0043, 0044): the source a
// channel's viewers get, and the output profile its media is packaged in.

/**
 * Where a channel's picture comes from: the station's own encoder (`streamUrl`), Airgrid's
 * playout of its schedule, or the built-in test pattern. Empty means `stream`.
 */
export const CHANNEL_SOURCES = ['stream', 'playout', 'test-pattern'] as const;
export type ChannelSource = (typeof CHANNEL_SOURCES)[number];

/** One packaging profile: every segment of a channel's air is in it. */
export interface PlayoutProfile {
  width: number;
  height: number;
  fps: number;
  /** Video bit rate, kb/s (H.264 High, constrained by a buffer of two seconds). */
  videoKbps: number;
}

/** The profiles a station picks from; audio is always AAC stereo 48 kHz at −24 LKFS. */
export const PLAYOUT_PROFILES = {
  '480p30': { width: 854, height: 480, fps: 30, videoKbps: 1200 },
  '720p30': { width: 1280, height: 720, fps: 30, videoKbps: 3000 },
  '720p25': { width: 1280, height: 720, fps: 25, videoKbps: 3000 },
  '1080p30': { width: 1920, height: 1080, fps: 30, videoKbps: 6000 },
  '1080p25': { width: 1920, height: 1080, fps: 25, videoKbps: 6000 },
} as const satisfies Record<string, PlayoutProfile>;
export type PlayoutProfileId = keyof typeof PLAYOUT_PROFILES;
export const PLAYOUT_PROFILE_IDS = Object.keys(PLAYOUT_PROFILES) as PlayoutProfileId[];
export const DEFAULT_PLAYOUT_PROFILE: PlayoutProfileId = '720p30';

/** The profile a channel's `playoutProfile` names (the default when empty or unknown). */
export function playoutProfileOf(id: string | null | undefined): {
  id: PlayoutProfileId;
  profile: PlayoutProfile;
} {
  const known = id && id in PLAYOUT_PROFILES ? (id as PlayoutProfileId) : DEFAULT_PLAYOUT_PROFILE;
  return { id: known, profile: PLAYOUT_PROFILES[known] };
}

/** Loudness every packaged item is normalised to (ATSC A/85: −24 LKFS). */
export const PLAYOUT_LOUDNESS_LUFS = -24;

/** A channel's filler rotation holds at most this many shows. */
export const MAX_FILLER_SHOWS = 50;

/** The live playlist of a channel airing through Airgrid playout. */
export function playoutPlaylistPath(channelId: string): string {
  return `/api/v1/channels/${channelId}/live.m3u8`;
}

/** The built-in test pattern's live playlist. */
export const TEST_PATTERN_PLAYLIST_PATH = '/api/v1/streams/test-pattern/live.m3u8';

/**
 * What a player opens for a channel: its stream URL, its playout playlist or the test pattern
 * (paths are relative to the server: prefix them for use elsewhere). "" when there is none.
 */
export function playbackPath(channel: {
  id: string;
  source?: string | null;
  streamUrl?: string | null;
}): string {
  if (channel.source === 'playout') return playoutPlaylistPath(channel.id);
  if (channel.source === 'test-pattern') return TEST_PATTERN_PLAYLIST_PATH;
  return (channel.streamUrl ?? '').trim();
}
