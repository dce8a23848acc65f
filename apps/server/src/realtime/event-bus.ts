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
/** How long events stay in _realtime_events: long enough for every node to read them. */
const RETENTION = '2 minutes';
const CLEANUP_INTERVAL_MS = 30_000;
const RECONNECT_DELAYS_MS = [200, 500, 1000, 2000, 5000];

/**
 * Several nodes on one PostgreSQL: a commit's events are stored as one row of
 * `_realtime_events`, and `NOTIFY airgrid_events, '<seq>'` tells every node (this one too) to
 * read it. The notification carries only the sequence number (NOTIFY payloads are limited to
 * 8,000 bytes); PostgreSQL delivers notifications in commit order, so subscribers see events in
 * order. The listening connection reconnects by itself if it drops.
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
  /** Sequence numbers notified and not yet read, in notification (commit) order. */
  #notified: number[] = [];
  /** The reader of #notified, while there is one. */
  #reading: Promise<void> | undefined;

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
    const payload = JSON.stringify({ node: this.#node, events });
    sql`with stored as (insert into _realtime_events (payload) values (${payload}::jsonb) returning seq)
        select pg_notify(${CHANNEL}, seq::text) from stored`
      .execute(this.db)
      .catch((error: unknown) => {
        this.#returned += 1;
        this.onError(error);
      });
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
    await this.#listener?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      this.#notified.push(Number(message.payload));
      this.#reading ??= this.readNotified();
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
      const seqs = this.#notified;
      this.#notified = [];
      try {
        for (const stored of await this.storedEvents(seqs)) {
          const { node, events } =
            typeof stored === 'string' ? (JSON.parse(stored) as StoredEvents) : stored;
          this.#deliver?.(events);
          if (node === this.#node) this.#returned += 1;
        }
      } catch (error) {
        this.onError(error);
      }
    }
    // Cleared in the same turn as the loop's last check, so no notification is left unread.
    this.#reading = undefined;
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
