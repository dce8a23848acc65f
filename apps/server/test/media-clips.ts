import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Real media for tests and benchmarks, made with ffmpeg (Debian's ffmpeg package): a test
// picture with a tone, and recorded speech with its transcription (Debian's
// pocketsphinx-testdata: LibriVox clips) muxed into a video.

const NO_FFMPEG =
  "These tests make media with ffmpeg: install Debian's ffmpeg package (apt-get install ffmpeg).";

function ffmpeg(args: string[]) {
  try {
    execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
  } catch (error) {
    throw new Error(`${NO_FFMPEG} ${String(error)}`);
  }
}

/** Runs `make` with a fresh folder and returns the bytes of the file it names, cleaning up. */
function made(make: (dir: string) => string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'airgrid-clip-'));
  try {
    return readFileSync(make(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const clips = new Map<string, Buffer>();

/** NTSC's frame rate (29.97 fps), at which US broadcast spots are cut. */
export const NTSC_RATE = '30000/1001';

/**
 * A 320×240 test picture with a 440 Hz tone: an H.264/AAC MP4 browsers play, or MPEG-2 in a
 * transport stream as broadcast gear writes it, which no browser plays. `frames` at `rate`
 * (e.g. 89 at NTSC_RATE: 2.969633 s) instead of `seconds` at 25 fps. Made once per process.
 */
export function testClip(
  options: { format?: 'mp4' | 'mpegts'; seconds?: number; frames?: number; rate?: string } = {},
): Buffer {
  const { format = 'mp4', rate = '25', frames } = options;
  const [num = 25, den = 1] = rate.split('/').map(Number);
  const seconds = frames ? (frames * den) / num : (options.seconds ?? 3);
  // The picture stops half a frame before the last would start: exactly `frames` of them.
  const pictureSeconds = frames ? ((frames - 0.5) * den) / num : seconds;
  const key = `${format}:${seconds}:${rate}`;
  const cached = clips.get(key);
  if (cached) return cached;
  const clip = made((dir) => {
    const file = path.join(dir, format === 'mp4' ? 'clip.mp4' : 'clip.ts');
    const codecs =
      format === 'mp4'
        ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']
        : ['-c:v', 'mpeg2video', '-c:a', 'mp2', '-f', 'mpegts'];
    ffmpeg([
      ...['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=${rate}:duration=${pictureSeconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...codecs,
      '-shortest',
      file,
    ]);
    return file;
  });
  clips.set(key, clip);
  return clip;
}

/** Where Debian's pocketsphinx-testdata keeps its LibriVox clips and their transcription. */
export const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const NO_TESTDATA = `These tests use recorded speech from Debian's pocketsphinx-testdata package (apt-get install pocketsphinx-testdata): ${LIBRIVOX} is missing.`;

export interface SpokenClip {
  /** The WAV file (16 kHz mono). */
  file: string;
  /** What is said, as the transcription gives it. */
  transcript: string;
  /** Its length, in seconds. */
  seconds: number;
}

/** The LibriVox clips with what is said in each. */
export function librivoxClips(): SpokenClip[] {
  if (!existsSync(path.join(LIBRIVOX, 'transcription'))) throw new Error(NO_TESTDATA);
  const lines = readFileSync(path.join(LIBRIVOX, 'transcription'), 'utf8').split('\n');
  return lines.flatMap((line) => {
    const match = /^<s> (.*) <\/s> \((\S+)\)$/.exec(line.trim());
    if (!match?.[1] || !match[2]) return [];
    const file = path.join(LIBRIVOX, `${match[2]}.wav`);
    // 16-bit mono at 16 kHz after a 44-byte header.
    const seconds = (readFileSync(file).length - 44) / 32_000;
    return [{ file, transcript: match[1], seconds }];
  });
}

export interface SpeechVideo {
  video: Buffer;
  /** Everything said, in order. */
  transcript: string;
  /** When each clip's speech is heard in the video, in seconds. */
  spoken: { start: number; end: number }[];
  seconds: number;
}

/** Seconds of silence between the clips, as between a programme's sentences. */
const GAP = 1.5;

/**
 * Debian's LibriVox clips one after another with silence between them, under a test picture:
 * a short programme whose speech is known (H.264/AAC MP4). Made once per process.
 */
export function speechVideo(): SpeechVideo {
  const spokenClips = librivoxClips();
  let at = 0;
  const spoken = spokenClips.map((clip) => {
    const span = { start: at, end: at + clip.seconds };
    at = span.end + GAP;
    return span;
  });
  const video = made((dir) => {
    const list = path.join(dir, 'list.txt');
    const silence = path.join(dir, 'silence.wav');
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', String(GAP)],
      ...['-c:a', 'pcm_s16le', silence],
    ]);
    writeFileSync(
      list,
      spokenClips.map((clip) => `file '${clip.file}'\nfile '${silence}'\n`).join(''),
    );
    const file = path.join(dir, 'speech.mp4');
    ffmpeg([
      ...['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=25:duration=${at}`],
      ...['-f', 'concat', '-safe', '0', '-i', list],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', file],
    ]);
    return file;
  });
  return {
    video,
    transcript: spokenClips.map((clip) => clip.transcript).join(' '),
    spoken,
    seconds: at,
  };
}

/** A PNG of one colour at this size, e.g. a podcast's cover art (1400–3000 px square). */
export function solidPng(width: number, height: number): Buffer {
  return made((dir) => {
    const file = path.join(dir, 'image.png');
    ffmpeg([
      ...['-f', 'lavfi', '-i', `color=c=0x2f6f4f:s=${width}x${height}`],
      ...['-frames:v', '1', file],
    ]);
    return file;
  });
}
