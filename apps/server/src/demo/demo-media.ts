import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { channels as channelsCollection, shows as showsCollection } from '@airgrid/schema';
import type { Clock } from '../clock.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { type RecordService, serverRequest } from '../records/record-service.js';

// The demo station's first channel airs through Airgrid playout (issue 39): `demo-media` gives
// its shows sample media on the first run, a title card over a moving test picture with a soft
// tone, made by ffmpeg in seconds. Each upload goes through the records (a show's media), so
// the media is read and packaged by the same jobs a station's own uploads go through.

const run = promisify(execFile);
const SERVER = serverRequest('PATCH');

/** How long each sample programme lasts: long enough to watch, short enough to package fast. */
const SAMPLE_SECONDS = 120;
/** A bound on one clip's making (ffmpeg's ultrafast preset takes a few seconds). */
const MAKE_TIMEOUT_MS = 5 * 60_000;

/** ffmpeg's arguments for a sample programme titled by the text in `titleFile`. */
function sampleArgs(titleFile: string, seconds: number, target: string): string[] {
  const text = (y: string, size: number, extra = '') =>
    `drawtext=font=Sans:fontsize=${size}:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=12:x=(w-tw)/2:y=${y}${extra}`;
  return [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=30:duration=${seconds}`],
    // A soft tone that swells and fades every four seconds.
    ...['-f', 'lavfi', '-i'],
    `aevalsrc=0.2*sin(2*PI*330*t)*(0.6+0.4*sin(2*PI*0.25*t)):s=48000:d=${seconds}`,
    '-vf',
    [
      text('h*0.12', 34, `:textfile=${titleFile}`),
      text('h*0.78', 22, ":text='Airgrid demo programme  %{pts\\:hms}'"),
    ].join(','),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-shortest', '-movflags', '+faststart', target],
  ];
}

/**
 * `demo-media` (target `channels/{id}`): sample media for every show of the channel's filler
 * rotation (the demo's first channel carries all its shows) that has none yet.
 */
export function demoMediaJob(records: RecordService, clock: Clock): JobHandler {
  return async ({ job, signal, progress }) => {
    const [, channelId = ''] = job.target.split('/');
    const channel = await records.findRecord(channelsCollection, channelId);
    const filler = Array.isArray(channel?.filler) ? channel.filler.map(String) : [];
    const dir = await mkdtemp(path.join(tmpdir(), 'airgrid-demo-media-'));
    try {
      for (const [index, showId] of filler.entries()) {
        const show = await records.findRecord(showsCollection, showId);
        if (!show || show.media) continue;
        const titleFile = path.join(dir, `${showId}.txt`);
        await writeFile(titleFile, String(show.title));
        const target = path.join(dir, `${showId}.mp4`);
        await run('ffmpeg', sampleArgs(titleFile, SAMPLE_SECONDS, target), {
          signal,
          timeout: MAKE_TIMEOUT_MS,
        });
        const { size } = await stat(target);
        await records.update('shows', showId, {}, SERVER, [
          {
            fieldname: 'media',
            filename: `demo-${clock.now().toString(36)}.mp4`,
            mimetype: 'video/mp4',
            size,
            path: target,
            truncated: false,
          },
        ]);
        await progress(((index + 1) / filler.length) * 100);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
