import { defineCollection, MAX_DURATION_SEC, type RecordOf } from '../collection.js';
import {
  date,
  file,
  image,
  json,
  LARGE_IMAGE,
  MEDIA_MIME_TYPES,
  number,
  relation,
  select,
  text,
  url,
} from '../fields.js';

export const SHOW_STATUSES = ['draft', 'ready', 'archived'] as const;
export type ShowStatus = (typeof SHOW_STATUSES)[number];

/** Video codecs every current browser plays in an MP4 or WebM file. */
const WEB_VIDEO_CODECS = new Set(['h264', 'vp8', 'vp9', 'av1']);
/** Audio codecs every current browser plays. */
const WEB_AUDIO_CODECS = new Set(['aac', 'mp3', 'opus', 'vorbis', 'flac']);
/** Containers browsers open (ffprobe's format names; MP4 and QuickTime share one). */
const WEB_CONTAINERS = ['mp4', 'mov', 'webm', 'matroska', 'mp3', 'ogg', 'wav', 'flac', 'aac'];

/**
 * Whether browsers play the media as it is; otherwise the server makes a web copy
 * (H.264/AAC in MP4). WAV (PCM audio) plays everywhere too.
 */
export function playsInBrowsers(info: MediaInfo): boolean {
  const containers = info.container.split(',');
  if (!containers.some((name) => WEB_CONTAINERS.includes(name))) return false;
  if (info.video && !WEB_VIDEO_CODECS.has(info.video.codec)) return false;
  if (info.audio && !WEB_AUDIO_CODECS.has(info.audio.codec) && !info.audio.codec.startsWith('pcm_'))
    return false;
  return info.video !== null || info.audio !== null;
}

/** What ffprobe read of a show's or a spot's media (`mediaInfo`). */
export interface MediaInfo {
  /** The container's duration in seconds, as ffprobe read it (unrounded). */
  durationSec: number;
  container: string;
  video: {
    codec: string;
    width: number;
    height: number;
    /** The picture's own duration, its frames' sum (absent when the container does not say). */
    durationSec?: number;
    /** Frames per second (29.97002997 for NTSC's 30000/1001). */
    frameRate?: number;
  } | null;
  audio: { codec: string; channels: number } | null;
  /**
   * Integrated loudness (LUFS) and true peak (dBTP) of the sound, when a job measured them
   * (a submission's probe does: stations air at about −24 LKFS).
   */
  loudness?: { integratedLufs: number; truePeakDb: number } | null;
}

export const shows = defineCollection({
  id: 'pbc_2810007471',
  name: 'shows',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('series', 'series'),
    text('title', { required: true, max: 200 }),
    text('subtitle', { max: 200 }),
    text('description', { max: 5000 }),
    text('category', { max: 64 }),
    json('tags'),
    text('rating', { max: 16 }),
    text('language', { max: 16 }),
    number('durationSec', { min: 0, max: MAX_DURATION_SEC, onlyInt: true }),
    // Video or audio (by content, not name); private to the station: downloads need a file
    // token and the viewRule.
    file('media', {
      // An hour-long programme is 1–4 GB; it arrives through resumable uploads (tus).
      maxSize: 8 * 1024 ** 3,
      mimeTypes: MEDIA_MIME_TYPES,
      protected: true,
    }),
    url('mediaUrl'),
    image('thumbnail', LARGE_IMAGE),
    relation('producer', 'users'),
    text('producerName', { max: 120 }),
    number('season', { min: 0, onlyInt: true }),
    number('episode', { min: 0, onlyInt: true }),
    select('captionStatus', ['none', 'partial', 'complete']),
    select('status', SHOW_STATUSES),
    // What ffprobe read of the media (server-set): duration, container, video and audio streams.
    json('mediaInfo', { system: true }),
    // A copy browsers play (H.264/AAC in MP4), made when the media itself is not one (server-set).
    file('webMedia', {
      maxSize: 8 * 1024 ** 3,
      mimeTypes: MEDIA_MIME_TYPES,
      protected: true,
      system: true,
    }),
    json('externalIds'),
    // Where a mid-programme break may go: seconds into the media, in order (issue 40; the
    // server checks them with readBreakPoints of packages/domain).
    json('breakPoints'),
    // When its status became archived (server-set).
    date('archivedAt', { system: true }),
  ],
  indexes: [
    { name: 'organization', columns: ['organization'] },
    { name: 'organization_title', columns: ['organization', 'title'] },
    { name: 'producer', columns: ['producer'] },
  ],
});

export type ShowRecord = RecordOf<
  typeof shows,
  {
    tags: string[];
    mediaInfo: MediaInfo | null;
    externalIds: Record<string, string> | null;
    breakPoints: number[] | null;
  }
>;
