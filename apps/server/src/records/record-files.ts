import type { FileField } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { UploadedFile } from '../request-types.js';
import type { SniffedType } from './mime-types.js';

// What the record engine needs to know about uploads, and the storage operations it schedules
// for after a commit. The HTTP layer spools file parts to disk; the engine never reads them
// into memory.

/** A file part of a request, spooled to a temporary file (defined in request-types.ts). */
export type { UploadedFile };

/** The pixel size of an image; `unreadable` when it is not a readable image. */
export type ImageDimensions = { width: number; height: number } | 'unreadable';

/** An upload the engine has examined: its real type, its image size, the name it gets. */
export class NewFile {
  constructor(
    readonly upload: UploadedFile,
    readonly type: SniffedType,
    /** Set for images when the field limits their size (null: no intrinsic size, e.g. SVG). */
    readonly dimensions: ImageDimensions | null,
    /** The name it will be stored under (`{base}_{random}{ext}`). */
    readonly name: string,
  ) {}
}

/** File operations the record engine runs: examining uploads before, storing after commit. */
export interface RecordFiles {
  /** Recognizes an upload's type (and image size where the field limits it) and names it. */
  inspect(upload: UploadedFile, field: FileField): Promise<NewFile>;
  /** Stores new files of a record; throws when one cannot be stored (none are left then). */
  store(collectionId: string, recordId: string, files: readonly NewFile[]): Promise<void>;
  /** Deletes files of a record and their thumbnails; failures are logged, not thrown. */
  remove(collectionId: string, recordId: string, names: readonly string[]): Promise<void>;
  /** Deletes every file of a deleted record; failures are logged, not thrown. */
  removeRecord(collectionId: string, recordId: string): Promise<void>;
}

/** Work that runs once a write's transaction has committed, on the committed database. */
export type AfterCommit = (db: Kysely<Database>) => Promise<void>;
