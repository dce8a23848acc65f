import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type MediaInfo, playsInBrowsers } from '@airgrid/schema';
import {
  extractFrame,
  measureLoudness,
  NotMediaError,
  probeMedia,
  transcodeForWeb,
} from '../../files/ffmpeg.js';
import { type FileStorage, fileKey } from '../../files/file-storage.js';
import { withLocalFile } from '../../files/local-copy.js';
import type { NewJob } from '../../jobs/job-queue-repository.js';
import { type JobHandler, PermanentJobError } from '../../jobs/job-runner.js';
import type { MediaHolder, MediaHolders } from '../../jobs/media-holders.js';
import type { UploadedFile } from '../../records/record-files.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';

const SERVER = serverRequest('PATCH');

/** A job's target, `{collection}/{id}`, with its collection's holder and the record's media. */
async function mediaTarget(records: RecordService, holders: MediaHolders, target: string) {
  const [collection = '', id = ''] = target.split('/');
  const holder = holders.of(collection);
  if (!holder) throw new PermanentJobError(`No media is read for the collection "${collection}".`);
  const { definition } = holder;
  const record = await records.findRecord(definition, id);
  const media = typeof record?.media === 'string' ? record.media : '';
  return record && media ? { definition, id, holder, record, media } : undefined;
}

/** A frame of the video as the record's image, through the record's file pipeline. */
async function frameAsImage(
  file: string,
  field: string,
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
        fieldname: field,
        filename: 'frame.jpg',
        mimetype: 'image/jpeg',
        size,
        path: target,
        truncated: false,
      },
      cleanUp,
    };
  } catch {
    // A video with no decodable frame still has its duration: the image waits for a person.
    await cleanUp();
    return null;
  }
}

/** What the probe reads of one file: ffprobe's facts, the loudness and a frame when asked. */
async function readMedia(
  file: string,
  holder: MediaHolder,
  record: Readonly<Record<string, unknown>>,
  signal: AbortSignal,
  progress: (percent: number) => Promise<void>,
) {
  const read = await probeMedia(file, signal);
  const info: MediaInfo = { ...read };
  if (holder.measuresLoudness) {
    await progress(40);
    // Loudness is a fact for staff, not a condition: a failure leaves it unknown.
    info.loudness = read.audio ? await measureLoudness(file, signal).catch(() => null) : null;
  }
  const { frameField } = holder;
  const wantsFrame = frameField && read.video !== null && !record[frameField];
  return {
    info,
    frame: wantsFrame ? await frameAsImage(file, frameField, read.durationSec, signal) : null,
  };
}

/**
 * `media-probe` (target `{collection}/{id}`, a collection registered in `MediaHolders`): reads
 * the record's media with ffprobe and keeps what it found (`mediaInfo`, its loudness when the
 * collection asks for it, and what the collection's holder derives from it), and a frame of a
 * video as the image it lacks; media browsers cannot play queues a `media-transcode`. A record
 * deleted or whose media changed meanwhile is left alone (the new media has its own job).
 */
export function mediaProbeJob(
  records: RecordService,
  storage: FileStorage,
  holders: MediaHolders,
  enqueue: (job: NewJob) => Promise<string>,
): JobHandler {
  return async ({ job, signal, progress }) => {
    const found = await mediaTarget(records, holders, job.target);
    if (!found) return;
    const { definition, id, holder, record, media } = found;
    await progress(10);
    const { info, frame } = await withLocalFile(
      storage,
      fileKey(definition.id, id, media),
      (file) => readMedia(file, holder, record, signal, progress),
    ).catch((error: unknown) => {
      throw error instanceof NotMediaError ? new PermanentJobError(error.message) : error;
    });
    let saved = false;
    try {
      const current = await records.findRecord(definition, id);
      if (current?.media === media) {
        const frameField = holder.frameField;
        await records.update(
          definition.name,
          id,
          { mediaInfo: info, ...holder.valuesFrom?.(info, current) },
          SERVER,
          // An image someone chose meanwhile stays.
          frame && frameField && !current[frameField] ? [frame.upload] : [],
        );
        saved = true;
      }
    } finally {
      await frame?.cleanUp();
    }
    if (saved && !playsInBrowsers(info)) {
      await enqueue({
        organization: String(record.organization),
        kind: 'media-transcode',
        target: job.target,
      });
    }
  };
}

/**
 * `media-transcode`: makes the web copy (H.264/AAC in MP4) of media browsers cannot play, and
 * keeps it as the record's `webMedia`, reporting its progress as it goes.
 */
export function mediaTranscodeJob(
  records: RecordService,
  storage: FileStorage,
  holders: MediaHolders,
): JobHandler {
  return async ({ job, signal, progress }) => {
    const found = await mediaTarget(records, holders, job.target);
    if (!found) return;
    const { definition, id, record, media } = found;
    const durationSec = Number((record.mediaInfo as Partial<MediaInfo> | null)?.durationSec) || 0;
    const dir = await mkdtemp(path.join(tmpdir(), 'airgrid-web-copy-'));
    try {
      const target = path.join(dir, 'web.mp4');
      await withLocalFile(storage, fileKey(definition.id, id, media), (file) =>
        transcodeForWeb(file, target, durationSec, (percent) => void progress(percent), signal),
      );
      const current = await records.findRecord(definition, id);
      if (current?.media !== media) return;
      const { size } = await stat(target);
      const base = path.basename(media, path.extname(media)).replace(/_[a-z0-9]{10}$/, '');
      await records.update(definition.name, id, {}, SERVER, [
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
