import { randomInt } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import type { CollectionDefinition } from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import { SUPERUSERS } from '../auth/auth-service.js';
import { ApiError } from '../errors/api-error.js';
import type { RecordValues } from '../records/record-codec.js';
import type { RecordEvent, RecordEventSink } from '../records/record-events.js';
import type { RecordRequest, RecordService } from '../records/record-service.js';
import { MAX_TOPIC_LENGTH, MAX_TOPICS, parseTopic, type Topic } from './realtime-topics.js';

/** A connection closes after this long without a message sent (PocketBase's IdleTimeout). */
const IDLE_TIMEOUT_MS = 5 * 60 * 1000;
/** And after this long whatever happens (PocketBase's MaxTimeout). */
const MAX_LIFETIME_MS = 30 * 60 * 1000;

const CLIENT_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

interface ClientAuth {
  collection: CollectionDefinition;
  id: string;
  /** The record's token key when the client bound it: a new key (password change) ends the binding. */
  tokenKey: string;
}

/** A stream whose unsent bytes pile up past this is a reader that stopped reading: drop it. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How often idle and over-age streams are looked for. */
const SWEEP_INTERVAL_MS = 15_000;
/**
 * Streams written between two turns of the event loop during a fan-out. A write costs about
 * 15–20 µs (mostly the `writev` system call), so a slice is about 50 ms: requests that arrive
 * during the fan-out of one event to 10,000 streams wait for a slice, not for all of it.
 * Measured on a quiet machine (bench/realtime, one PostgreSQL node, 10,000 clients): slices of
 * 1,000 gave delivery p99 548–713 ms, slices of 3,000 or none 328–420 ms, with the same create
 * and health latencies; each turn between slices lets other work push the rest of the fan-out back.
 */
const WRITE_SLICE = 3000;

/**
 * One open `GET /api/realtime` stream and what its client subscribed to.
 *
 * The response's headers go out through Node's HTTP layer, but each message is written straight
 * to the socket as one HTTP/1.1 chunk (size line, the client's id line, the event's shared
 * pre-encoded bytes, CRLF) in a single buffer. Going through `response.write` costs three socket
 * writes, a cork and a next-tick uncork per client per message, which was most of the time of a
 * fan-out to ten thousand streams (bench/realtime). `response.end()` still writes the closing
 * chunk, so the framing stays Node's to finish.
 */
class RealtimeClient {
  topics: Topic[] = [];
  /** Subscribed to `@oauth2`: waiting for an OAuth2 provider's redirect (API-CONTRACT §5.5). */
  awaitsOAuth2 = false;
  auth: ClientAuth | null = null;
  lastSent = Date.now();
  readonly opened = Date.now();
  #closed = false;
  readonly #idLine: Buffer;

  constructor(
    readonly id: string,
    readonly ip: string,
    private readonly response: ServerResponse,
    private readonly onEnd: () => void,
  ) {
    this.#idLine = Buffer.from(`id:${id}\n`);
  }

  /** Writes one SSE message; every message carries the client id, as the SDK expects. */
  send(event: string, data: unknown): void {
    this.sendEncoded([encodeEvent(event, JSON.stringify(data))]);
  }

  /**
   * Writes messages already encoded by encodeEvent (shared by every client that gets them),
   * in order, as one chunk: under a backlog one write carries several events.
   */
  sendEncoded(bodies: readonly Buffer[]): void {
    const socket = this.response.socket;
    if (this.#closed || this.response.writableEnded || !socket || socket.destroyed) return;
    if (socket.writableLength > MAX_BUFFERED_BYTES) {
      this.close(true);
      return;
    }
    const messages = bodies.flatMap((body) => [this.#idLine, body]);
    if (this.response.chunkedEncoding) socket.write(chunkOf(messages));
    else this.response.write(Buffer.concat(messages)); // an HTTP/1.0 client: no chunks
    this.lastSent = Date.now();
  }

  /** Ends the stream; `now` drops the connection at once (shutdown) instead of after a grace. */
  close(now = false): void {
    if (this.#closed) return;
    this.#closed = true;
    if (!this.response.writableEnded) this.response.end();
    // Shutting down, or a reader that stopped reading: do not wait for the other side.
    if (now) this.response.socket?.destroy();
    this.onEnd();
  }
}

const CRLF = Buffer.from('\r\n');

/** One HTTP/1.1 chunk holding `parts` one after another, in one buffer so it is one socket write. */
function chunkOf(parts: readonly Buffer[]): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  const size = `${length.toString(16)}\r\n`;
  const chunk = Buffer.allocUnsafe(size.length + length + CRLF.length);
  let at = chunk.write(size, 'latin1');
  for (const part of parts) at += part.copy(chunk, at);
  CRLF.copy(chunk, at);
  return chunk;
}

/** The part of an SSE message that is the same for every client: event name and data. */
function encodeEvent(event: string, json: string): Buffer {
  return Buffer.from(`event:${event}\ndata:${json}\n\n`);
}

/** Where a hub records which process holds each stream, when there are several. */
export interface StreamRegistry {
  register(clientId: string): Promise<void>;
  unregister(clientId: string): Promise<void>;
}

/** The OAuth2 redirect's query, sent to the waiting client as the `@oauth2` event. */
export interface OAuth2Redirect {
  state: string;
  code: string;
  error?: string;
}

/** The topic a client subscribes to while it waits for an OAuth2 redirect. */
const OAUTH2_TOPIC = '@oauth2';

export interface SubscriptionRequest {
  clientId: unknown;
  subscriptions: unknown;
  /** The auth of the POST (its token's record), or null for a guest. */
  auth: { collection: CollectionDefinition; record: RecordValues } | null;
  ip: string;
}

/**
 * Realtime over server-sent events (API-CONTRACT §6): holds the open streams of this node, each
 * client's subscriptions and auth, and fans record events out to the clients allowed to see
 * them, one event at a time so each client receives them in commit order.
 */
export class RealtimeHub implements RecordEventSink {
  readonly #clients = new Map<string, RealtimeClient>();
  /** The clients with a topic on each collection (by the name or id they used): an event visits only these. */
  readonly #byCollection = new Map<string, Set<RealtimeClient>>();
  #sweep: NodeJS.Timeout | undefined;
  #shuttingDown = false;
  /** Events published and not yet written, in commit order, their access checks under way. */
  readonly #pending: PreparedEvent[] = [];
  /** The writer draining #pending, while there is one. */
  #writing: Promise<void> | undefined;

  constructor(
    private readonly records: RecordService,
    private readonly log: FastifyBaseLogger,
    /**
     * Set when there are several processes (PostgreSQL nodes, or SQLite workers): records which
     * one holds each stream, so a subscription POST can reach it.
     */
    private readonly registry?: StreamRegistry,
  ) {}

  get size(): number {
    return this.#clients.size;
  }

  /** True once the server is shutting down: no new streams are opened. */
  get shuttingDown(): boolean {
    return this.#shuttingDown;
  }

  /** Ends every stream for good, before the server closes, so it does not wait on them. */
  shutdown(): void {
    this.#shuttingDown = true;
    this.closeAll();
  }

  /** Opens a stream on a hijacked response and greets it with PB_CONNECT. */
  connect(response: ServerResponse, ip: string): string {
    let id = '';
    for (let i = 0; i < 40; i++) id += CLIENT_ID_ALPHABET[randomInt(CLIENT_ID_ALPHABET.length)];
    response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      // The stream bypasses Fastify's hooks, so CORS is set here for scripts on other origins.
      'Access-Control-Allow-Origin': '*',
    });
    response.socket?.setNoDelay(true);
    // Headers now, so the chunks written straight to the socket follow them. The body must be
    // chunked: the chunks are framed by hand (RealtimeClient.sendEncoded).
    response.flushHeaders();
    const client = new RealtimeClient(id, ip, response, () => {
      this.index(client, []);
      if (this.#clients.delete(id)) {
        this.registry
          ?.unregister(id)
          .catch((error: unknown) => this.log.warn({ err: error }, 'realtime unregister failed'));
      }
    });
    this.#clients.set(id, client);
    // The client subscribes as soon as it hears PB_CONNECT, and that request may reach another
    // node, which forwards it here only once the registry names this node: so register first.
    const registered = this.registry
      ?.register(id)
      .catch((error: unknown) => this.log.error({ err: error }, 'realtime register failed'));
    response.on('close', () => client.close());
    this.#sweep ??= setInterval(() => this.sweep(), SWEEP_INTERVAL_MS).unref();
    const connected = () => {
      if (this.#clients.get(id) === client) client.send('PB_CONNECT', { clientId: id });
    };
    if (registered) void registered.then(connected);
    else connected();
    this.log.debug({ clientId: id, clients: this.#clients.size }, 'realtime connected');
    return id;
  }

  /** Closes streams idle for 5 minutes or open for 30 (PocketBase's Idle and Max timeouts). */
  private sweep(): void {
    const now = Date.now();
    for (const client of [...this.#clients.values()]) {
      if (now - client.lastSent > IDLE_TIMEOUT_MS || now - client.opened > MAX_LIFETIME_MS)
        client.close();
    }
  }

  /** Whether this node holds the client's stream. */
  has(clientId: string): boolean {
    return this.#clients.has(clientId);
  }

  /** Replaces a client's subscriptions and binds its auth (API-CONTRACT §6.2). */
  subscribe(request: SubscriptionRequest): void {
    const clientId = typeof request.clientId === 'string' ? request.clientId : '';
    if (clientId.length === 0 || clientId.length > 255) {
      throw new ApiError(400, 'An error occurred while validating the submitted data.', {
        clientId: { code: 'validation_required', message: 'Cannot be blank.' },
      });
    }
    const list = request.subscriptions ?? [];
    if (
      !Array.isArray(list) ||
      list.length > MAX_TOPICS ||
      list.some((t) => typeof t !== 'string' || t.length > MAX_TOPIC_LENGTH)
    ) {
      throw new ApiError(400, 'An error occurred while validating the submitted data.', {
        subscriptions: {
          code: 'validation_invalid_value',
          message: `Must be a list of at most ${MAX_TOPICS} topics of at most ${MAX_TOPIC_LENGTH} characters.`,
        },
      });
    }
    const client = this.#clients.get(clientId);
    if (!client) throw new ApiError(404, 'Missing or invalid client id.');
    if (client.ip !== request.ip) throw new ApiError(400, 'Invalid realtime client.');
    const auth = request.auth;
    if (
      client.auth &&
      (!auth ||
        auth.record.id !== client.auth.id ||
        auth.collection.id !== client.auth.collection.id)
    ) {
      throw new ApiError(403, "The current and the previous request authorization don't match.");
    }
    client.auth = auth && {
      collection: auth.collection,
      id: String(auth.record.id),
      tokenKey: String(auth.record.tokenKey),
    };
    client.awaitsOAuth2 = (list as string[]).includes(OAUTH2_TOPIC);
    this.index(
      client,
      (list as string[]).flatMap((raw) => parseTopic(raw) ?? []),
    );
  }

  /**
   * Hands an OAuth2 redirect to the client whose id is its `state`, if this node holds that
   * client, it waits for one (`@oauth2`) and the redirect came from the client's own address
   * (PocketBase 0.38.2): false otherwise, and nothing is sent.
   */
  sendOAuth2(redirect: OAuth2Redirect, ip: string): boolean {
    const client = this.#clients.get(redirect.state);
    if (!client?.awaitsOAuth2 || client.ip !== ip) return false;
    client.send(OAUTH2_TOPIC, redirect);
    return true;
  }

  /** Replaces a client's topics, keeping the per-collection index in step. */
  private index(client: RealtimeClient, topics: Topic[]): void {
    for (const { collection } of client.topics) {
      const clients = this.#byCollection.get(collection);
      clients?.delete(client);
      if (clients?.size === 0) this.#byCollection.delete(collection);
    }
    client.topics = topics;
    for (const { collection } of topics) {
      let clients = this.#byCollection.get(collection);
      if (!clients) {
        clients = new Set();
        this.#byCollection.set(collection, clients);
      }
      clients.add(client);
    }
  }

  /**
   * Queues events for their subscribers. Each event's access checks (database round trips on
   * PostgreSQL) start at once, beside the writes of the events before it; only the writes wait
   * their turn, so every client still receives events in commit order.
   */
  publish(events: readonly RecordEvent[]): void {
    for (const event of events) {
      const prepared: PreparedEvent = { deliveries: undefined, ready: Promise.resolve() };
      prepared.ready = this.prepare(event)
        .catch((error: unknown) => {
          this.log.error({ err: error }, 'realtime dispatch failed');
          return [];
        })
        .then((deliveries) => {
          prepared.deliveries = deliveries;
        });
      this.#pending.push(prepared);
    }
    // Only with something to write: drain() then awaits before it can finish and clear #writing.
    if (this.#pending.length > 0) this.#writing ??= this.drain();
  }

  /** Resolves once every event published so far has been sent (tests and shutdown use it). */
  async idle(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  /**
   * Writes queued events until none is left. Events whose checks are done when the writer gets
   * to them go out together, each client's messages in one chunk: a backlog makes the batches
   * bigger and each event cheaper (one `writev` per client instead of one per client and event),
   * so the hub catches up instead of falling further behind.
   */
  private async drain(): Promise<void> {
    for (let head = this.#pending[0]; head; head = this.#pending[0]) {
      await head.ready;
      let ready = 1;
      while (this.#pending[ready]?.deliveries) ready++;
      const batch = this.#pending.splice(0, ready);
      await this.write(batch.flatMap(({ deliveries }) => deliveries ?? [])).catch(
        (error: unknown) => this.log.error({ err: error }, 'realtime write failed'),
      );
    }
    // Set in the same turn as the loop's last check, so a publish never finds a writer that has stopped.
    this.#writing = undefined;
  }

  /** Drops every stream now; clients reconnect (tests use it to stand for a network cut). */
  closeAll(): void {
    clearInterval(this.#sweep);
    this.#sweep = undefined;
    for (const client of [...this.#clients.values()]) client.close(true);
  }

  /**
   * Works out who may see an event and what each sees. Clients with the same auth and the same
   * topic options see the same thing, so each such group is judged once (one SQL check) and
   * its message serialized once: ten thousand viewers of one station cost a handful of checks.
   */
  private async prepare(event: RecordEvent): Promise<Delivery[]> {
    const module = this.records.findModule(event.collection);
    if (!module) return [];
    const { definition } = module;
    const groups = new Map<string, Group>();
    for (const client of this.subscribersOf(definition.name, definition.id)) {
      for (const topic of client.topics) {
        if (topic.collection !== definition.name && topic.collection !== definition.id) continue;
        if (topic.recordId !== null && topic.recordId !== event.record.id) continue;
        const key = groupKey(client.auth, topic);
        let group = groups.get(key);
        if (!group) {
          group = { topic, auth: client.auth, members: [] };
          groups.set(key, group);
        }
        // Each client knows the topic by its own string (`channels` and `channels/*` group together).
        group.members.push({ client, name: topic.raw });
      }
    }
    if (groups.size === 0) return [];
    const auths = new Map<string, Promise<RecordRequest['auth']>>();
    const judged = await Promise.all(
      [...groups.values()].map((group) => this.judge(group, event, auths)),
    );
    return judged.filter((delivery) => delivery !== null);
  }

  /** The clients with a topic on the collection, by its name or by its id, each once. */
  private subscribersOf(name: string, id: string): Set<RealtimeClient> {
    const byName = this.#byCollection.get(name);
    const byId = this.#byCollection.get(id);
    if (!byId) return byName ?? new Set();
    if (!byName) return byId;
    return new Set([...byName, ...byId]);
  }

  /** One group's view of the event, or null when its members may not see it. */
  private async judge(
    { topic, auth, members }: Group,
    event: RecordEvent,
    auths: Map<string, Promise<RecordRequest['auth']>>,
  ): Promise<Delivery | null> {
    const request = await this.requestOf(auth, topic, auths);
    if (request.auth === null && auth !== null) {
      // The bound record is gone, or its sessions were revoked: these clients are guests now.
      for (const { client } of members) client.auth = null;
    }
    const record = await this.records.realtimeView(
      event,
      topic.recordId !== null,
      topic.query,
      request,
    );
    if (record === null) return null;
    this.log.debug(
      { topic: topic.raw, action: event.action, clients: members.length },
      'realtime event',
    );
    return { json: JSON.stringify({ action: event.action, record }), members };
  }

  /**
   * Writes events' messages, each client's in commit order as one chunk, a slice of streams at
   * a time so that requests (and the next events' access checks) get the event loop in between.
   */
  private async write(deliveries: readonly Delivery[]): Promise<void> {
    const outbox = new Map<RealtimeClient, Buffer[]>();
    for (const { json, members } of deliveries) {
      // Encoded once per topic string, shared by every client subscribed with it.
      const encoded = new Map<string, Buffer>();
      for (const { client, name } of members) {
        let body = encoded.get(name);
        if (!body) {
          body = encodeEvent(name, json);
          encoded.set(name, body);
        }
        const bodies = outbox.get(client);
        if (bodies) bodies.push(body);
        else outbox.set(client, [body]);
      }
    }
    let written = 0;
    for (const [client, bodies] of outbox) {
      client.sendEncoded(bodies);
      if (++written % WRITE_SLICE === 0) await nextTurnOfEventLoop();
    }
  }

  /** The request a group's subscribers make, with its auth as of now (loaded once per event). */
  private async requestOf(
    bound: ClientAuth | null,
    topic: Topic,
    auths: Map<string, Promise<RecordRequest['auth']>>,
  ): Promise<RecordRequest> {
    let auth: RecordRequest['auth'] = null;
    if (bound) {
      const key = `${bound.collection.id}:${bound.id}`;
      let loading = auths.get(key);
      if (!loading) {
        loading = this.records
          .findRecord(bound.collection, bound.id)
          .then((record) => (record ? { collection: bound.collection, record } : null));
        auths.set(key, loading);
      }
      const current = await loading;
      // A new token key (password or email change) ends the binding, as a deleted record does.
      if (current && String(current.record.tokenKey) === bound.tokenKey) auth = current;
    }
    return {
      auth,
      isSuperuser: auth?.collection.name === SUPERUSERS,
      body: {},
      query: topic.query,
      headers: topic.headers,
      method: 'GET',
      context: 'realtime',
    };
  }
}

interface Group {
  topic: Topic;
  auth: ClientAuth | null;
  members: Member[];
}

/** A client in a group, and the topic string it subscribed with (the SSE event name). */
interface Member {
  client: RealtimeClient;
  name: string;
}

/** An event on its way out: its deliveries once its access checks are done. */
interface PreparedEvent {
  deliveries: Delivery[] | undefined;
  ready: Promise<void>;
}

/** What one group of clients is sent for an event. */
interface Delivery {
  json: string;
  members: readonly Member[];
}

/** Clients with equal keys see an event identically: same auth, same kind of topic, same options. */
function groupKey(auth: ClientAuth | null, topic: Topic): string {
  return JSON.stringify([
    auth ? `${auth.collection.id}:${auth.id}:${auth.tokenKey}` : '',
    topic.collection,
    topic.recordId,
    topic.query,
    topic.headers,
  ]);
}
