import type { CollectionDefinition } from '@airgrid/schema';
import { crashPoint } from './crash-point.js';
import type { RecordValues } from './record-codec.js';
import type { AfterCommit, NewFile, RecordFiles, UploadedFile } from './record-files.js';
import type { resolveInput } from './record-input.js';
import type { Undo } from './write-unit.js';

// A write's file changes: the uploads it examines, the files it stores before its transaction,
// and those it deletes once committed (docs/decisions/0014-files-and-commits.md). `files` is
// the engine's file store; without one, uploads are refused.

/** Examines the uploads aimed at the collection's file fields (others are ignored). */
export async function inspectUploads(
  store: RecordFiles | undefined,
  definition: CollectionDefinition,
  files: readonly UploadedFile[],
): Promise<NewFile[]> {
  const inspected: NewFile[] = [];
  for (const upload of files) {
    const name = /^\+?(\w+?)\+?$/.exec(upload.fieldname)?.[1];
    const field = definition.fields.find((candidate) => candidate.name === name);
    if (field?.type !== 'file') continue;
    if (!store) throw new Error('File uploads need a file store.');
    inspected.push(await store.inspect(upload, field));
  }
  return inspected;
}

/** The body with each upload added under its part's key, after names sent with the same key. */
export function withUploads(
  body: Readonly<Record<string, unknown>>,
  uploads: readonly NewFile[],
): Record<string, unknown> {
  if (uploads.length === 0) return body as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...body };
  for (const upload of uploads) {
    const key = upload.upload.fieldname;
    const current = merged[key];
    merged[key] = [
      ...(Array.isArray(current) ? current : current === undefined ? [] : [current]),
      upload,
    ];
  }
  return merged;
}

/**
 * Stores a write's new files before its transaction begins, under names no record holds yet,
 * and returns how to take them back if the write does not commit. A crash in between leaves
 * files no record names, which the orphan sweep removes; a committed record never names a
 * file that is not stored (docs/decisions/0014-files-and-commits.md). Nothing is stored for a
 * write whose input is already refused.
 */
export async function storeFirst(
  files: RecordFiles | undefined,
  definition: CollectionDefinition,
  id: string,
  input: ReturnType<typeof resolveInput>,
): Promise<Undo | undefined> {
  if (!files || input.uploads.length === 0 || Object.keys(input.errors).length > 0)
    return undefined;
  try {
    await files.store(definition.id, id, input.uploads);
  } catch (error) {
    // A plain error: the handler logs it with its cause and answers a bare 500.
    throw new Error('Failed to store the uploaded files.', { cause: error });
  }
  crashPoint('files-stored');
  const names = input.uploads.map((upload) => upload.name);
  return () => files.remove(definition.id, id, names);
}

/** After a commit: deletes the files an update replaced or removed. */
export function replacedFiles(
  files: RecordFiles | undefined,
  definition: CollectionDefinition,
  record: RecordValues,
  previous: RecordValues,
): AfterCommit {
  const id = String(record.id);
  return async () => {
    if (!files) return;
    const kept = new Set(definition.fields.flatMap((field) => fileNames(record[field.name])));
    const removed = definition.fields
      .flatMap((field) => fileNames(previous[field.name]))
      .filter((name) => !kept.has(name));
    if (removed.length) await files.remove(definition.id, id, removed);
  };
}

/** The names of the files a record holds. */
export function fileNamesOf(definition: CollectionDefinition, record: RecordValues): Set<string> {
  return new Set(definition.fields.flatMap((field) => fileNames(record[field.name])));
}

export function hasFileFields(definition: CollectionDefinition): boolean {
  return definition.fields.some((field) => field.type === 'file');
}

function fileNames(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((item): item is string => typeof item === 'string' && item !== '');
  return typeof value === 'string' && value !== '' ? [value] : [];
}
