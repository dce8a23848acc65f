import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/column-types.js';
import { jsonColumn } from '../../db/column-types.js';
import type { Database } from '../../db/tables.js';
import { ApiError } from '../../errors/api-error.js';
import { claimRecurringRun } from '../../jobs/recurring-runs-repository.js';
import type { Group } from '../../records/filter/filter-ast.js';
import {
  type CompileOptions,
  compileFilter,
  compileSortTerm,
} from '../../records/filter/filter-compiler.js';
import { parseFilter } from '../../records/filter/filter-parser.js';
import { sqlDialect } from '../../records/sql-dialect.js';
import { dataColumn, invalid, LOG_DATA_KEYS, LOG_VIEW, type LogDataKey } from './log-query.js';

/** What a line of /api/logs/stats counts: an hour (PocketBase's) or, asked for, a minute. */
export type StatsInterval = 'hour' | 'minute';

/** A line of the request log as /api/logs sends it (PocketBase's Log, v0.23 and later). */
export interface LogLine {
  id: string;
  created: string;
  level: number;
  message: string;
  data: Record<string, unknown>;
}

/** Rows per INSERT: 5 parameters each, far inside both databases' limits. */
const INSERT_ROWS = 200;
/** Rows per DELETE of the retention, so a backlog never holds the database for long. */
const DELETE_ROWS = 5000;

/** The server filtering on its own behalf: a superuser, with no request to read. */
const SERVER = {
  auth: null,
  isSuperuser: true,
  body: {},
  query: {},
  headers: {},
  method: 'GET',
  context: 'default',
};

function line(row: Record<string, unknown>): LogLine {
  return {
    id: String(row.id),
    created: String(row.created),
    level: Number(row.level),
    message: String(row.message),
    data: logData(row.data),
  };
}

/**
 * A query with a filter the compiler took but the database refuses (PostgreSQL will not compare
 * a JSON value with a text, for one): the filter's fault, so a 400, never a 500.
 */
async function ranFilter<T>(filter: Group | null, query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    if (!filter) throw error;
    throw new ApiError(
      400,
      'Invalid filter: the database cannot compare these values (compare data.<key>, not data itself).',
    );
  }
}

/** The request log's table (`_logs`, migration 202611291100): batched writes, filtered reads. */
export class LogsRepository {
  readonly #view: RawBuilder<unknown>;
  readonly #compile: Omit<CompileOptions, 'now'>;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: Dialect,
  ) {
    // Each typed key of data as a column, by the expression the status index is made with.
    const keys = (Object.keys(LOG_DATA_KEYS) as LogDataKey[]).map((key) => {
      const column = sql.id(dataColumn(key));
      const path = sql.lit(dialect === 'postgres' ? key : `$.${key}`);
      if (dialect === 'sqlite') return sql`json_extract(data, ${path}) as ${column}`;
      return LOG_DATA_KEYS[key] === 'number'
        ? sql`(cast(data ->> ${path} as double precision)) as ${column}`
        : sql`(data ->> ${path}) as ${column}`;
    });
    this.#view = sql`(select id, created, level, message, data, ${sql.join(keys)} from _logs)`;
    this.#compile = {
      dialect: sqlDialect(dialect),
      collection: () => undefined,
      request: SERVER,
      mode: 'client',
      parse: parseFilter,
    };
  }

  /** Writes a batch of lines, a few hundred rows per statement. */
  async insert(lines: readonly LogLine[]): Promise<void> {
    for (let at = 0; at < lines.length; at += INSERT_ROWS) {
      await this.db
        .insertInto('_logs')
        .values(
          lines.slice(at, at + INSERT_ROWS).map((each) => ({
            ...each,
            data: JSON.stringify(each.data),
          })),
        )
        .execute();
    }
  }

  #where(filter: Group | null, now: number, since?: string): RawBuilder<SqlBool> {
    const parts: RawBuilder<SqlBool>[] = [];
    if (since !== undefined) parts.push(sql<SqlBool>`m.created >= ${since}`);
    if (filter) {
      try {
        parts.push(compileFilter(filter, LOG_VIEW, { ...this.#compile, now }));
      } catch (error) {
        throw invalid('filter', error);
      }
    }
    return parts.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(parts, sql` and `)}`;
  }

  /** One page of lines, and how many match unless `count` is false. */
  async list(
    query: { filter: Group | null; sort: readonly string[]; page: number; perPage: number },
    now: number,
    count: boolean,
  ): Promise<{ items: LogLine[]; total: number }> {
    const where = this.#where(query.filter, now);
    let order: RawBuilder<unknown>[];
    try {
      order = query.sort.map((term) => compileSortTerm(term, LOG_VIEW, { ...this.#compile, now }));
    } catch (error) {
      throw invalid('sort', error);
    }
    const offset = (query.page - 1) * query.perPage;
    const { rows } = await ranFilter(
      query.filter,
      sql<Record<string, unknown>>`
        select m.id, m.created, m.level, m.message, m.data from ${this.#view} as m
        where ${where} order by ${sql.join(order)}
        limit ${query.perPage} offset ${offset}`.execute(this.db),
    );
    if (!count) return { items: rows.map(line), total: -1 };
    const { rows: counted } = await ranFilter(
      query.filter,
      sql<{ total: number | string }>`
        select count(*) as total from ${this.#view} as m where ${where}`.execute(this.db),
    );
    return { items: rows.map(line), total: Number(counted[0]?.total ?? 0) };
  }

  /** One line, or undefined. */
  async one(id: string): Promise<LogLine | undefined> {
    const row = await this.db
      .selectFrom('_logs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? line(row as Record<string, unknown>) : undefined;
  }

  /** Lines per hour since `since` that match the filter, oldest hour first. */
  async counts(
    filter: Group | null,
    since: string,
    now: number,
    interval: StatsInterval,
  ): Promise<{ date: string; total: number }[]> {
    // "YYYY-MM-DD HH" or "YYYY-MM-DD HH:MM" of the stored "YYYY-MM-DD HH:MM:SS.sssZ".
    const length = interval === 'hour' ? 13 : 16;
    const bucket = sql`substr(m.created, 1, ${sql.lit(length)})`;
    const { rows } = await ranFilter(
      filter,
      sql<{ bucket: string; total: number | string }>`
        select ${bucket} as bucket, count(*) as total from ${this.#view} as m
        where ${this.#where(filter, now, since)} group by ${bucket} order by ${bucket}`.execute(
        this.db,
      ),
    );
    const rest = interval === 'hour' ? ':00:00.000Z' : ':00.000Z';
    return rows.map((row) => ({ date: `${row.bucket}${rest}`, total: Number(row.total) }));
  }

  /** Deletes lines created before `before`, in slices; returns how many went. */
  async deleteBefore(before: string): Promise<number> {
    let deleted = 0;
    for (;;) {
      const result = await this.db
        .deleteFrom('_logs')
        .where(
          'id',
          'in',
          this.db.selectFrom('_logs').select('id').where('created', '<', before).limit(DELETE_ROWS),
        )
        .executeTakeFirst();
      const count = Number(result.numDeletedRows);
      deleted += count;
      if (count < DELETE_ROWS) return deleted;
    }
  }

  /** Claims this run of a recurring job for this node (jobs/recurring-runs-repository.ts). */
  claim(job: string, now: number, everyMs: number): Promise<boolean> {
    return claimRecurringRun(this.db, job, now, everyMs);
  }
}

/** A log line's JSON data column, an object (empty when missing or not JSON). */
function logData(value: unknown): Record<string, unknown> {
  const data = jsonColumn(value);
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}
