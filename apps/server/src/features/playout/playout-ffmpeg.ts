import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PLAYOUT_LOUDNESS_LUFS, type PlayoutProfile } from '@airgrid/schema';
import { runFfmpeg } from '../../files/ffmpeg.js';

// Packaging one media for playout (docs/decisions/0044-playout-packaging.md): ffmpeg re-encodes
// it into the channel's profile (picture scaled and letterboxed, frame rate, H.264 with a
// keyframe exactly every segment; stereo AAC at 48 kHz, loudness normalised to −24 LKFS), pads
// it with black and silence to a whole number of segments, and cuts it into HLS segments of
// exactly T seconds, numbered from 00000.

/** What ffmpeg reads: a media file, or a still picture shown for `stillSec` (the slate). */
export type PackagingInput =
  | { kind: 'media'; file: string; hasVideo: boolean; hasAudio: boolean; durationSec: number }
  | { kind: 'still'; file: string; stillSec: number };

/** The padded length: whole segments, at least one. */
export function paddedSeconds(durationSec: number, segmentSec: number): number {
  return Math.max(1, Math.ceil(durationSec / segmentSec - 1e-6)) * segmentSec;
}

/** The segment file name of segment n (0-based). */
export function segmentFileName(n: number): string {
  return `${String(n).padStart(5, '0')}.ts`;
}

/** ffmpeg's arguments to package `input` into `outDir` (index.m3u8 and 00000.ts…). */
export function packagingArgs(
  input: PackagingInput,
  profile: PlayoutProfile,
  segmentSec: number,
  outDir: string,
): { args: string[]; paddedSec: number } {
  const { width, height, fps, videoKbps } = profile;
  const durationSec = input.kind === 'media' ? input.durationSec : input.stillSec;
  const paddedSec = paddedSeconds(durationSec, segmentSec);
  const args: string[] = [];
  let video = '0:v:0';
  let audio = '0:a:0';
  if (input.kind === 'still') {
    // Read once a second and repeated by the fps filter: the picture never changes.
    args.push('-loop', '1', '-framerate', '1', '-t', String(paddedSec), '-i', input.file);
  } else {
    args.push('-i', input.file);
  }
  let next = 1;
  if (input.kind === 'media' && !input.hasVideo) {
    // Sound alone airs over black.
    args.push('-f', 'lavfi', '-i', `color=c=black:s=${width}x${height}:r=${fps}`);
    video = `${next++}:v:0`;
  }
  if (input.kind === 'still' || !input.hasAudio) {
    args.push('-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo');
    audio = `${next++}:a:0`;
  }
  const picture = [
    `scale=${width}:${height}:force_original_aspect_ratio=decrease`,
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2`,
    'setsar=1',
    `fps=${fps}`,
    'format=yuv420p',
    // Black after the picture ends, up to the padded length (the output stops there).
    `tpad=stop_mode=add:stop_duration=${paddedSec}`,
  ].join(',');
  const sound = [
    `loudnorm=I=${PLAYOUT_LOUDNESS_LUFS}:TP=-2:LRA=11`,
    'aresample=48000',
    'aformat=sample_fmts=fltp:channel_layouts=stereo',
    'apad',
  ].join(',');
  const gop = String(segmentSec * fps);
  args.push(
    '-filter_complex',
    `[${video}]${picture}[v];[${audio}]${sound}[a]`,
    ...['-map', '[v]', '-map', '[a]', '-t', String(paddedSec)],
    // A still (the slate) needs no motion search: the fastest preset halves its cost.
    ...['-c:v', 'libx264', '-profile:v', 'high'],
    ...(input.kind === 'still'
      ? ['-preset', 'ultrafast', '-tune', 'stillimage']
      : ['-preset', 'veryfast']),
    ...['-b:v', `${videoKbps}k`, '-maxrate', `${videoKbps}k`, '-bufsize', `${videoKbps * 2}k`],
    ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
    ...['-force_key_frames', `expr:gte(t,n_forced*${segmentSec})`],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2'],
    ...['-f', 'hls', '-hls_time', String(segmentSec), '-hls_playlist_type', 'vod'],
    ...['-hls_flags', 'independent_segments'],
    ...['-hls_segment_filename', path.join(outDir, '%05d.ts')],
    path.join(outDir, 'index.m3u8'),
  );
  return { args, paddedSec };
}

/** The segment files an HLS VOD playlist lists, in order. */
export function listedSegments(playlist: string): { file: string; durationSec: number }[] {
  const segments: { file: string; durationSec: number }[] = [];
  let duration = Number.NaN;
  for (const line of playlist.split('\n').map((l) => l.trim())) {
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line !== '' && !line.startsWith('#')) {
      segments.push({ file: line, durationSec: duration });
      duration = Number.NaN;
    }
  }
  return segments;
}

/**
 * Packages the input into `outDir` and answers how many segments it holds. Throws when ffmpeg
 * fails or cut anything but segments of T seconds (every segment must last exactly T for the
 * live playlist's clock arithmetic).
 */
export async function packageMedia(
  input: PackagingInput,
  profile: PlayoutProfile,
  segmentSec: number,
  outDir: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  const { args, paddedSec } = packagingArgs(input, profile, segmentSec, outDir);
  await runFfmpeg(args, {
    durationSec: paddedSec,
    onProgress,
    signal,
    task: 'package the media for playout',
  });
  const segments = listedSegments(await readFile(path.join(outDir, 'index.m3u8'), 'utf8'));
  const expected = paddedSec / segmentSec;
  const uneven = segments.findIndex(
    (segment, n) =>
      segment.file !== segmentFileName(n) || Math.abs(segment.durationSec - segmentSec) > 0.05,
  );
  if (segments.length !== expected || uneven >= 0) {
    throw new Error(
      `ffmpeg cut ${segments.length} segments where ${expected} of ${segmentSec} s were expected` +
        (uneven >= 0 ? ` (segment ${uneven} lasts ${segments[uneven]?.durationSec} s).` : '.'),
    );
  }
  return segments.length;
}
