import { PLAYOUT_PROFILES } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import { listedSegments, packagingArgs, paddedSeconds, segmentFileName } from './playout-ffmpeg.js';
import { wrapText } from './slate-image.js';

describe('packaging for playout', () => {
  it('pads every media to whole segments, at least one', () => {
    expect(paddedSeconds(8, 6)).toBe(12);
    expect(paddedSeconds(12, 6)).toBe(12);
    // ffprobe's 12.000001 for a 12-second file is not a third segment of black.
    expect(paddedSeconds(12.000001, 6)).toBe(12);
    expect(paddedSeconds(0.2, 6)).toBe(6);
    expect(paddedSeconds(0, 6)).toBe(6);
    expect(paddedSeconds(3599.9, 6)).toBe(3600);
  });

  it('names segments from 00000.ts', () => {
    expect(segmentFileName(0)).toBe('00000.ts');
    expect(segmentFileName(599)).toBe('00599.ts');
  });

  it('re-encodes into the profile with a keyframe every segment and −24 LKFS', () => {
    const { args, paddedSec } = packagingArgs(
      { kind: 'media', file: 'in.mp4', hasVideo: true, hasAudio: true, durationSec: 100 },
      PLAYOUT_PROFILES['720p30'],
      6,
      '/out',
    );
    expect(paddedSec).toBe(102);
    const joined = args.join(' ');
    expect(joined).toContain('scale=1280:720:force_original_aspect_ratio=decrease');
    expect(joined).toContain('fps=30');
    expect(joined).toContain('loudnorm=I=-24');
    expect(joined).toContain('-g 180 -keyint_min 180 -sc_threshold 0');
    expect(joined).toContain('-t 102');
    expect(joined).toContain('-hls_time 6');
    expect(args.at(-1)).toBe('/out/index.m3u8');
    expect(joined).not.toContain('lavfi');
  });

  it('airs sound alone over black, and a picture alone over silence', () => {
    const sound = packagingArgs(
      { kind: 'media', file: 'in.mp3', hasVideo: false, hasAudio: true, durationSec: 10 },
      PLAYOUT_PROFILES['480p30'],
      6,
      '/out',
    ).args.join(' ');
    expect(sound).toContain('-f lavfi -i color=c=black:s=854x480:r=30');
    expect(sound).toContain('[1:v:0]scale');
    expect(sound).toContain('[0:a:0]loudnorm');
    const still = packagingArgs(
      { kind: 'still', file: 'slate.png', stillSec: 30 },
      PLAYOUT_PROFILES['1080p25'],
      6,
      '/out',
    ).args.join(' ');
    expect(still).toContain('-loop 1 -framerate 1 -t 30 -i slate.png');
    expect(still).toContain('-preset ultrafast -tune stillimage');
    expect(still).toContain('-f lavfi -i anullsrc=r=48000:cl=stereo');
    expect(still).toContain('[0:v:0]scale=1920:1080');
    expect(still).toContain('[1:a:0]loudnorm');
  });

  it('reads the segments of ffmpeg’s VOD playlist', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:6',
      '#EXTINF:6.000000,',
      '00000.ts',
      '#EXTINF:5.966667,',
      '00001.ts',
      '#EXT-X-ENDLIST',
      '',
    ].join('\n');
    expect(listedSegments(playlist)).toEqual([
      { file: '00000.ts', durationSec: 6 },
      { file: '00001.ts', durationSec: 5.966667 },
    ]);
  });
});

describe('the slate’s text', () => {
  it('wraps at words and ends a cut text with an ellipsis', () => {
    expect(wrapText('We’ll be right back', 28, 2)).toEqual(['We’ll be right back']);
    expect(wrapText('one two three four five', 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('', 10, 2)).toEqual([]);
  });
});
