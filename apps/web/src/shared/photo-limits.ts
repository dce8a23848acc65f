import { formatBytes } from '@airgrid/domain';
import { type FileField, findField, users } from '@airgrid/schema';
import { messages } from '../i18n/messages';
import type { ImageSize } from '../lib/image-size';

const t = messages();

// The photo card's limits, read from the users collection's avatar field so the browser
// refuses exactly what the server would (apps/server/src/records/record-input.ts checkNewFile),
// in the same words where the server has them. The server stays the authority: it reads the
// file's content, while the browser trusts the file's extension for its type.

const avatarField = findField(users, 'avatar');
if (avatarField?.type !== 'file') throw new Error('The users collection has no avatar file field.');
const avatar: FileField = avatarField;

/** The seed's hint under the photo input, word for word (seed §2). */
export const PHOTO_HINT = t.shared.svgPngJpgOrGif;

/** The file input's `accept`: the avatar field's types. */
export const PHOTO_ACCEPT = avatar.mimeTypes.join(',');

const TYPE_LABELS: Readonly<Record<string, string>> = {
  'image/svg+xml': 'SVG',
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/gif': 'GIF',
};

function listTypes(types: readonly string[]): string {
  const t = messages();
  const labels = [...new Set(types.map((type) => TYPE_LABELS[type] ?? type))];
  return labels.length <= 1
    ? (labels[0] ?? '')
    : t.common.or(labels.slice(0, -1).join(', '), String(labels.at(-1)));
}

/** What the browser knows of a chosen file before reading it. */
export interface ChosenFile {
  name: string;
  /** The browser's type, from the extension; '' when it has none. */
  type: string;
  size: number;
}

/** A problem with the file's type or byte size, or null. */
export function photoFileProblem(file: ChosenFile): string | null {
  const t = messages();
  const type = file.type.split(';')[0]?.trim() ?? '';
  if (!avatar.mimeTypes.includes(type)) {
    const kind = type ? t.common.ofType(type) : t.common.ofAnUnknownType;
    return t.shared.nameIsKindOnlyMimeTypes(
      JSON.stringify(file.name),
      kind,
      listTypes(avatar.mimeTypes),
    );
  }
  const maxSize = avatar.maxSize;
  if (maxSize > 0 && file.size > maxSize) {
    return t.common.fileTooLarge(JSON.stringify(file.name), formatBytes(maxSize));
  }
  return null;
}

export type { ImageSize };

/**
 * A problem with the decoded image, or null. An SVG the browser cannot size or draw is left
 * to the server, which reads its markup; a raster image the browser cannot read is refused.
 */
export function photoImageProblem(file: ChosenFile, size: ImageSize): string | null {
  const t = messages();
  if (size === 'unreadable') {
    return file.type === 'image/svg+xml' ? null : t.common.notAnImage(JSON.stringify(file.name));
  }
  const max = avatar.maxImageSize;
  if (!size || !max) return null;
  if (size.width > max.width || size.height > max.height) {
    return t.common.imageTooBig(max.width, max.height, size.width, size.height);
  }
  return null;
}
