import type { OAuth2Redirect } from '../realtime/realtime-hub.js';
import type { RecordValues } from '../records/record-codec.js';
import type { RecordEvent } from '../records/record-events.js';

/**
 * What the primary and its workers say to each other over the cluster's IPC channel (with
 * `serialization: 'advanced'`, so records travel as structured clones).
 */
export type WorkerMessage =
  /** The worker listens (on the port every worker shares). */
  | { type: 'ready'; port: number }
  /** A worker's committed events; the primary sends them on to every worker, the sender too. */
  | { type: 'events'; origin: number; seq: number; events: RecordEvent[] }
  /** A realtime stream opened or closed on the sending worker. */
  | { type: 'stream-open'; clientId: string }
  | { type: 'stream-close'; clientId: string }
  /** A subscription POST or OAuth2 redirect for a stream another worker holds (routed by the primary). */
  | { type: 'subscribe'; requestId: number; from: number; request: ForwardedRequest }
  | { type: 'subscribe-result'; requestId: number; to: number; result: SubscribeResult };

export interface ForwardedSubscription {
  clientId: string;
  subscriptions: unknown;
  /** The POST's auth as the collection's name and the record, or null for a guest. */
  auth: { collection: string; record: RecordValues } | null;
  ip: string;
}

/** An OAuth2 redirect for the client whose id is its state (API-CONTRACT §5.5). */
export interface ForwardedOAuth2 {
  clientId: string;
  ip: string;
  oauth2: OAuth2Redirect;
}

export type ForwardedRequest = ForwardedSubscription | ForwardedOAuth2;

/** The HTTP answer of the worker that holds the stream; 404 when no worker does. */
export interface SubscribeResult {
  status: number;
  body: string;
}

const TYPES = new Set([
  'ready',
  'events',
  'stream-open',
  'stream-close',
  'subscribe',
  'subscribe-result',
]);

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    TYPES.has(String((value as { type?: unknown }).type))
  );
}
