import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import type { SniffedType } from '../records/mime-types.js';

// What a file really is, read from its first bytes: the client's Content-Type is never trusted.
// Binary formats come from `file-type`'s magic numbers; SVG and plain text are text, so they
// are recognized here.

/** How many leading bytes are read to recognize a file. */
const SNIFF_BYTES = 64 * 1024;

export const OCTET_STREAM: SniffedType = { mime: 'application/octet-stream', ext: '' };
const SVG_TYPE: SniffedType = { mime: 'image/svg+xml', ext: '.svg' };
const TEXT_TYPE: SniffedType = { mime: 'text/plain; charset=utf-8', ext: '.txt' };
const XML_TYPES = new Set(['application/xml', 'text/xml']);

/** Recognizes content from its first bytes (pass at least the first {@link SNIFF_BYTES}). */
export async function sniffContent(head: Uint8Array): Promise<SniffedType> {
  const detected = await fileTypeFromBuffer(head);
  if (detected && !XML_TYPES.has(detected.mime)) {
    return { mime: detected.mime, ext: `.${detected.ext}` };
  }
  const text = decodeText(head);
  if (text === null)
    return detected ? { mime: detected.mime, ext: `.${detected.ext}` } : OCTET_STREAM;
  if (isSvg(text)) return SVG_TYPE;
  if (detected) return { mime: detected.mime, ext: `.${detected.ext}` };
  return TEXT_TYPE;
}

/** Recognizes a file on disk from its first bytes. */
export async function sniffFile(path: string): Promise<SniffedType> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return await sniffContent(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/**
 * SVG is markup whose root element is `<svg>`: after an optional BOM, XML declaration,
 * comments and doctype, the first element must be `svg`.
 */
export function isSvg(text: string): boolean {
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[\s\S]*?\?>/i, '')
    .replace(/^(\s*(<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>))*/i, '')
    .trimStart();
  return /^<svg[\s>/]/i.test(body);
}

/** The bytes as UTF-8 text, or null for binary content (a NUL byte or invalid UTF-8). */
function decodeText(head: Uint8Array): string | null {
  if (head.length === 0 || head.includes(0)) return null;
  try {
    // `stream` tolerates a character cut at the end of the sample.
    return new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return null;
  }
}
