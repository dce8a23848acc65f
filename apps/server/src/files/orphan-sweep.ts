import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from './file-storage.js';

// Files no record names: a write stores its files before its transaction and takes them back if
// it fails, so only a crash leaves any (between storing and committing, or after a commit before
// the replaced files were deleted). The sweep finds them by listing each collection's files and
// asking the records which names they hold (docs/decisions/0014-files-and-commits.md).

/** Younger files may belong to a write still in flight, on this process or another. */
const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/** The file names a record holds, or null when there is no such record. */
export type FileNamesOf = (collectionId: string, recordId: string) => Promise<Set<string> | null>;

/**
 * `{collection}/{record}/{name}` or a thumbnail, `{collection}/{record}/thumbs_{name}/{size}_{name}`:
 * the record and the original file's name.
 */
export function ownerOfKey(key: string): { recordId: string; name: string } | null {
  const [, recordId, first, second] = key.split('/');
  if (!recordId || !first) return null;
  if (second === undefined) return { recordId, name: first };
  return first.startsWith('thumbs_') ? { recordId, name: first.slice('thumbs_'.length) } : null;
}

/**
 * Deletes the files of these collections that no record names and that are older than
 * `minAgeMs`. Returns how many went. Listing is streamed; a record is looked up once.
 */
export async function sweepOrphans(
  storage: FileStorage,
  collectionIds: readonly string[],
  fileNamesOf: FileNamesOf,
  { minAgeMs = ORPHAN_MIN_AGE_MS, now = Date.now() } = {},
): Promise<number> {
  let removed = 0;
  for (const collectionId of collectionIds) {
    const names = new Map<string, Set<string> | null>();
    for await (const file of storage.list(`${collectionId}/`)) {
      if (now - file.modified.getTime() < minAgeMs) continue;
      const owner = ownerOfKey(file.key);
      if (!owner) continue;
      let held = names.get(owner.recordId);
      if (held === undefined) {
        // Listings come a record at a time: remembering the last few is enough.
        if (names.size > 1000) names.clear();
        held = await fileNamesOf(collectionId, owner.recordId);
        names.set(owner.recordId, held);
      }
      if (held?.has(owner.name)) continue;
      await storage.delete(file.key);
      removed += 1;
    }
  }
  return removed;
}

/** Sweeps once soon after start and then daily; failures are logged. Returns a stop function. */
export function scheduleOrphanSweeps(
  run: () => Promise<number>,
  log: FastifyBaseLogger,
  everyMs = 24 * 60 * 60 * 1000,
): () => void {
  const sweep = () => {
    run()
      .then((removed) => {
        if (removed > 0) log.info({ removed }, 'removed files no record names');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'orphan file sweep failed'));
  };
  const first = setTimeout(sweep, 0);
  const timer = setInterval(sweep, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
