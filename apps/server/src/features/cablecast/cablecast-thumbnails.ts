import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { shows as showsCollection } from '@airgrid/schema';
import { ApiError } from '../../errors/api-error.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import type { CablecastClient } from './cablecast-client.js';
import { CablecastError, type CablecastErrorKind } from './cablecast-error.js';
import type { ImportedShow } from './cablecast-mapping.js';
import type { CablecastSyncRepository, ImportedShowRow } from './cablecast-sync-repository.js';
import type { SkippedEntry } from './cablecast-sync-writes.js';

// Show thumbnails from Cablecast, after the schedule is written: each is a download and a file
// of its own, so one that fails is a line in the report, never a failed sync. A thumbnail is
// fetched when its address is new to the show (`externalIds.cablecastThumbnail` holds the one
// last fetched) and the show's thumbnail is Cablecast's or none: one a person chose stays.

/** Downloads at once: a little parallelism, without crowding the station's server. */
const AT_ONCE = 4;

/** Failures the next sync may not meet again: the address is tried again then. */
const PASSING: ReadonlySet<CablecastErrorKind> = new Set([
  'timeout',
  'network',
  'dns',
  'refused',
  'unreachable',
  'tls',
]);

/** Fetches the thumbnails the shows need; answers how many it stored. */
export async function importThumbnails(
  records: RecordService,
  repository: CablecastSyncRepository,
  client: CablecastClient,
  organization: string,
  shows: readonly ImportedShow[],
  skipped: SkippedEntry[],
): Promise<number> {
  const local = await repository.importedShows(organization);
  const wanted = shows.flatMap((show) => {
    const row = local.get(show.externalId);
    const url = show.thumbnailUrl;
    if (!row || !url || row.externalIds.cablecastThumbnail === url) return [];
    const ours = row.thumbnail === '' || typeof row.externalIds.cablecastThumbnail === 'string';
    return ours ? [{ row, url }] : [];
  });
  let stored = 0;
  const next = () => wanted.shift();
  const worker = async () => {
    for (let item = next(); item; item = next()) {
      const problem = await fetchOne(records, client, item.row, item.url);
      if (problem === null) stored += 1;
      else skipped.push({ externalId: `thumbnail ${item.row.cablecastId}`, reason: problem });
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return stored;
}

/** Stores one thumbnail; answers null, or why it could not. */
async function fetchOne(
  records: RecordService,
  client: CablecastClient,
  row: ImportedShowRow,
  url: string,
): Promise<string | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'airgrid-thumbnail-'));
  const externalIds = { ...row.externalIds, cablecastThumbnail: url };
  try {
    const image = await client.image(url);
    const file = path.join(dir, 'thumbnail');
    await writeFile(file, image.bytes);
    await records.update(showsCollection.name, row.id, { externalIds }, serverRequest('PATCH'), [
      {
        fieldname: 'thumbnail',
        filename: `cablecast-${row.cablecastId}`,
        mimetype: image.type,
        size: image.bytes.byteLength,
        path: file,
        truncated: false,
      },
    ]);
    return null;
  } catch (error) {
    if (error instanceof CablecastError && error.kind === 'aborted') throw error;
    const reason = reasonOf(error);
    if (reason === null) throw error;
    // Not worth asking again until Cablecast names another image.
    if (!(error instanceof CablecastError && PASSING.has(error.kind)))
      await records.update(showsCollection.name, row.id, { externalIds }, serverRequest('PATCH'));
    return `Its thumbnail was not imported: ${reason}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function reasonOf(error: unknown): string | null {
  if (error instanceof CablecastError) return error.message;
  if (error instanceof ApiError) {
    const field = error.data.thumbnail as { message?: string } | undefined;
    return field?.message ?? error.message;
  }
  return null;
}
