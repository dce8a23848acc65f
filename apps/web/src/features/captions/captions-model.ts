import type { EndpointReply, Endpoints } from '@airgrid/schema/contracts';
import { messages } from '../../i18n/messages';

// The captions page's logic apart from React: which files it takes, and what a parse says.

/** Largest caption file the server reads. */
const CAPTION_FILE_MAX_BYTES = 4 * 1024 * 1024;

/** What the server read of a caption file (POST /api/v1/captions/parse). */
export type ParsedCaptionFile = EndpointReply<Endpoints['POST /api/v1/captions/parse']>;

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
