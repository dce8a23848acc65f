import type { CaptionCue } from '@airgrid/schema';
import { messages } from '../../i18n/messages';

// The captions page's logic apart from React: which files it takes, and what a parse says.

/** Largest caption file the server reads. */
export const CAPTION_FILE_MAX_BYTES = 4 * 1024 * 1024;

export interface ParsedCaptionFile {
  format: 'vtt' | 'srt';
  cues: CaptionCue[];
  problems: { line: number; message: string }[];
}

/** Why a chosen file cannot be a caption file, or null: checked before reading it. */
export function captionFileProblem(file: { name: string; size: number }): string | null {
  const t = messages().captions;
  if (!/\.(srt|vtt)$/i.test(file.name)) return t.notACaptionFile(file.name);
  if (file.size > CAPTION_FILE_MAX_BYTES) return t.fileTooBig(file.name);
  return null;
}

/** A label players can show when the station gave none: "en captions". */
export function trackLabel(track: { label: string; language: string; kind: string }): string {
  const t = messages().captions;
  return (
    track.label || t.trackName(track.language, (t.kinds[track.kind] ?? track.kind).toLowerCase())
  );
}
