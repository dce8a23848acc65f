import { formatBytes } from '@airgrid/domain';
import { messages } from '../../i18n/messages';

// A media file chosen for upload (a show's, a spot's), checked before a byte is sent.

/** The hint under a media input: "A video or audio file, up to 8 GB." */
export function mediaHint(maxBytes: number): string {
  return messages().media.aVideoOrAudioFile(formatBytes(maxBytes));
}

/** A problem with a chosen media file, said before anything is uploaded; null when fine. */
export function mediaFileProblem(
  file: { name: string; type: string; size: number },
  maxBytes: number,
): string | null {
  const t = messages();
  const type = file.type.split(';')[0]?.trim() ?? '';
  if (!type.startsWith('video/') && !type.startsWith('audio/')) {
    const kind = type ? t.common.ofType(type) : t.common.ofAnUnknownType;
    return t.media.jsonIsKindChooseA(JSON.stringify(file.name), kind);
  }
  if (file.size > maxBytes) {
    return t.media.jsonIsSizeMediaCan(
      JSON.stringify(file.name),
      formatBytes(file.size),
      formatBytes(maxBytes),
    );
  }
  if (file.size === 0) return t.media.jsonIsEmpty(JSON.stringify(file.name));
  return null;
}
