import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.js';

/**
 * Which node holds which realtime stream, for several nodes on one PostgreSQL: a subscription
 * POST that reaches a node without the stream is forwarded to the node that has it, so no
 * sticky sessions are needed.
 */
export class ClusterRegistry {
  #nodeUrl = '';

  constructor(private readonly db: Kysely<Database>) {}

  /** This node's address as other nodes reach it; known once the server listens. */
  async setNodeUrl(url: string): Promise<void> {
    this.#nodeUrl = url;
    // Streams a previous run of this node held are gone.
    await sql`delete from _realtime_clients where node_url = ${url}`.execute(this.db);
  }

  get nodeUrl(): string {
    return this.#nodeUrl;
  }

  async register(clientId: string): Promise<void> {
    await sql`insert into _realtime_clients (id, node_url) values (${clientId}, ${this.#nodeUrl})`.execute(
      this.db,
    );
  }

  async unregister(clientId: string): Promise<void> {
    await sql`delete from _realtime_clients where id = ${clientId}`.execute(this.db);
  }

  /** The address of the node holding the client's stream, or undefined. */
  async nodeOf(clientId: string): Promise<string | undefined> {
    const { rows } = await sql<{ node_url: string }>`
      select node_url from _realtime_clients where id = ${clientId}`.execute(this.db);
    return rows[0]?.node_url;
  }
}
