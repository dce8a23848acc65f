import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CaptionCue, type MediaInfo, shows } from '@airgrid/schema';
import { extractAudio, NoSoundError } from '../../files/ffmpeg.js';
import { type FileStorage, fileKey } from '../../files/file-storage.js';
import { withLocalFile } from '../../files/local-copy.js';
import { type JobHandler, PermanentJobError } from '../../jobs/job-runner.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import { groupIntoCues } from './cue-grouping.js';
import type { SpeechEngine } from './speech-engines.js';

// "Generate captions": the show's sound, read by the speech recognizer on this server, laid
// out in readable cues as a draft track (`source: auto`) for a person to review in the editor.

/** 16-bit samples at 16 kHz, one channel: the bytes in a second of the WAV file. */
const WAV_BYTES_PER_SECOND = 32_000;

export const NO_MEDIA = 'The show has no media file to caption: upload it first.';
export const NO_SOUND = 'The show’s media has no sound to caption.';
const NO_SPEECH = 'No speech was recognized in the show’s media.';

/** The draft replaces an earlier auto draft of the show; reviewed or uploaded tracks stay. */
async function saveDraft(
  records: RecordService,
  show: Record<string, unknown>,
  engine: SpeechEngine,
  cues: CaptionCue[],
) {
  const earlier = await records.list(
    'captions',
    {
      filter: `show = "${String(show.id)}" && source = "auto" && status = "draft"`,
      perPage: '1',
      skipTotal: 'true',
    },
    serverRequest('PATCH'),
  );
  const draft = earlier.items[0];
  if (draft) {
    await records.update('captions', String(draft.id), { cues }, serverRequest('PATCH'));
    return String(draft.id);
  }
  const created = await records.create(
    'captions',
    {
      organization: show.organization,
      show: show.id,
      kind: 'captions',
      language: engine.language,
      label: `${languageName(engine.language)} (auto)`,
      isDefault: false,
      status: 'draft',
      source: 'auto',
      cues,
    },
    serverRequest('POST'),
  );
  return String(created.id);
}

function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * `captions-generate`: extracts the show's sound, runs the configured speech engine over it
 * (reporting how far it is) and keeps the words as a draft captions track.
 */
export function autoCaptionsJob(
  records: RecordService,
  storage: FileStorage,
  engine: SpeechEngine,
): JobHandler {
  return async ({ job, signal, progress }) => {
    const [, showId = ''] = job.target.split('/');
    const show = await records.findRecord(shows, showId);
    if (!show) return;
    const media = typeof show.media === 'string' ? show.media : '';
    if (!media) throw new PermanentJobError(NO_MEDIA);
    const info = show.mediaInfo as Partial<MediaInfo> | null;
    if (info && info.audio === null) throw new PermanentJobError(NO_SOUND);
    const missing = await engine.unavailable();
    if (missing) throw new Error(missing);

    const dir = await mkdtemp(path.join(tmpdir(), 'airgrid-speech-'));
    try {
      const wav = path.join(dir, 'speech.wav');
      await withLocalFile(storage, fileKey(shows.id, showId, media), (file) =>
        extractAudio(file, wav, 'speech', signal),
      ).catch((error: unknown) => {
        throw error instanceof NoSoundError ? new PermanentJobError(NO_SOUND) : error;
      });
      const durationSec = Math.max(1, (await stat(wav)).size / WAV_BYTES_PER_SECOND);
      await progress(5);
      const words = await engine.recognize(wav, {
        signal,
        durationSec,
        onProgress: (seconds) =>
          void progress(5 + (90 * Math.min(seconds, durationSec)) / durationSec),
      });
      const cues = groupIntoCues(words);
      if (cues.length === 0) throw new PermanentJobError(NO_SPEECH);
      // The show may have gone, or its media changed, while the engine listened.
      const current = await records.findRecord(shows, showId);
      if (current?.media !== media) return;
      await saveDraft(records, current, engine, cues);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
