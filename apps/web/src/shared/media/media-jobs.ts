import type { JobKind, JobRecord } from '@airgrid/schema';
import { pb } from '../../lib/pocketbase';

// The server's media jobs on a record (`{collection}/{id}`: a show, a spot), read and watched:
// reading its media with ffprobe, making its web copy.

/** The jobs that work on a record's media file (reading it, making its web copy). */
export const MEDIA_JOB_KINDS: readonly JobKind[] = ['media-probe', 'media-transcode'];

/** The latest job of these kinds on the target (`shows/{id}`, `ads/{id}`), or null. */
export async function latestJob(
  target: string,
  kinds: readonly JobKind[],
): Promise<JobRecord | null> {
  const page = await pb.collection('jobs').getList<JobRecord>(1, 1, {
    filter: pb.filter(
      `target = {:target} && (${kinds.map((_, i) => `kind = {:k${i}}`).join(' || ')})`,
      { target, ...Object.fromEntries(kinds.map((kind, i) => [`k${i}`, kind])) },
    ),
    sort: '-created',
    requestKey: null,
  });
  return page.items[0] ?? null;
}

/** A stored protected file's size, read with a HEAD request; null when unknown. */
export async function storedFileSize(
  record: Parameters<typeof pb.files.getURL>[0],
  name: string,
): Promise<number | null> {
  const token = await pb.files.getToken();
  const response = await fetch(pb.files.getURL(record, name, { token }), { method: 'HEAD' });
  const length = Number(response.headers.get('content-length'));
  return response.ok && length > 0 ? length : null;
}
