import { randomBytes } from 'node:crypto';
import { toRecordDate } from '@airgrid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { LogsConfig } from '../../config.js';
import type { AnsweredRequest } from '../../request-types.js';
import type { LogLine, LogsRepository } from './logs-repository.js';

/** The writer's timings (tests shorten them). */
export interface RequestLogOptions {
  /** How long a line may wait in memory before its batch is written (1 s). */
  flushEveryMs?: number;
  /** A batch this big is written at once, without waiting (200 lines, as PocketBase). */
  batchSize?: number;
  /** Lines held at most while the database is slow or away; newer ones are dropped (10,000). */
  maxPending?: number;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Random bytes drawn a page at a time (one call per 585 lines, not one per line). */
let random = Buffer.alloc(0);
let randomAt = 0;

/**
 * A line's id: 15 characters of [a-z0-9] as a record id, but the first 8 the time in base 36,
 * so lines go into the table's key and `created` index in order (random ids cost twice the
 * time per insert on SQLite, measured), and 7 random ones after.
 */
function lineId(now: number): string {
  let id = Math.max(0, Math.floor(now)).toString(36).padStart(8, '0').slice(-8);
  if (randomAt + 7 > random.length) {
    random = randomBytes(4096);
    randomAt = 0;
  }
  for (let i = 0; i < 7; i++) id += ALPHABET[(random[randomAt++] ?? 0) % ALPHABET.length];
  return id;
}

/** slog's levels, as PocketBase stores them. */
const INFO = 0;
const ERROR = 8;

/**
 * A file of the web app's build served as asked (`/assets/…`, hashed and immutable): a page
 * opened fetches dozens, which would bury the requests an operator reads the log for. One that
 * failed (a 404 after a deploy) is kept.
 */
function isServedBuildFile(request: AnsweredRequest): boolean {
  return request.url.startsWith('/assets/') && request.status < 400;
}

/**
 * The request log's writer: each answered request becomes a line in memory (nothing on the
 * request path waits for the database), and the lines are written in one batch a second, or
 * as soon as 200 are waiting; at close what is left is written. One write is in flight at a
 * time; while the database is away lines wait, up to a bound, then are dropped and counted.
 */
export class RequestLogWriter {
  #pending: LogLine[] = [];
  #writing: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #dropped = 0;
  readonly #flushEveryMs: number;
  readonly #batchSize: number;
  readonly #maxPending: number;

  constructor(
    private readonly logs: LogsRepository,
    private readonly settings: Pick<LogsConfig, 'logIP' | 'logAuthId'>,
    private readonly clock: { now(): number },
    private readonly log: FastifyBaseLogger,
    options: RequestLogOptions = {},
  ) {
    this.#flushEveryMs = options.flushEveryMs ?? 1000;
    this.#batchSize = options.batchSize ?? 200;
    this.#maxPending = options.maxPending ?? 10_000;
  }

  /** The line PocketBase would write for the request (without what the settings leave out). */
  lineOf(request: AnsweredRequest): LogLine {
    const data: Record<string, unknown> = {
      type: 'request',
      method: request.method,
      url: request.url,
      status: request.status,
      execTime: request.execTime,
      auth: request.authCollection ?? 'guest',
    };
    if (this.settings.logAuthId && request.authId) data.authId = request.authId;
    // A route that keeps no address (the analytics beacons) hands none over.
    if (this.settings.logIP && (request.userIP || request.remoteIP)) {
      data.userIP = request.userIP;
      data.remoteIP = request.remoteIP;
    }
    if (request.error) data.error = request.error;
    const now = this.clock.now();
    return {
      id: lineId(now),
      created: toRecordDate(now),
      level: request.status >= 400 ? ERROR : INFO,
      message: `${request.method} ${request.url}`,
      data,
    };
  }

  /** Takes an answered request (Core.recordRequests' sink): memory only. */
  readonly record = (request: AnsweredRequest): void => {
    if (isServedBuildFile(request)) return;
    if (this.#pending.length >= this.#maxPending) {
      this.#dropped++;
      return;
    }
    this.#pending.push(this.lineOf(request));
    if (this.#pending.length >= this.#batchSize) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), this.#flushEveryMs).unref();
  };

  /** Writes every line waiting now (tests call it rather than wait a second). */
  async flush(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    // One write at a time: wait for the one in flight, then write what gathered meanwhile.
    while (this.#writing) await this.#writing;
    if (this.#pending.length === 0) return;
    const batch = this.#pending;
    this.#pending = [];
    this.#writing = this.#write(batch).finally(() => {
      this.#writing = null;
    });
    await this.#writing;
  }

  async #write(batch: LogLine[]): Promise<void> {
    try {
      await this.logs.insert(batch);
    } catch (error) {
      // Kept for the next try, as far as the bound allows (the oldest are kept).
      this.#pending = [...batch, ...this.#pending].slice(0, this.#maxPending);
      this.#timer ??= setTimeout(() => void this.flush(), this.#flushEveryMs).unref();
      this.log.warn({ err: error, lines: batch.length }, 'request log: batch not written');
    }
    if (this.#dropped > 0) {
      this.log.warn(
        { dropped: this.#dropped },
        'request log: lines dropped, the writer was behind',
      );
      this.#dropped = 0;
    }
  }

  /** Writes what is left (at close); a failure is logged, not thrown. */
  async close(): Promise<void> {
    await this.flush();
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
