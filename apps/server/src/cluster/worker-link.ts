import type { EventBus } from '../realtime/event-bus.js';
import type {
  ForwardedRequest,
  StreamForwarding,
  SubscribeResult,
} from '../realtime/forwarding.js';
import type { StreamRegistry } from '../realtime/realtime-hub.js';
import type { RecordEvent } from '../records/record-events.js';
import { isWorkerMessage, type WorkerMessage } from './worker-messages.js';

/** How long a worker waits for another to apply a forwarded subscription. */
const FORWARD_TIMEOUT_MS = 5000;

/** The IPC channel of a cluster worker (`process` in a worker, a fake in tests). */
export interface WorkerChannel {
  readonly id: number;
  send(message: WorkerMessage): void;
  onMessage(listener: (message: unknown) => void): void;
}

/**
 * A worker's side of the cluster (WORKERS > 1). On SQLite its record events reach every
 * worker's realtime hub through the primary, the primary learns which worker holds which
 * stream, and a subscription POST that lands on the wrong worker is applied by the right one.
 * On PostgreSQL the database does all that, as between nodes: the link only says `ready`.
 */
export class WorkerLink implements EventBus, StreamRegistry, StreamForwarding {
  #deliver: ((events: readonly RecordEvent[]) => void) | undefined;
  #applySubscription: ((request: ForwardedRequest) => Promise<SubscribeResult>) | undefined;
  #seq = 0;
  #returned = 0;
  #waiters: (() => void)[] = [];
  #nextRequest = 0;
  readonly #pending = new Map<number, (result: SubscribeResult) => void>();

  constructor(private readonly channel: WorkerChannel) {
    channel.onMessage((message) => {
      if (isWorkerMessage(message)) this.receive(message);
    });
  }

  // EventBus ---------------------------------------------------------------------------------

  async start(deliver: (events: readonly RecordEvent[]) => void): Promise<void> {
    this.#deliver = deliver;
  }

  publish(events: readonly RecordEvent[]): void {
    this.#seq += 1;
    this.channel.send({
      type: 'events',
      origin: this.channel.id,
      seq: this.#seq,
      events: [...events],
    });
  }

  idle(): Promise<void> {
    if (this.#returned >= this.#seq) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.#deliver = undefined;
    for (const [, resolve] of this.#pending) resolve({ status: 503, body: '' });
    this.#pending.clear();
  }

  /** Tells the primary this worker serves requests. */
  ready(port: number): void {
    this.channel.send({ type: 'ready', port });
  }

  // StreamRegistry ---------------------------------------------------------------------------

  async register(clientId: string): Promise<void> {
    this.channel.send({ type: 'stream-open', clientId });
  }

  async unregister(clientId: string): Promise<void> {
    this.channel.send({ type: 'stream-close', clientId });
  }

  // Subscriptions for streams on other workers ----------------------------------------------

  /** Sets what applies a subscription forwarded to this worker (the realtime route does). */
  onForwardedRequest(apply: (request: ForwardedRequest) => Promise<SubscribeResult>): void {
    this.#applySubscription = apply;
  }

  /** Asks the worker holding the stream to apply the subscription (or redirect); 404 when none does. */
  forward(request: ForwardedRequest): Promise<SubscribeResult> {
    this.#nextRequest += 1;
    const requestId = this.#nextRequest;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(requestId);
        resolve({ status: 504, body: '' });
      }, FORWARD_TIMEOUT_MS);
      this.#pending.set(requestId, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      this.channel.send({ type: 'subscribe', requestId, from: this.channel.id, request });
    });
  }

  private receive(message: WorkerMessage): void {
    switch (message.type) {
      case 'events':
        this.#deliver?.(message.events);
        if (message.origin === this.channel.id) {
          this.#returned = Math.max(this.#returned, message.seq);
          if (this.#returned >= this.#seq) for (const wake of this.#waiters.splice(0)) wake();
        }
        return;
      case 'subscribe': {
        const apply = this.#applySubscription;
        const answer = (result: SubscribeResult) =>
          this.channel.send({
            type: 'subscribe-result',
            requestId: message.requestId,
            to: message.from,
            result,
          });
        if (apply) apply(message.request).then(answer, () => answer({ status: 500, body: '' }));
        else answer({ status: 503, body: '' });
        return;
      }
      case 'subscribe-result': {
        const resolve = this.#pending.get(message.requestId);
        this.#pending.delete(message.requestId);
        resolve?.(message.result);
        return;
      }
      default:
        return;
    }
  }
}

/** The worker's IPC channel on the real `process` of a cluster worker. */
export function processChannel(id: number): WorkerChannel {
  return {
    id,
    send: (message) => {
      process.send?.(message);
    },
    onMessage: (listener) => {
      process.on('message', listener);
    },
  };
}
