import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/tables.js';
import type { RecordEvent, RecordEventSink } from '../records/record-events.js';

/** Carries committed record events to the realtime hub of every node. */
export interface EventBus extends RecordEventSink {
  /** Starts delivering every node's events (this one's included) to `deliver`. */
  start(deliver: (events: readonly RecordEvent[]) => void): Promise<void>;
  /** Resolves once this node's published events have all come back for delivery. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** One process (SQLite, or a single PostgreSQL node): events go straight to the hub. */
export class LocalEventBus implements EventBus {
  #deliver: ((events: readonly RecordEvent[]) => void) | undefined;

  async start(deliver: (events: readonly RecordEvent[]) => void): Promise<void> {
    this.#deliver = deliver;
  }

  publish(events: readonly RecordEvent[]): void {
    this.#deliver?.(events);
  }

  async idle(): Promise<void> {}

  async stop(): Promise<void> {
    this.#deliver = undefined;
  }
}

const CHANNEL = 'airgrid_events';

interface StoredEvents {
  node: string;
  events: RecordEvent[];
}
/**
 * NOTIFY payloads are limited to 8,000 bytes: a commit's events up to this size travel in the
 * notification itself; larger ones are stored in _realtime_events and the notification carries
 * their sequence number.
 */
const MAX_INLINE_BYTES = 7900;

/** How long events stay in _realtime_events: long enough for every node to read them. */
const RETENTION = '2 minutes';
const CLEANUP_INTERVAL_MS = 30_000;
const RECONNECT_DELAYS_MS = [200, 500, 1000, 2000, 5000];

/**
 * Several nodes on one PostgreSQL: a commit's events go out as `NOTIFY airgrid_events` to every
 * node (this one too). Small ones (almost all: a record or two) travel in the payload, so no
 * node reads anything back; larger ones are stored as one row of `_realtime_events` and the
 * payload is its sequence number. PostgreSQL delivers notifications in commit order.
 *
 * Publishing runs on a connection of its own, one batch at a time in publish order, with
 * `synchronous_commit = off`: an event is a passing signal (clients that miss one reconnect and
 * refetch), so waiting for a disk flush per event, as a record's own commit does, buys nothing
 * and cost a create about a third of its time. Both connections reconnect by themselves.
 */
export class PostgresEventBus implements EventBus {
  #listener: pg.Client | undefined;
  #deliver: ((events: readonly RecordEvent[]) => void) | undefined;
  #cleanup: NodeJS.Timeout | undefined;
  #stopped = false;
  #attempt = 0;
  /** Marks this node's rows, so it can tell when its own events have come back. */
  readonly #node = randomUUID();
  #published = 0;
  #returned = 0;
  /** Notifications not yet delivered, in notification (commit) order. */
  #notified: Notified[] = [];
  /** The publishing connection, while it is up. */
  #publisher: Promise<pg.Client> | undefined;
  /** Payloads waiting for the publisher, in publish order. */
  #outbox: string[] = [];
  /** The publisher's sender loop, while there is one (it always awaits before it ends). */
  #sending: Promise<void> | undefined;
  /**
   * Whether a reader of #notified runs. A flag, not its promise: a reader of inline payloads
   * only may finish before its call returns, and `??=` would then keep its settled promise.
   */
  #reading = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly url: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(deliver: (events: readonly RecordEvent[]) => void): Promise<void> {
    this.#deliver = deliver;
    await this.listen();
    this.#cleanup = setInterval(() => {
      sql`delete from _realtime_events where created < now() - ${sql.raw(`interval '${RETENTION}'`)}`
        .execute(this.db)
        .catch(this.onError);
    }, CLEANUP_INTERVAL_MS);
    this.#cleanup.unref();
  }

  publish(events: readonly RecordEvent[]): void {
    if (events.length === 0) return;
    this.#published += 1;
    this.#outbox.push(JSON.stringify({ node: this.#node, events }));
    this.#sending ??= this.sendOutbox();
  }

  /** Sends the outbox in order: each run of small payloads in one statement. */
  private async sendOutbox(): Promise<void> {
    while (this.#outbox.length > 0) {
      const batch = this.#outbox;
      this.#outbox = [];
      try {
        const publisher = await this.publisher();
        for (const run of runsBySize(batch)) {
          if (run.inline) {
            await publisher.query(
              'select pg_notify($1, p) from unnest($2::text[]) with ordinality as t(p, n) order by n',
              [CHANNEL, run.payloads],
            );
          } else {
            await publisher.query(
              `with stored as (insert into _realtime_events (payload) values ($2::jsonb) returning seq)
               select pg_notify($1, seq::text) from stored`,
              [CHANNEL, run.payloads[0]],
            );
          }
        }
      } catch (error) {
        // These events are lost for every node; count them back so idle() does not wait.
        this.#returned += batch.length;
        this.#publisher = undefined;
        this.onError(error);
      }
    }
    // Cleared in the same turn as the loop's last check, so nothing is left unsent.
    this.#sending = undefined;
  }

  private publisher(): Promise<pg.Client> {
    this.#publisher ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('error', (error) => {
        this.onError(error);
        this.#publisher = undefined;
      });
      await client.connect();
      await client.query('set synchronous_commit = off');
      return client;
    })().catch((error: unknown) => {
      this.#publisher = undefined;
      throw error;
    });
    return this.#publisher;
  }

  async idle(): Promise<void> {
    const deadline = Date.now() + 5000;
    while (this.#returned < this.#published && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#cleanup);
    await this.#sending;
    const publisher = await this.#publisher?.catch(() => undefined);
    this.#publisher = undefined;
    await publisher?.end().catch(() => {});
    await this.#listener?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const { payload } = message;
      this.#notified.push(payload.startsWith('{') ? { inline: payload } : { seq: Number(payload) });
      if (!this.#reading) {
        this.#reading = true;
        void this.readNotified();
      }
    });
    client.on('error', (error) => {
      this.onError(error);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.#listener = client;
    this.#attempt = 0;
  }

  private reconnect(client: pg.Client): void {
    if (this.#stopped || this.#listener !== client) return;
    this.#listener = undefined;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.#attempt++, RECONNECT_DELAYS_MS.length - 1)];
    setTimeout(() => {
      if (!this.#stopped)
        this.listen().catch((error: unknown) => {
          this.onError(error);
          this.#listener = client;
          this.reconnect(client);
        });
    }, delay).unref();
  }

  /**
   * Reads the notified commits' events, every commit notified meanwhile in one query, on the
   * listening connection when it is up: in commit order, one query at a time (pg 8 deprecates
   * queueing queries on a client), and never waiting for the request pool, which busy writers
   * may hold for seconds. A backlog of notifications makes the next read bigger, not later.
   */
  private async readNotified(): Promise<void> {
    while (this.#notified.length > 0) {
      const notified = this.#notified;
      this.#notified = [];
      try {
        for (const run of runsOfStored(notified)) {
          const all = run.seqs ? await this.storedEvents(run.seqs) : [run.inline];
          for (const stored of all) this.deliverStored(stored);
        }
      } catch (error) {
        this.onError(error);
      }
    }
    // Cleared in the same turn as the loop's last check, so no notification is left unread.
    this.#reading = false;
  }

  private deliverStored(stored: StoredEvents | string): void {
    const { node, events } =
      typeof stored === 'string' ? (JSON.parse(stored) as StoredEvents) : stored;
    this.#deliver?.(events);
    if (node === this.#node) this.#returned += 1;
  }

  private async storedEvents(seqs: number[]): Promise<(StoredEvents | string)[]> {
    const listener = this.#listener;
    const { rows } = listener
      ? await listener.query<{ payload: StoredEvents | string }>(
          'select payload from _realtime_events where seq = any($1::bigint[]) order by seq',
          [seqs],
        )
      : await sql<{ payload: StoredEvents | string }>`
          select payload from _realtime_events where seq = any(${seqs}::bigint[]) order by seq`.execute(
          this.db,
        );
    return rows.map((row) => row.payload);
  }
}

/** A notification: a commit's events in the payload, or the sequence number of their row. */
type Notified = { inline: string } | { seq: number };

/** Consecutive notifications read together: a run of stored rows in one query, or one inline. */
function* runsOfStored(
  notified: readonly Notified[],
): Generator<{ seqs: number[]; inline?: undefined } | { seqs?: undefined; inline: string }> {
  let seqs: number[] = [];
  for (const one of notified) {
    if ('seq' in one) {
      seqs.push(one.seq);
      continue;
    }
    if (seqs.length > 0) yield { seqs };
    seqs = [];
    yield { inline: one.inline };
  }
  if (seqs.length > 0) yield { seqs };
}

/** Payloads in publish order, grouped: each run of small ones, or one large one, at a time. */
export function runsBySize(payloads: readonly string[]): { inline: boolean; payloads: string[] }[] {
  const runs: { inline: boolean; payloads: string[] }[] = [];
  for (const payload of payloads) {
    const inline = Buffer.byteLength(payload) <= MAX_INLINE_BYTES;
    const last = runs.at(-1);
    if (inline && last?.inline) last.payloads.push(payload);
    else runs.push({ inline, payloads: [payload] });
  }
  return runs;
}
