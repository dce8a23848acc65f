import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { episodes, shows } from '@airgrid/schema';
import { extractAudio, NoSoundError, NotMediaError, probeMedia } from '../../files/ffmpeg.js';
import { type FileStorage, fileKey } from '../../files/file-storage.js';
import { withLocalFile } from '../../files/local-copy.js';
import { type JobHandler, PermanentJobError } from '../../jobs/job-runner.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';

// An episode's audio in the background: taken from the aired show it was made from (AAC in an
// M4A file), then measured, so the feed says its duration. Each new audio file queues this job
// again (collections/podcasts.ts), which then measures it.

const SHOW_HAS_NO_MEDIA = 'The show has no media file to take the episode’s audio from.';
const SHOW_HAS_NO_SOUND = 'The show’s media has no sound for an episode.';

/** A file name from a title: "Council Meeting, Nov 25" → "council-meeting-nov-25.m4a". */
function audioName(title: string): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'episode'}.m4a`;
}

export function episodeAudioJob(records: RecordService, storage: FileStorage): JobHandler {
  return async ({ job, signal, progress }) => {
    const [, episodeId = ''] = job.target.split('/');
    const episode = await records.findRecord(episodes, episodeId);
    if (!episode) return;
    const audio = typeof episode.audio === 'string' ? episode.audio : '';
    if (audio) {
      // Its length, as the feed's itunes:duration says it.
      const info = await withLocalFile(storage, fileKey(episodes.id, episodeId, audio), (file) =>
        probeMedia(file, signal),
      ).catch((error: unknown) => {
        throw error instanceof NotMediaError ? new PermanentJobError(error.message) : error;
      });
      const current = await records.findRecord(episodes, episodeId);
      if (current?.audio !== audio) return;
      await records.update(
        'episodes',
        episodeId,
        { durationSec: Math.round(info.durationSec) },
        serverRequest('PATCH'),
      );
      return;
    }
    const showId = typeof episode.show === 'string' ? episode.show : '';
    const show = showId ? await records.findRecord(shows, showId) : undefined;
    if (!show) return;
    const media = typeof show.media === 'string' ? show.media : '';
    if (!media) throw new PermanentJobError(SHOW_HAS_NO_MEDIA);
    await progress(10);
    const dir = await mkdtemp(path.join(tmpdir(), 'airgrid-episode-'));
    try {
      const target = path.join(dir, 'episode.m4a');
      await withLocalFile(storage, fileKey(shows.id, showId, media), (file) =>
        extractAudio(file, target, 'podcast', signal),
      ).catch((error: unknown) => {
        throw error instanceof NoSoundError ? new PermanentJobError(SHOW_HAS_NO_SOUND) : error;
      });
      const current = await records.findRecord(episodes, episodeId);
      // Someone uploaded audio of their own meanwhile: theirs stays.
      if (!current || current.audio) return;
      const { size } = await stat(target);
      await records.update('episodes', episodeId, {}, serverRequest('PATCH'), [
        {
          fieldname: 'audio',
          filename: audioName(String(current.title)),
          mimetype: 'audio/mp4',
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
