import { formatDuration } from '@airgrid/domain';
import type { MediaInfo } from '@airgrid/schema';
import { messages } from '../../i18n/messages';

// A media file as staff read it: the shows' media card and the review queue.

/**
 * What ffprobe read of the media, in one line: "1:00:00 · 1920×1080 H264 · AAC stereo";
 * null until it has been read.
 */
export function mediaSummary(info: Partial<MediaInfo> | null | undefined): string | null {
  if (!info || typeof info.durationSec !== 'number') return null;
  const text = messages().media;
  const parts = [formatDuration(info.durationSec, 'runtime')];
  const { video, audio } = info;
  parts.push(
    video ? `${video.width}×${video.height} ${video.codec.toUpperCase()}` : text.audioOnly,
  );
  if (audio) parts.push(`${audio.codec.toUpperCase()} ${text.audioChannels(audio.channels)}`);
  return parts.join(' · ');
}
