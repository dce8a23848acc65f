import type { FileField } from '@airgrid/schema';

// Thumbnail sizes as PocketBase names them (tools/filesystem `ThumbSizeRegex`).

/** How a thumbnail fills its box. */
type ThumbMode = 'center' | 'top' | 'bottom' | 'fit' | 'aspect';

export interface ThumbSize {
  /** 0 means "follow the aspect ratio" (only when height is set). */
  width: number;
  height: number;
  mode: ThumbMode;
}

const THUMB_SIZE = /^(\d{1,5})x(\d{1,5})(t|b|f)?$/;
const DEFAULT_THUMBS = ['100x100'];

/**
 * Reads `WxH` (crop from the center), `WxHt` (from the top), `WxHb` (from the bottom), `WxHf`
 * (fit inside, never enlarged), `0xH` or `Wx0` (keep the aspect ratio). Null for anything else,
 * including `0x0`.
 */
export function parseThumbSize(text: string): ThumbSize | null {
  const match = THUMB_SIZE.exec(text);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width === 0 && height === 0) return null;
  if (width === 0 || height === 0) return { width, height, mode: 'aspect' };
  const suffix = match[3];
  const mode =
    suffix === 't' ? 'top' : suffix === 'b' ? 'bottom' : suffix === 'f' ? 'fit' : 'center';
  return { width, height, mode };
}

/** A thumb is served only in `100x100` or a size the field lists. */
export function isThumbAllowed(size: string, field: FileField): boolean {
  return (
    parseThumbSize(size) !== null &&
    (DEFAULT_THUMBS.includes(size) || !!field.thumbs?.includes(size))
  );
}
