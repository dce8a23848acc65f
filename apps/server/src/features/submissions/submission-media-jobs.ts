import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { roundUpToQuarterHour } from '@airgrid/domain';
import { shows, submissions } from '@airgrid/schema';
import { measureLoudness, NotMediaError, probeMedia } from '../../files/ffmpeg.js';
import { type FileStorage, fileKey } from '../../files/file-storage.js';
import { withLocalFile } from '../../files/local-copy.js';
import { type JobHandler, PermanentJobError } from '../../jobs/job-runner.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';

// The background side of a submission's file (decision 0033, addendum): what ffprobe reads of
// it for the review queue, and, once approved, the file handed to the show the approval made.

const SERVER = serverRequest('PATCH');

/** The submission a job names, with its file; undefined when either is gone. */
async function submissionWithFile(records: RecordService, target: string) {
  const [, id = ''] = target.split('/');
  const submission = await records.findRecord(submissions, id);
  const media = typeof submission?.media === 'string' ? submission.media : '';
  return submission && media ? { id, submission, media } : undefined;
}

/**
 * `submission-probe`: keeps what ffprobe reads of the file (duration, streams) and its
 * measured loudness on the submission, and its running time when the submitter gave none. A file that is not media is
 * told to staff by its empty facts and the job's failure, not retried.
 */
export function submissionProbeJob(records: RecordService, storage: FileStorage): JobHandler {
  return async ({ job, signal }) => {
    const found = await submissionWithFile(records, job.target);
    if (!found) return;
    const info = await withLocalFile(
      storage,
      fileKey(submissions.id, found.id, found.media),
      async (file) => {
        const read = await probeMedia(file, signal);
        // Loudness is a fact for the reviewer, not a condition: a failure leaves it unknown.
        const loudness = read.audio ? await measureLoudness(file, signal).catch(() => null) : null;
        return { ...read, loudness };
      },
    ).catch((error: unknown) => {
      throw error instanceof NotMediaError ? new PermanentJobError(error.message) : error;
    });
    const current = await records.findRecord(submissions, found.id);
    if (current?.media !== found.media) return;
    // A length the submitter left out becomes the slot the file needs; one they gave stays.
    const runtime = Math.round(info.durationSec);
    const fillLength = runtime > 0 && !(Number(current.durationSec) > 0);
    await records.update(
      submissions.name,
      found.id,
      { mediaInfo: info, ...(fillLength ? { durationSec: roundUpToQuarterHour(runtime) } : {}) },
      SERVER,
    );
  };
}

/**
 * `submission-media`: the approved submission's file becomes its show's media (a copy: the
 * submission keeps its own until it is deleted). The show's own jobs then read it and make
 * its web copy. A show that has media meanwhile keeps it.
 */
export function submissionMediaJob(records: RecordService, storage: FileStorage): JobHandler {
  return async ({ job }) => {
    const found = await submissionWithFile(records, job.target);
    const showId = String(found?.submission.show ?? '');
    const show = showId ? await records.findRecord(shows, showId) : undefined;
    if (!found || !show || show.media) return;
    const dir = await mkdtemp(path.join(tmpdir(), 'airgrid-submission-'));
    try {
      // The record engine moves the file it is given into storage: it gets a copy.
      const copy = path.join(dir, 'media');
      await withLocalFile(storage, fileKey(submissions.id, found.id, found.media), (file) =>
        copyFile(file, copy),
      );
      const { size } = await stat(copy);
      await records.update('shows', showId, {}, SERVER, [
        {
          fieldname: 'media',
          filename: found.media.replace(/_[a-z0-9]{10}(\.[^.]*)?$/, '$1'),
          mimetype: '',
          size,
          path: copy,
          truncated: false,
        },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
