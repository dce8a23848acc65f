import { ANALYTICS_NOW_SEC } from '@airgrid/schema';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import type { AnalyticsRepository } from './analytics-repository.js';

// Viewers now (decision 0052): distinct sessions per channel with a start or beat in the last
// minute and no end since, counted on one node every 15 s and written to the channel's
// `audienceNow` record when the number changed, so the station's open pages hear of it through
// realtime on every node.

/** How often one node counts. */
export const NOW_EVERY_MS = 15_000;

const CREATE = serverRequest('POST');
const UPDATE = serverRequest('PATCH');

/** The counts now, for one station or all. */
export function watchingNow(repository: AnalyticsRepository, now: number, organization?: string) {
  return repository.watchingSince(now - ANALYTICS_NOW_SEC * 1000, organization);
}

/** Brings every channel's `audienceNow` record to the count at `now`; answers the records written. */
export async function publishViewersNow(
  repository: AnalyticsRepository,
  records: RecordService,
  now: number,
): Promise<number> {
  const counts = await watchingNow(repository, now);
  const existing = new Map((await repository.audienceNow()).map((row) => [row.channel, row]));
  const live = await repository.existingChannels(counts.map((count) => count.channel));
  let written = 0;
  for (const { organization, channel, viewers } of counts) {
    if (!live.has(channel)) continue;
    const record = existing.get(channel);
    existing.delete(channel);
    if (record?.viewers === viewers) continue;
    if (record) await records.update('audienceNow', record.id, { viewers }, UPDATE);
    else await records.create('audienceNow', { organization, channel, viewers }, CREATE);
    written += 1;
  }
  // Channels nobody watches any more.
  for (const record of existing.values()) {
    if (record.viewers === 0) continue;
    await records.update('audienceNow', record.id, { viewers: 0 }, UPDATE);
    written += 1;
  }
  return written;
}
