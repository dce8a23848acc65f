import type { CablecastSyncRecord } from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import { watchCollection } from '../../lib/realtime';
import { isActive, SYNCS_SHOWN, type settingsBody } from './cablecast-sync-model';

// The Cablecast sync section's data (owners and admins): saving the channel map and schedule,
// Sync now, and the latest runs (`cablecastSyncs`, written by the server only), kept live by
// realtime and, while a run is under way, by polling too (realtime may be cut by a proxy).

export const cablecastSyncKeys = {
  list: (organization: string) => ['cablecastSyncs', organization] as const,
};

/** How often the history is read again while a run is queued or running. */
const ACTIVE_POLL_MS = 2000;

export function saveSyncSettings(body: ReturnType<typeof settingsBody>) {
  return callEndpoint(pb, 'PUT /api/v1/cablecast/sync-settings', { body });
}

/** Queues a run (202), or answers the one already queued or running (200). */
export function syncNow() {
  return callEndpoint(pb, 'POST /api/v1/cablecast/sync');
}

export const cablecastSyncQueries = {
  list: (organization: string) =>
    queryOptions({
      queryKey: cablecastSyncKeys.list(organization),
      enabled: organization !== '',
      queryFn: async () =>
        (
          await pb.collection('cablecastSyncs').getList<CablecastSyncRecord>(1, SYNCS_SHOWN, {
            filter: pb.filter('organization = {:organization}', { organization }),
            sort: '-created',
            skipTotal: true,
          })
        ).items,
      refetchInterval: (query) =>
        (query.state.data ?? []).some(isActive) ? ACTIVE_POLL_MS : false,
    }),
};

/**
 * Calls `onEvent` with each change to the organization's runs (the rules keep events to
 * owners and admins of the organization); returns the unsubscribe.
 */
export function watchCablecastSyncs(onEvent: (sync: CablecastSyncRecord) => void): () => void {
  return watchCollection<CablecastSyncRecord>('cablecastSyncs', onEvent);
}
