import type { ForwardedRequest, SubscribeResult } from '../realtime/forwarding.js';
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
