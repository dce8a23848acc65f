import type { RecordValues } from '../records/record-codec.js';
import type { OAuth2Redirect } from './realtime-hub.js';

// A subscription POST (or an OAuth2 redirect) that reached a process not holding the client's
// stream travels to the one that does: over HTTP between nodes (realtime-routes.ts), or through
// the cluster's primary between the workers of one machine (cluster/worker-link.ts implements
// `StreamForwarding`).

interface ForwardedSubscription {
  clientId: string;
  subscriptions: unknown;
  /** The POST's auth as the collection's name and the record, or null for a guest. */
  auth: { collection: string; record: RecordValues } | null;
  ip: string;
}

/** An OAuth2 redirect for the client whose id is its state (API-CONTRACT §5.5). */
interface ForwardedOAuth2 {
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

/** Forwards requests to the worker holding a stream, and applies those forwarded here. */
export interface StreamForwarding {
  /** Sets what applies a request forwarded to this process (the realtime route does). */
  onForwardedRequest(apply: (request: ForwardedRequest) => Promise<SubscribeResult>): void;
  /** Asks the process holding the stream to apply the request; 404 when none does. */
  forward(request: ForwardedRequest): Promise<SubscribeResult>;
}
