import { mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileField } from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { baseMime, type SniffedType } from '../records/mime-types.js';
import type {
  ImageDimensions,
  NewFile as NewFileType,
  RecordFiles,
  UploadedFile,
} from '../records/record-files.js';
import { NewFile } from '../records/record-files.js';
import { OCTET_STREAM, sniffFile } from './content-sniffer.js';
import { normalizeFileName } from './file-name.js';
import {
  type FileStorage,
  fileKey,
  recordPrefix,
  type StoredFile,
  thumbKey,
  thumbsPrefix,
} from './file-storage.js';
import { parseThumbSize } from './thumb-size.js';

/** Originals a thumbnail can be made from (API-CONTRACT §7). */
const THUMBABLE_TYPES = ['image/png', 'image/jpg', 'image/jpeg', 'image/gif', 'image/webp'];
const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** Thumbnails made at once; more wait (sharp itself uses every core for one). */
const THUMB_CONCURRENCY = 2;
/**
 * Spooled uploads untouched this long were left by a crash or a dropped request: a part being
 * received is written to all the time, and a finished request removes its own.
 */
const STALE_UPLOAD_MS = 60 * 60 * 1000;
/** How often the spool is looked through for such files. */
const SPOOL_SWEEP_MS = 15 * 60 * 1000;

/**
 * Uploads and stored files: examines uploads for the record engine, stores them after commit,
 * deletes replaced and orphaned files, and makes thumbnails on first request.
 */
export class FileService implements RecordFiles {
  readonly #pendingThumbs = new Map<string, Promise<boolean>>();
  #runningThumbs = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly storage: FileStorage,
    /** Where request bodies spool file parts. */
    readonly uploadDirectory: string,
    private readonly log: FastifyBaseLogger,
  ) {
    mkdirSync(uploadDirectory, { recursive: true });
    void this.#removeStaleUploads();
    this.#spoolSweep = setInterval(() => void this.#removeStaleUploads(), SPOOL_SWEEP_MS);
    this.#spoolSweep.unref();
  }

  readonly #spoolSweep: NodeJS.Timeout;

  async #removeStaleUploads(): Promise<void> {
    try {
      const cutoff = Date.now() - STALE_UPLOAD_MS;
      for (const name of await readdir(this.uploadDirectory)) {
        const file = path.join(this.uploadDirectory, name);
        if ((await stat(file)).mtimeMs < cutoff) await rm(file, { force: true });
      }
    } catch (error) {
      this.log.warn({ err: error }, 'failed to clean up old uploads');
    }
  }

  async inspect(upload: UploadedFile, field: FileField): Promise<NewFileType> {
    if (upload.truncated || upload.path === '') {
      return new NewFile(upload, OCTET_STREAM, null, normalizeFileName(upload.filename));
    }
    const type = await sniffFile(upload.path);
    const measured = field.maxImageSize || field.minImageSize || field.squareImage;
    const dimensions = measured ? await imageDimensions(upload.path, type) : null;
    return new NewFile(upload, type, dimensions, normalizeFileName(upload.filename, type.ext));
  }

  async store(collectionId: string, recordId: string, files: readonly NewFileType[]) {
    const stored: string[] = [];
    try {
      for (const file of files) {
        const key = fileKey(collectionId, recordId, file.name);
        await this.storage.putFile(key, file.upload.path, baseMime(file.type.mime));
        stored.push(key);
      }
    } catch (error) {
      // All or nothing: what was stored of this write goes again.
      await Promise.allSettled(stored.map((key) => this.storage.delete(key)));
      throw error;
    }
  }

  async remove(collectionId: string, recordId: string, names: readonly string[]) {
    for (const name of names) {
      try {
        await this.storage.delete(fileKey(collectionId, recordId, name));
        await this.storage.deletePrefix(thumbsPrefix(collectionId, recordId, name));
      } catch (error) {
        this.log.error(
          { err: error, collectionId, recordId, file: name },
          'failed to delete a file',
        );
      }
    }
  }

  async removeRecord(collectionId: string, recordId: string) {
    try {
      await this.storage.deletePrefix(recordPrefix(collectionId, recordId));
    } catch (error) {
      this.log.error({ err: error, collectionId, recordId }, "failed to delete a record's files");
    }
  }

  /** Stops the spool sweep and releases the storage's connections. */
  close(): void {
    clearInterval(this.#spoolSweep);
    this.storage.close?.();
  }

  /** Deletes spooled uploads (those already stored were moved away, which is fine). */
  async discard(uploads: readonly UploadedFile[]): Promise<void> {
    await Promise.allSettled(
      uploads.filter((upload) => upload.path).map((upload) => rm(upload.path, { force: true })),
    );
  }

  /**
   * The thumbnail of a stored image in `size`, made and stored on first request. Returns its
   * key and details, or null when none can be made (the original is served instead).
   */
  async thumbnail(
    collectionId: string,
    recordId: string,
    filename: string,
    size: string,
    original: StoredFile,
  ): Promise<{ key: string; file: StoredFile } | null> {
    if (!THUMBABLE_TYPES.includes(baseMime(original.contentType))) return null;
    const key = thumbKey(collectionId, recordId, filename, size);
    const existing = await this.storage.stat(key);
    if (existing) return { key, file: existing };
    let pending = this.#pendingThumbs.get(key);
    if (!pending) {
      pending = this.#limited(() =>
        this.#makeThumb(fileKey(collectionId, recordId, filename), key, size, original),
      ).finally(() => this.#pendingThumbs.delete(key));
      this.#pendingThumbs.set(key, pending);
    }
    if (!(await pending)) return null;
    const made = await this.storage.stat(key);
    return made ? { key, file: made } : null;
  }

  async #makeThumb(
    originalKey: string,
    key: string,
    size: string,
    original: StoredFile,
  ): Promise<boolean> {
    const box = parseThumbSize(size);
    if (!box) return false;
    try {
      const source = await this.storage.read(originalKey);
      // Only the first frame of an animation; EXIF orientation applied, as PocketBase does.
      const image = sharp({ pages: 1, limitInputPixels: 100_000_000 }).rotate();
      source.pipe(image);
      source.on('error', (error) => image.destroy(error));
      if (box.mode === 'aspect') {
        image.resize(box.width || null, box.height || null);
      } else if (box.mode === 'fit') {
        image.resize(box.width, box.height, { fit: 'inside', withoutEnlargement: true });
      } else {
        image.resize(box.width, box.height, {
          fit: 'cover',
          position: box.mode === 'top' ? 'top' : box.mode === 'bottom' ? 'bottom' : 'centre',
        });
      }
      const type = baseMime(original.contentType);
      const output =
        type === 'image/jpeg'
          ? { data: await image.jpeg().toBuffer(), type }
          : type === 'image/gif'
            ? { data: await image.gif().toBuffer(), type }
            : { data: await image.png().toBuffer(), type: 'image/png' };
      await this.storage.putBuffer(key, output.data, output.type);
      return true;
    } catch (error) {
      this.log.warn(
        { err: error, original: originalKey, thumb: key },
        'failed to make a thumbnail',
      );
      return false;
    }
  }

  async #limited<T>(work: () => Promise<T>): Promise<T> {
    while (this.#runningThumbs >= THUMB_CONCURRENCY) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#runningThumbs += 1;
    try {
      return await work();
    } finally {
      this.#runningThumbs -= 1;
      this.#waiting.shift()?.();
    }
  }
}

/**
 * An image's pixel size from its header (nothing is decoded). An SVG without width, height or
 * viewBox has no intrinsic size (null); a raster file that cannot be read is `unreadable`.
 */
async function imageDimensions(path: string, type: SniffedType): Promise<ImageDimensions | null> {
  const mime = baseMime(type.mime);
  const svg = mime === 'image/svg+xml';
  if (!svg && !RASTER_TYPES.has(mime)) return null;
  try {
    const { width, height } = await sharp(path).metadata();
    if (width && height) return { width, height };
  } catch {
    // handled below
  }
  return svg ? null : 'unreadable';
}
