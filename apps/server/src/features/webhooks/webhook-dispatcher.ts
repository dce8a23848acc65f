import { hostname } from 'node:os';
import { toRecordDate } from '@airgrid/domain';
import { WEBHOOK_HEADERS, type WebhookDeliveryEvent, webhookDeliveries } from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { PollLoop } from '../../jobs/poll-loop.js';
import type { RecordEvent } from '../../records/record-events.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import { eventData, eventTypeOf, type WebhookPayload } from './webhook-events.js';
import { type AttemptResult, attemptDelivery } from './webhook-sender.js';
import { DISABLE_AFTER_FAILING_MS, retryDelayMs, signatureHeader } from './webhook-signing.js';
import type {
  DeliveryRow,
  NewDelivery,
  WebhooksRepository,
  WebhookTarget,
} from './webhooks-repository.js';

// Sends the organization's events to its webhooks (decision 0032). It hears this node's
// committed record events (main.ts), so each change is queued once in a cluster, by the node
// that wrote it; every node then takes due deliveries from the shared queue
// (webhooks-repository.ts), a few at a time beside (not inside) the job runner, so a slow
// receiver never holds up media work. Failures retry with backoff for about a day; a webhook
// failing for a day is turned off and its owners and admins are told once.

/** What telling the owners and admins needs (main.ts passes the Notifier). */
export interface WebhookNotifier {
  notify(
    userId: string,
    notification: { title: string; body: string; type: 'warning'; path: string },
  ): Promise<void>;
}

export interface WebhookDispatcherOptions {
  /** How often the queue is looked at when nothing pokes it. */
  pollMs?: number;
  /** Deliveries this process attempts at once. */
  concurrency?: number;
  /** How long a claim holds without news from its node: more than an attempt's timeout. */
  leaseMs?: number;
  /** One attempt's limit (10 s). */
  timeoutMs?: number;
  /** WEBHOOKS_ALLOW_PRIVATE: receivers on loopback and private networks are allowed. */
  allowPrivate?: boolean;
}

/** Finished deliveries are kept 30 days, and at most this many per webhook. */
const KEEP_DELIVERIES_DAYS = 30;
const KEEP_DELIVERIES_PER_WEBHOOK = 1000;
const PRUNE_EVERY_MS = 3600_000;
const USER_AGENT = 'Airgrid-Webhooks/1';

/** What the test event came to, as the route answers it. */
export interface PingOutcome {
  delivery: string;
  status: 'delivered' | 'failed';
  responseStatus: number;
  responseMs: number;
  error: string;
}

export class WebhookDispatcher {
  readonly node = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  readonly #running = new Set<Promise<void>>();
  readonly #queueing = new Set<Promise<void>>();
  readonly #stopping = new AbortController();
  readonly #options: Required<WebhookDispatcherOptions>;
  readonly #loop: PollLoop;
  #lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly records: RecordService,
    private readonly notifier: WebhookNotifier,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
    options: WebhookDispatcherOptions = {},
  ) {
    this.#options = {
      pollMs: 5000,
      concurrency: 4,
      leaseMs: 60_000,
      timeoutMs: 10_000,
      allowPrivate: false,
      ...options,
    };
    this.#loop = new PollLoop(() => this.look(), {
      pollMs: this.#options.pollMs,
      onError: (error) => this.log.error({ err: error }, 'webhook queue look failed'),
    });
  }

  get allowPrivate(): boolean {
    return this.#options.allowPrivate;
  }

  /** Called with every batch of events this node's writes commit: queues their deliveries. */
  observe(events: readonly RecordEvent[]): void {
    const relevant = events.filter((event) => eventTypeOf(event) !== undefined);
    if (relevant.length === 0 || this.#stopping.signal.aborted) return;
    const queued = this.queue(relevant)
      .catch((error: unknown) => this.log.error({ err: error }, 'webhook deliveries not queued'))
      .finally(() => this.#queueing.delete(queued));
    this.#queueing.add(queued);
  }

  private async queue(events: readonly RecordEvent[]): Promise<void> {
    const organizations = [...new Set(events.map((event) => String(event.record.organization)))];
    const hooks = await this.repository.enabledIn(organizations);
    if (hooks.length === 0) return;
    const now = this.clock.now();
    const deliveries: NewDelivery[] = [];
    for (const event of events) {
      const type = eventTypeOf(event);
      const organization = String(event.record.organization);
      const listening = hooks.filter(
        (hook) => hook.organization === organization && type && hook.events.includes(type),
      );
      if (!type || listening.length === 0) continue;
      const definition = this.records.findModule(event.collection)?.definition;
      if (!definition) continue;
      // What an owner would see of the record: never a hidden field.
      const record = this.records.export(definition, event.record, {
        ...serverRequest('POST'),
        isSuperuser: false,
      });
      for (const hook of listening) {
        const id = this.repository.newId();
        deliveries.push({
          id,
          organization,
          webhook: hook.id,
          event: type,
          payload: payloadOf(id, type, now, organization, eventData(event, record)),
        });
      }
    }
    await this.repository.enqueue(deliveries, now);
    for (const { id } of deliveries)
      await this.records.announce(webhookDeliveries.name, id, 'create');
    this.poke();
  }

  /** Starts looking at the queue every `pollMs`, and at once. */
  start(): void {
    this.#loop.start();
  }

  /** Looks at the queue now (a delivery was queued, or a test moved the clock). */
  poke(): void {
    this.#loop.poke();
  }

  /** Resolves once nothing is being queued, looked at or sent (tests, and shutdown). */
  async idle(): Promise<void> {
    while (this.#queueing.size || this.#loop.looking || this.#running.size) {
      await Promise.all(this.#queueing);
      await this.#loop.idle();
      await Promise.all(this.#running);
    }
  }

  /** Stops taking deliveries; attempts under way end, and their deliveries wait for the next look. */
  async stop(): Promise<void> {
    this.#stopping.abort();
    await this.#loop.stop();
    await this.idle();
  }

  private async look(): Promise<void> {
    await this.pruneNow();
    while (this.#running.size < this.#options.concurrency && !this.#stopping.signal.aborted) {
      const at = this.clock.now();
      const delivery = await this.repository.claim(this.node, at, at + this.#options.leaseMs);
      if (!delivery) return;
      const run = this.attempt(delivery)
        .catch((error: unknown) =>
          this.log.error({ err: error, delivery: delivery.id }, 'webhook delivery failed'),
        )
        .finally(() => {
          this.#running.delete(run);
          if (!this.#stopping.signal.aborted) this.poke();
        });
      this.#running.add(run);
    }
  }

  private async pruneNow(): Promise<void> {
    const now = this.clock.now();
    if (now - this.#lastPrune < PRUNE_EVERY_MS) return;
    this.#lastPrune = now;
    const removed = await this.repository.prune(
      now - KEEP_DELIVERIES_DAYS * 86_400_000,
      KEEP_DELIVERIES_PER_WEBHOOK,
    );
    if (removed > 0) this.log.info({ removed }, 'old webhook deliveries removed');
  }

  private async attempt(delivery: DeliveryRow): Promise<void> {
    const webhook = await this.repository.target(delivery.webhook);
    if (!webhook?.enabled) {
      await this.settle(delivery, {
        status: 'failed',
        error: 'The webhook was turned off before this delivery was sent.',
        nextAttempt: '',
      });
      return;
    }
    const result = await this.send(webhook, delivery);
    if (this.#stopping.signal.aborted && !result.ok) {
      // Stopped, not failed: the attempt does not count, and the next look (here after a
      // restart, or on another node) sends it again.
      await this.settle(delivery, {
        attempts: Math.max(0, Number(delivery.attempts) - 1),
        nextAttempt: toRecordDate(this.clock.now()),
      });
      return;
    }
    const now = this.clock.now();
    const logged = { responseStatus: result.status, responseMs: result.ms, error: result.error };
    if (result.ok) {
      await this.settle(delivery, {
        ...logged,
        status: 'delivered',
        deliveredAt: toRecordDate(now),
        nextAttempt: '',
      });
      if (await this.repository.markHealthy(webhook.id, now))
        await this.records.announce('webhooks', webhook.id);
      return;
    }
    const delay = retryDelayMs(Number(delivery.attempts));
    await this.settle(
      delivery,
      delay === null
        ? { ...logged, status: 'failed', nextAttempt: '' }
        : { ...logged, nextAttempt: toRecordDate(now + delay) },
    );
    await this.failing(webhook, now);
  }

  /** A delivery failed: the webhook is failing; after a day of it, it is turned off. */
  private async failing(webhook: WebhookTarget, now: number): Promise<void> {
    const since = await this.repository.markFailing(webhook.id, now);
    if (!webhook.failingSince) await this.records.announce('webhooks', webhook.id);
    const sinceMs = Date.parse(since.replace(' ', 'T'));
    if (!Number.isFinite(sinceMs) || now - sinceMs < DISABLE_AFTER_FAILING_MS) return;
    const reason = `Turned off on ${toRecordDate(now).slice(0, 16)} UTC: every delivery since ${since.slice(0, 16)} UTC failed.`;
    if (!(await this.repository.disable(webhook.id, reason, now))) return;
    this.log.warn({ webhook: webhook.id }, 'webhook failing for a day: turned off');
    await this.records.announce('webhooks', webhook.id);
    for (const userId of await this.repository.admins(webhook.organization)) {
      await this.notifier.notify(userId, {
        title: 'A webhook was turned off',
        body: `Deliveries to ${webhook.url} failed for a day, so Airgrid stopped sending them. Fix the receiver, send a test event, then turn the webhook back on.`,
        type: 'warning',
        path: '/integrations',
      });
    }
  }

  /**
   * Sends a `ping` to the webhook now (the "Send test event" button), enabled or not, and
   * logs it as a delivery. It is tried once: no retries, and it does not count towards the
   * webhook's failures.
   */
  async ping(webhook: WebhookTarget): Promise<PingOutcome> {
    const now = this.clock.now();
    const id = this.repository.newId();
    const delivery: NewDelivery = {
      id,
      organization: webhook.organization,
      webhook: webhook.id,
      event: 'ping',
      payload: payloadOf(id, 'ping', now, webhook.organization, {
        webhook: { id: webhook.id, url: webhook.url },
      }),
    };
    await this.repository.insertClaimed(delivery, this.node, now, now + this.#options.leaseMs);
    await this.records.announce(webhookDeliveries.name, id, 'create');
    const result = await this.send(webhook, {
      ...delivery,
      payload: delivery.payload,
    } as DeliveryRow);
    const status = result.ok ? 'delivered' : 'failed';
    await this.settle({ id } as DeliveryRow, {
      status,
      responseStatus: result.status,
      responseMs: result.ms,
      error: result.error,
      nextAttempt: '',
      ...(result.ok ? { deliveredAt: toRecordDate(this.clock.now()) } : {}),
    });
    return {
      delivery: id,
      status,
      responseStatus: result.status,
      responseMs: result.ms,
      error: result.error,
    };
  }

  private send(
    webhook: WebhookTarget,
    delivery: Pick<DeliveryRow, 'id' | 'event' | 'payload'>,
  ): Promise<AttemptResult> {
    const body =
      typeof delivery.payload === 'string' ? delivery.payload : JSON.stringify(delivery.payload);
    const timestamp = Math.floor(this.clock.now() / 1000);
    return attemptDelivery({
      url: webhook.url,
      body,
      allowPrivate: this.#options.allowPrivate,
      timeoutMs: this.#options.timeoutMs,
      signal: this.#stopping.signal,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': USER_AGENT,
        [WEBHOOK_HEADERS.signature]: signatureHeader(webhook.secret, timestamp, body),
        [WEBHOOK_HEADERS.event]: String(delivery.event),
        [WEBHOOK_HEADERS.delivery]: delivery.id,
      },
    });
  }

  private async settle(
    delivery: Pick<DeliveryRow, 'id'>,
    changes: Parameters<WebhooksRepository['settle']>[2],
  ): Promise<void> {
    if (await this.repository.settle(delivery.id, this.node, changes, this.clock.now()))
      await this.records.announce(webhookDeliveries.name, delivery.id);
  }
}

function payloadOf(
  id: string,
  type: WebhookDeliveryEvent,
  now: number,
  organization: string,
  data: Record<string, unknown>,
): WebhookPayload {
  return { id, type, created: new Date(now).toISOString(), organization, data };
}
