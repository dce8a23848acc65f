import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

// node-postgres sends every query as an unnamed statement, so PostgreSQL parses, analyses and
// plans it anew each time, on the same cores the server uses. The record engine's SQL text
// depends only on the collection, the rule and the filter's shape (values are parameters), so
// a few hundred texts repeat all day: naming them lets each connection parse a text once and
// reuse it (docs/decisions/0021-postgres-writes.md).

/** Client filters can produce new texts without end; past this many, new texts stay unnamed. */
const MAX_KNOWN_TEXTS = 1000;

/** Columns chosen by `*`: see {@link statementName}. */
const SELECT_ALL = /select\s+\*/i;

/**
 * What each SQL text seen so far is sent as: its statement name (one text, one name, for every
 * connection), or null to send it unnamed. Deciding once per text spares the regular
 * expression a scan of every insert's long text (it showed in a create's profile).
 */
const names = new Map<string, string | null>();

/**
 * The name to prepare `text` under, or undefined to send it unnamed: queries without
 * parameters (`begin`, DDL) gain nothing, and `select *` would break on a node that prepared
 * it before another node's migration added a column ("cached plan must not change result
 * type").
 */
export function statementName(text: string, parameterCount: number): string | undefined {
  if (parameterCount === 0) return undefined;
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_KNOWN_TEXTS) return undefined;
    name = SELECT_ALL.test(text) ? null : `airgrid_${names.size + 1}`;
    names.set(text, name);
  }
  return name ?? undefined;
}

/** A pool for Kysely whose connections send repeated queries as named (prepared) statements. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let preparing = wrapped.get(client);
      if (!preparing) {
        preparing = new PreparingClient(client);
        wrapped.set(client, preparing);
      }
      return preparing;
    },
    end: () => pool.end(),
  };
}

/** A pooled connection that names its repeated statements (see {@link statementName}). */
class PreparingClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely's cursors (streams) are submitted as they are.
    if (typeof sqlOrCursor !== 'string')
      return this.client.query(
        sqlOrCursor as unknown as pg.Submittable,
      ) as unknown as PostgresCursor<R>;
    const values = [...parameters];
    const name = statementName(sqlOrCursor, values.length);
    const config = name ? { name, text: sqlOrCursor, values } : { text: sqlOrCursor, values };
    // pg types `command` as any string; Kysely reads only the ones it names.
    return this.client.query(config) as unknown as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    this.client.release();
  }
}
