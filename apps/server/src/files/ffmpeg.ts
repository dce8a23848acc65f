import { execFile, spawn } from 'node:child_process';
import type { MediaInfo } from '@airgrid/schema';

// Reading a media file with ffprobe (Debian's `ffmpeg` package): its duration, container and
// first video and audio streams. ffprobe reads only the headers it needs, so an hour-long
// programme takes a moment, not a pass over its gigabytes.

/** How long one probe may take. */
const PROBE_TIMEOUT_MS = 120_000;
/** ffprobe's JSON for one file is a few kilobytes; more is not a media file. */
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

const FFPROBE_MISSING =
  'ffprobe is not installed on the server: install Debian’s ffmpeg package (apt-get install ffmpeg); the job tries again by itself.';

/** ffprobe could not read the file as audio or video: trying again will not help. */
export class NotMediaError extends Error {
  override name = 'NotMediaError';
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  /** Seconds, as ffprobe prints them ("2.969633"); absent in some containers (Matroska). */
  duration?: string;
  /** Frames per second as a fraction ("30000/1001"). */
  avg_frame_rate?: string;
  width?: number;
  height?: number;
  channels?: number;
  disposition?: { attached_pic?: number };
}

interface ProbeOutput {
  format?: { duration?: string; format_name?: string };
  streams?: ProbeStream[];
}

/** A positive finite number, or undefined. */
function positive(value: number): number | undefined {
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** ffprobe's "30000/1001" as frames per second; undefined for "0/0" and the like. */
function frameRateOf(fraction: string | undefined): number | undefined {
  const [num = '', den = ''] = (fraction ?? '').split('/');
  return positive(Number(num) / Number(den));
}

/** What ffprobe's JSON says, as a show keeps it. */
export function mediaInfoOf(output: ProbeOutput): MediaInfo {
  const streams = output.streams ?? [];
  // Cover art in an audio file is a "video" stream of one picture: not video.
  const video = streams.find(
    (stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic,
  );
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  // Durations exactly as ffprobe prints them (microseconds), never rounded: a spot's runtime
  // is kept to the frame (a 29.97 fps spot of 899 frames runs 29.996633 s, not 30). The
  // container's own duration may be rounded to its time scale (MP4: milliseconds) or run past
  // the picture (a transport stream's audio); the video stream's is its frames' sum.
  const videoDuration = positive(Number(video?.duration));
  const frameRate = frameRateOf(video?.avg_frame_rate);
  return {
    durationSec: positive(Number(output.format?.duration)) ?? 0,
    container: output.format?.format_name ?? '',
    video: video
      ? {
          codec: video.codec_name ?? '',
          width: video.width ?? 0,
          height: video.height ?? 0,
          ...(videoDuration ? { durationSec: videoDuration } : {}),
          ...(frameRate ? { frameRate } : {}),
        }
      : null,
    audio: audio ? { codec: audio.codec_name ?? '', channels: audio.channels ?? 0 } : null,
  };
}

/** Reads a media file; NotMediaError when it is not one, a plain Error when ffprobe is missing. */
export function probeMedia(file: string, signal?: AbortSignal): Promise<MediaInfo> {
  return new Promise((resolve, reject) => {
    execFile(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, signal },
      (error, stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') {
          reject(new Error(FFPROBE_MISSING));
          return;
        }
        if (error) {
          if (signal?.aborted || error.killed) {
            reject(error);
            return;
          }
          const reason = String(stderr).trim().split('\n').at(-1) ?? '';
          reject(
            new NotMediaError(
              `ffprobe cannot read this file as audio or video${reason ? `: ${reason}` : '.'}`,
            ),
          );
          return;
        }
        try {
          const info = mediaInfoOf(JSON.parse(stdout) as ProbeOutput);
          if (!info.video && !info.audio) {
            reject(new NotMediaError('The file holds neither audio nor video.'));
            return;
          }
          resolve(info);
        } catch {
          reject(new NotMediaError('ffprobe’s answer could not be read.'));
        }
      },
    );
  });
}

/**
 * Takes one frame of a video as a JPEG (at most 1280 px wide) into `target`: a tenth of the way
 * in, at most 10 s, past the black of most openings.
 */
export function extractFrame(
  file: string,
  durationSec: number,
  target: string,
  signal?: AbortSignal,
): Promise<void> {
  const at = Math.min(10, Math.max(0, durationSec * 0.1));
  return new Promise((resolve, reject) => {
    execFile(
      'ffmpeg',
      [
        '-v',
        'error',
        '-y',
        '-ss',
        at.toFixed(2),
        '-i',
        file,
        '-frames:v',
        '1',
        '-vf',
        "scale='min(1280,iw)':-2",
        '-q:v',
        '3',
        target,
      ],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, signal },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

/** Reads ffmpeg's `-progress` lines: how far into the media it is, in seconds. */
export function progressSeconds(line: string): number | null {
  const match = /^out_time_us=(\d+)$/.exec(line.trim());
  return match ? Number(match[1]) / 1e6 : null;
}

/** How an ffmpeg run with progress is watched: its length, its reports, when it is stopped. */
export interface FfmpegRun {
  /** The output's expected length: progress is reported against it. */
  durationSec: number;
  /** Called with 0–99 as the output grows. */
  onProgress: (percent: number) => void;
  signal?: AbortSignal | undefined;
  /** Stopped after this long (default: four times the length, at least 10 minutes). */
  timeoutMs?: number;
  /** What failed, for the error: "make a web copy". */
  task: string;
}

/**
 * Runs ffmpeg with `args` (input and output options; `-progress pipe:1` is added), reporting
 * how far it is from its `-progress` lines. Rejects with ffmpeg's last error line.
 */
export function runFfmpeg(args: readonly string[], run: FfmpegRun): Promise<void> {
  const timeout = run.timeoutMs ?? Math.ceil(Math.max(600_000, run.durationSec * 4000));
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      ['-v', 'error', '-y', '-nostats', ...args, '-progress', 'pipe:1'],
      {
        signal: run.signal,
        timeout,
      },
    );
    let errors = '';
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const seconds = progressSeconds(line);
        if (seconds !== null && run.durationSec > 0)
          run.onProgress(Math.min(99, (seconds / run.durationSec) * 100));
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-2000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(FFPROBE_MISSING) : error),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(`ffmpeg could not ${run.task}: ${errors.trim().split('\n').at(-1) ?? code}`),
        );
    });
  });
}

/**
 * Makes a copy browsers play: H.264 video (yuv420p) and AAC audio in an MP4 whose index comes
 * first (playback starts before the whole file is in). Reports how far it is, from 0 to 100.
 * Given at most four times the media's length (at least 10 minutes) before it is stopped.
 */
export function transcodeForWeb(
  file: string,
  target: string,
  durationSec: number,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return runFfmpeg(
    [
      '-i',
      file,
      '-map',
      '0:v:0?',
      '-map',
      '0:a:0?',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '160k',
      '-movflags',
      '+faststart',
      target,
    ],
    { durationSec, onProgress, signal, task: 'make a web copy' },
  );
}

/** The media has no audio stream to take. */
export class NoSoundError extends Error {
  override name = 'NoSoundError';
}

/** Taking the sound out of an hour of video takes a minute or two; this is a generous bound. */
const EXTRACT_TIMEOUT_MS = 30 * 60_000;

/**
 * The arguments for each use of a media's sound: `speech` is 16 kHz mono WAV, what speech
 * recognizers read; `podcast` is AAC in an M4A file (128 kb/s, index first), what podcast apps
 * play.
 */
const AUDIO_OUTPUTS = {
  speech: ['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav'],
  podcast: ['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'ipod'],
} as const;

/** Writes the media's first audio stream into `target`, as `kind` says. */
export function extractAudio(
  file: string,
  target: string,
  kind: keyof typeof AUDIO_OUTPUTS,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'ffmpeg',
      ['-v', 'error', '-y', '-i', file, '-map', '0:a:0', '-vn', ...AUDIO_OUTPUTS[kind], target],
      { timeout: EXTRACT_TIMEOUT_MS, signal, maxBuffer: MAX_OUTPUT_BYTES },
      (error, _stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT')
          reject(new Error(FFPROBE_MISSING));
        else if (error && !signal?.aborted && /matches no streams/.test(String(stderr)))
          reject(new NoSoundError('The media has no sound.'));
        else if (error) reject(error);
        else resolve();
      },
    );
  });
}

/** Integrated loudness (LUFS) and true peak (dBTP) of a programme, as EBU R128 / ATSC A/85 measure. */
export interface Loudness {
  integratedLufs: number;
  truePeakDb: number;
}

/** Reads the JSON summary ffmpeg's loudnorm filter prints last; null when there is none. */
export function loudnessOf(stderr: string): Loudness | null {
  const start = stderr.lastIndexOf('{');
  if (start < 0) return null;
  try {
    const summary = JSON.parse(stderr.slice(start)) as Record<string, string>;
    const integratedLufs = Number(summary.input_i);
    const truePeakDb = Number(summary.input_tp);
    if (!Number.isFinite(integratedLufs) || !Number.isFinite(truePeakDb)) return null;
    return { integratedLufs, truePeakDb };
  } catch {
    return null;
  }
}

/**
 * Measures the loudness of the media's first audio stream (ffmpeg's loudnorm in its measuring
 * pass: it decodes the whole sound, a few minutes for an hour). Null for silence or no sound.
 */
export function measureLoudness(file: string, signal?: AbortSignal): Promise<Loudness | null> {
  return new Promise((resolve, reject) => {
    execFile(
      'ffmpeg',
      ['-hide_banner', '-nostats', '-i', file, '-map', '0:a:0', '-vn'].concat([
        '-af',
        'loudnorm=print_format=json',
        '-f',
        'null',
        '-',
      ]),
      { timeout: EXTRACT_TIMEOUT_MS, signal, maxBuffer: MAX_OUTPUT_BYTES },
      (error, _stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT')
          reject(new Error(FFPROBE_MISSING));
        else if (error && /matches no streams/.test(String(stderr))) resolve(null);
        else if (error) reject(error);
        else resolve(loudnessOf(String(stderr)));
      },
    );
  });
}
