import type { RecordValues } from './record-codec.js';

/** A committed change to a record, for realtime subscribers. */
export interface RecordEvent {
  action: 'create' | 'update' | 'delete';
  /** The collection's name. */
  collection: string;
  /** The record's values after the change (before it, for a delete), without secrets. */
  record: RecordValues;
}

/** Where the record engine hands events once their transaction has committed. */
export interface RecordEventSink {
  publish(events: readonly RecordEvent[]): void;
}

const SECRETS = ['password', 'tokenKey'];

/** An event's copy of a record: never a password hash or token key, even between nodes. */
export function eventRecord(record: Readonly<RecordValues>): RecordValues {
  const copy = { ...record };
  for (const key of SECRETS) delete copy[key];
  return copy;
}
