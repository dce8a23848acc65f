import type { Readable } from 'node:stream';

// Where uploaded files live. Keys are `{collectionId}/{recordId}/{filename}` (thumbnails under
// `{collectionId}/{recordId}/thumbs_{filename}/{size}_{filename}`), the same layout on local
// disk and in an S3 bucket.

export interface StoredFile {
  size: number;
  modified: Date;
  /** The content type recorded at upload (S3) or recognized from the content (local disk). */
  contentType: string;
  /** A validator for conditional requests, quoted as HTTP sends it. */
  etag: string;
}

/** A stored file as a listing gives it. */
export interface ListedFile {
  key: string;
  modified: Date;
}

/** A byte range, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStorage {
  /** Human-readable kind for logs: `local` or `s3`. */
  readonly kind: string;
  /**
   * Stores a local file under `key`. The source may be moved rather than copied: the caller
   * must not use `sourcePath` afterwards.
   */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** Stores bytes under `key` (thumbnails). */
  putBuffer(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's details, or null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** The file's bytes, or a range of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Deletes one file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every file whose key starts with `prefix` (which ends with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored file whose key starts with `prefix` (which ends with `/`), in no set order. */
  list(prefix: string): AsyncIterable<ListedFile>;
  /** Releases connections (S3). */
  close?(): void;
}

/** The storage key of a record's file. */
export function fileKey(collectionId: string, recordId: string, filename: string): string {
  return `${collectionId}/${recordId}/${filename}`;
}

/** The storage key of one thumbnail of a record's file. */
export function thumbKey(
  collectionId: string,
  recordId: string,
  filename: string,
  size: string,
): string {
  return `${collectionId}/${recordId}/thumbs_${filename}/${size}_${filename}`;
}

/** The prefix under which all of a record's files and thumbnails live. */
export function recordPrefix(collectionId: string, recordId: string): string {
  return `${collectionId}/${recordId}/`;
}

/** The prefix of one file's thumbnails. */
export function thumbsPrefix(collectionId: string, recordId: string, filename: string): string {
  return `${collectionId}/${recordId}/thumbs_${filename}/`;
}

/** Keys are made of plain segments: no empty, `.` or `..` segment and no backslash. */
export function assertSafeKey(key: string): void {
  const segments = key.replace(/\/$/, '').split('/');
  if (
    key.includes('\\') ||
    key.includes('\0') ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  )
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}
