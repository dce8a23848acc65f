import { describe, expect, it } from 'vitest';
import { mediaSummary } from './media-summary';

describe('mediaSummary', () => {
  it('says the running time, the picture and the sound in one line', () => {
    expect(
      mediaSummary({
        durationSec: 3599.97,
        container: 'mov,mp4',
        video: { codec: 'h264', width: 1920, height: 1080 },
        audio: { codec: 'aac', channels: 2 },
      }),
    ).toBe('1:00:00 · 1920×1080 H264 · AAC stereo');
    expect(
      mediaSummary({
        durationSec: 245,
        container: 'mp3',
        video: null,
        audio: { codec: 'mp3', channels: 6 },
      }),
    ).toBe('4:05 · audio only · MP3 5.1');
  });

  it('says nothing until the media has been read', () => {
    expect(mediaSummary({})).toBeNull();
    expect(mediaSummary(null)).toBeNull();
  });
});
