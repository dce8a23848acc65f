/** An image's pixel size; null when it has none (some SVGs); `unreadable` when it cannot be decoded. */
export type ImageSize = { width: number; height: number } | null | 'unreadable';

/**
 * Decodes a chosen image in the browser to learn its pixel size before anything is uploaded.
 * Null when it decodes without a size (an SVG with neither width, height nor viewBox);
 * `unreadable` when the browser cannot decode it.
 */
export async function readImageSize(file: Blob): Promise<ImageSize> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth > 0 && image.naturalHeight > 0
      ? { width: image.naturalWidth, height: image.naturalHeight }
      : null;
  } catch {
    return 'unreadable';
  } finally {
    URL.revokeObjectURL(url);
  }
}
