import type { JobRecord } from '@airgrid/schema';
import type { RecordModel } from 'pocketbase';
import { pb } from './pocketbase';

interface WatchOptions {
  /** Narrows the events (a PocketBase filter, made with `pb.filter`). */
  filter?: string;
  /** Runs once the subscription holds: what changed before it is read then. */
  onSubscribed?: () => void;
}

/**
 * Calls `onEvent` with the record of each realtime event of `collection` (the collection's rules
 * decide which reach this member); returns the unsubscribe, which holds even when called before
 * the subscription is made (a page left at once).
 */
export function watchCollection<R = RecordModel>(
  collection: string,
  onEvent: (record: R) => void,
  { filter, onSubscribed }: WatchOptions = {},
): () => void {
  let stop: (() => Promise<void>) | undefined;
  let gone = false;
  pb.collection(collection)
    .subscribe<R>('*', ({ record }) => onEvent(record), filter ? { filter } : undefined)
    .then((unsubscribe) => {
      if (gone) {
        void unsubscribe();
        return;
      }
      stop = unsubscribe;
      onSubscribed?.();
    })
    .catch(() => undefined);
  return () => {
    gone = true;
    void stop?.();
  };
}

/**
 * Calls `onEvent` when a job on `target` (`collection/id`, e.g. `shows/abc`) changes: queued,
 * running with progress, done or failed, of any kind; returns the unsubscribe.
 */
export function watchJobsOf(
  target: string,
  onEvent: (job: JobRecord) => void,
  onSubscribed?: () => void,
): () => void {
  return watchCollection<JobRecord>('jobs', onEvent, {
    filter: pb.filter('target = {:target}', { target }),
    onSubscribed,
  });
}
