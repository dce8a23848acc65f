import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { roundUpToQuarterHour } from '@airgrid/domain';
import { type MediaInfo, playsInBrowsers, shows } from '@airgrid/schema';
import { extractFrame, NotMediaError, probeMedia, transcodeForWeb } from '../../files/ffmpeg.js';
import { type FileStorage, fileKey } from '../../files/file-storage.js';
import { withLocalFile } from '../../files/local-copy.js';
import type { NewJob } from '../../jobs/job-queue-repository.js';
import { type JobHandler, PermanentJobError } from '../../jobs/job-runner.js';
import type { UploadedFile } from '../../records/record-files.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';

const SERVER = serverRequest('PATCH');

/** A frame of the video as the show's thumbnail, through the record's file pipeline. */
async function frameAsThumbnail(
  file: string,
  durationSec: number,
  signal: AbortSignal,
): Promise<{ upload: UploadedFile; cleanUp: () => Promise<void> } | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'airgrid-frame-'));
  const cleanUp = () => rm(dir, { recursive: true, force: true });
  const target = path.join(dir, 'frame.jpg');
  try {
    await extractFrame(file, durationSec, target, signal);
    const { size } = await stat(target);
    return {
      upload: {
        fieldname: 'thumbnail',
        filename: 'frame.jpg',
        mimetype: 'image/jpeg',
        size,
        path: target,
        truncated: false,
      },
      cleanUp,
    };
  } catch {
    // A video with no decodable frame still has its duration: the thumbnail waits for a person.
    await cleanUp();
    return null;
  }
}

/**
 * `media-probe`: reads a show's media with ffprobe and keeps what it found on the show
 * (`mediaInfo`, the runtime among it: a show with no length yet gets the slot it needs), and
 * a frame of a video as its thumbnail when it has none; media browsers cannot play queues a `media-transcode`. A show deleted or
 * whose media changed meanwhile is left alone (the new media has its own job).
 */
export function mediaProbeJob(
  records: RecordService,
  storage: FileStorage,
  enqueue: (job: NewJob) => Promise<string>,
): JobHandler {
  return async ({ job, signal, progress }) => {
    const [, showId = ''] = job.target.split('/');
    const show = await records.findRecord(shows, showId);
    const media = typeof show?.media === 'string' ? show.media : '';
    if (!show || !media) return;
    await progress(10);
    const { info, frame } = await withLocalFile(
      storage,
      fileKey(shows.id, showId, media),
      async (file) => {
        const read = await probeMedia(file, signal);
        const wantsFrame = read.video !== null && !show.thumbnail;
        return {
          info: read,
          frame: wantsFrame ? await frameAsThumbnail(file, read.durationSec, signal) : null,
        };
      },
    ).catch((error: unknown) => {
      throw error instanceof NotMediaError ? new PermanentJobError(error.message) : error;
    });
    let saved = false;
    try {
      saved = await saveWhatWasRead(records, showId, media, info, frame?.upload);
    } finally {
      await frame?.cleanUp();
    }
    if (saved && !playsInBrowsers(info)) {
      await enqueue({
        organization: String(show.organization),
        kind: 'media-transcode',
        target: job.target,
      });
    }
  };
}

async function saveWhatWasRead(
  records: RecordService,
  showId: string,
  media: string,
  info: MediaInfo,
  thumbnail: UploadedFile | undefined,
) {
  const current = await records.findRecord(shows, showId);
  if (current?.media !== media) return false;
  // The runtime stays in `mediaInfo`: the show's length is the slot the station gave it, and
  // media never changes it. A show with no length yet gets the slot its media needs.
  const runtime = Math.round(info.durationSec);
  const fillLength = runtime > 0 && !(Number(current.durationSec) > 0);
  await records.update(
    'shows',
    showId,
    { mediaInfo: info, ...(fillLength ? { durationSec: roundUpToQuarterHour(runtime) } : {}) },
    SERVER,
    // A thumbnail someone chose meanwhile stays.
    thumbnail && !current.thumbnail ? [thumbnail] : [],
  );
  return true;
}

/**
 * `media-transcode`: makes the web copy (H.264/AAC in MP4) of media browsers cannot play, and
 * keeps it as the show's `webMedia`, reporting its progress as it goes.
 */
export function mediaTranscodeJob(records: RecordService, storage: FileStorage): JobHandler {
  return async ({ job, signal, progress }) => {
    const [, showId = ''] = job.target.split('/');
    const show = await records.findRecord(shows, showId);
    const media = typeof show?.media === 'string' ? show.media : '';
    if (!show || !media) return;
    const durationSec = Number((show.mediaInfo as Partial<MediaInfo> | null)?.durationSec) || 0;
    const dir = await mkdtemp(path.join(tmpdir(), 'airgrid-web-copy-'));
    try {
      const target = path.join(dir, 'web.mp4');
      await withLocalFile(storage, fileKey(shows.id, showId, media), (file) =>
        transcodeForWeb(file, target, durationSec, (percent) => void progress(percent), signal),
      );
      const current = await records.findRecord(shows, showId);
      if (current?.media !== media) return;
      const { size } = await stat(target);
      const base = path.basename(media, path.extname(media)).replace(/_[a-z0-9]{10}$/, '');
      await records.update('shows', showId, {}, SERVER, [
        {
          fieldname: 'webMedia',
          filename: `${base}-web.mp4`,
          mimetype: 'video/mp4',
          size,
          path: target,
          truncated: false,
        },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
