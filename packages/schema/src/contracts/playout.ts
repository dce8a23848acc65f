import * as z from 'zod';
import { bytesReply, defineEndpoint } from './endpoint.js';

// A channel airing through Airgrid playout (issue 39; decisions 0043 and 0044): HLS for any
// player, signed out, CORS open. The playlists are computed from the schedule and the clock, the
// same on every node; segments never change (cached for good).

const channelParam = z
  .string()
  .meta({ description: 'The channel’s id; it must be public and air through Airgrid playout.' });

export const playoutMasterPlaylist = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/live.m3u8',
  summary:
    'A channel’s live HLS master playlist when it airs through Airgrid playout: its rendition in the channel’s profile.',
  params: z.object({ channel: channelParam }),
  reply: bytesReply('An HLS master playlist.'),
  replyType: 'application/vnd.apple.mpegurl',
});

export const playoutMediaPlaylist = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/live/video.m3u8',
  summary:
    'The live media playlist: the last minute of the channel’s air, from its schedule and the clock (cacheable for half a segment).',
  params: z.object({ channel: channelParam }),
  reply: bytesReply('An HLS media playlist.'),
  replyType: 'application/vnd.apple.mpegurl',
});

export const playoutSubtitlesPlaylist = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/live/subtitles.m3u8',
  summary:
    'The live subtitles playlist: WebVTT for each segment of the media playlist, from each programme’s default complete caption track.',
  params: z.object({ channel: channelParam }),
  reply: bytesReply('An HLS media playlist of WebVTT segments.'),
  replyType: 'application/vnd.apple.mpegurl',
});

export const playoutSegment = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/live/:package/:segment',
  summary:
    'One segment of a packaged media, as a live playlist names it: its video (.ts, immutable) or its captions (.vtt).',
  params: z.object({
    channel: channelParam,
    package: z.string().meta({ description: 'The package the playlist names.' }),
    segment: z
      .string()
      .meta({ description: '00000.ts, 00001.ts… or 00000.vtt…; others are a 404.' }),
  }),
  reply: bytesReply('An MPEG transport stream segment, or a WebVTT file.'),
  replyType: 'video/mp2t',
});
