import { hostname } from 'node:os';
import { toRecordDate } from '@airgrid/domain';
import type { JobKind } from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { RecordService } from '../records/record-service.js';
import type { JobQueueRepository, JobRow, NewJob } from './job-queue-repository.js';
import { PollLoop } from './poll-loop.js';

// The job runner (docs/decisions/0026-background-jobs.md): every process runs one; each takes
// due jobs from the shared queue (jobs/job-queue-repository.ts), one at a time by default,
// keeps its claim alive while it works, retries failures with backoff and gives up after a
// few; members see each change through the records' realtime events.

interface JobContext {
  job: JobRow;
  /** Reports progress from 0 to 100; written at most once a second. */
  progress(percent: number): Promise<void>;
  /** Aborted when the server stops: the job goes back to the queue for the next start. */
  signal: AbortSignal;
}

export type JobHandler = (context: JobContext) => Promise<void>;

/** A failure that trying again will not fix (the file is not media): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * Which line a job waits in. Each lane runs `concurrency` jobs at a time on its own, so a
 * station's upload being read (`interactive`) never waits behind an hour of playout packaging
 * (`bulk`): work someone is looking at goes first.
 */
export type JobLane = 'interactive' | 'bulk';

export interface JobRunnerOptions {
  /** How often the queue is looked at when nothing pokes the runner. */
  pollMs?: number;
  /** How long a claim holds without news from its node; renewed at a third of it. */
  leaseMs?: number;
  /** Tries before a job fails for good. */
  maxAttempts?: number;
  /** The wait before the first retry; each later one waits four times longer (at most an hour). */
  backoffMs?: number;
  /** Jobs this process runs at once in each lane. */
  concurrency?: number;
}

const MAX_BACKOFF_MS = 3600_000;
const PROGRESS_EVERY_MS = 1000;

/** The wait before retry number `attempts` (1 after the first failure). */
export function backoffDelay(attempts: number, baseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 4 ** Math.max(0, attempts - 1));
}

export class JobRunner {
  readonly node = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  readonly #handlers = new Map<string, { handler: JobHandler; lane: JobLane }>();
  readonly #running = new Set<Promise<void>>();
  readonly #runningIn: Record<JobLane, number> = { interactive: 0, bulk: 0 };
  readonly #stopping = new AbortController();
  readonly #options: Required<JobRunnerOptions>;
  readonly #loop: PollLoop;

  constructor(
    private readonly queue: JobQueueRepository,
    private readonly records: RecordService,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
    options: JobRunnerOptions = {},
  ) {
    this.#options = {
      pollMs: 5000,
      leaseMs: 60_000,
      maxAttempts: 4,
      backoffMs: 15_000,
      concurrency: 1,
      ...options,
    };
    this.#loop = new PollLoop(() => this.look(), {
      pollMs: this.#options.pollMs,
      onError: (error) => this.log.error({ err: error }, 'job queue look failed'),
    });
  }

  /**
   * Says how to run jobs of a kind, and in which lane (`bulk` for long work nobody waits on);
   * only registered kinds are taken from the queue.
   */
  register(kind: JobKind, handler: JobHandler, lane: JobLane = 'interactive'): this {
    this.#handlers.set(kind, { handler, lane });
    return this;
  }

  /** Queues a job (one job leading to another); every runner hears of it through its event. */
  async enqueue(job: NewJob): Promise<string> {
    const id = await this.queue.enqueue(job, this.clock.now());
    await this.records.announce('jobs', id, 'create');
    this.poke();
    return id;
  }

  /** Starts looking at the queue every `pollMs`, and at once. */
  start(): void {
    this.#loop.start();
  }

  /** Looks at the queue now (a job was queued here): without waiting for the next poll. */
  poke(): void {
    this.#loop.poke();
  }

  /** Resolves once nothing is running or being looked at (tests, and shutdown). */
  async idle(): Promise<void> {
    while (this.#loop.looking || this.#running.size) {
      await this.#loop.idle();
      await Promise.all(this.#running);
    }
  }

  /** Stops taking jobs; jobs under way are told to stop and go back to the queue. */
  async stop(): Promise<void> {
    this.#stopping.abort();
    await this.#loop.stop();
    await this.idle();
  }

  private async look(): Promise<void> {
    const now = this.clock.now();
    for (const id of await this.queue.requeueExpired(now)) {
      this.log.warn({ job: id }, 'job lease expired: queued again');
      await this.records.announce('jobs', id);
    }
    for (const lane of ['interactive', 'bulk'] as const) await this.fill(lane);
  }

  /** Claims due jobs of the lane's kinds while the lane has room. */
  private async fill(lane: JobLane): Promise<void> {
    const kinds = [...this.#handlers].filter(([, entry]) => entry.lane === lane).map(([k]) => k);
    while (this.#runningIn[lane] < this.#options.concurrency && !this.#stopping.signal.aborted) {
      const at = this.clock.now();
      const job = await this.queue.claim(kinds, this.node, at, at + this.#options.leaseMs);
      if (!job) return;
      await this.records.announce('jobs', job.id);
      this.#runningIn[lane] += 1;
      const run = this.run(job).finally(() => {
        this.#running.delete(run);
        this.#runningIn[lane] -= 1;
        // A slot is free: there may be more due work.
        if (!this.#stopping.signal.aborted) this.poke();
      });
      this.#running.add(run);
    }
  }

  private async run(job: JobRow): Promise<void> {
    const handler = this.#handlers.get(job.kind)?.handler;
    if (!handler) return;
    const { leaseMs } = this.#options;
    // The claim is renewed while the job works, so a long transcode is not taken by another node.
    const renew = setInterval(() => {
      void this.queue
        .update(
          job.id,
          this.node,
          { lockedUntil: toRecordDate(this.clock.now() + leaseMs) },
          this.clock.now(),
        )
        .catch((error: unknown) =>
          this.log.warn({ err: error, job: job.id }, 'job lease not renewed'),
        );
    }, leaseMs / 3);
    renew.unref();
    let lastProgress = 0;
    const context: JobContext = {
      job,
      signal: this.#stopping.signal,
      progress: async (percent) => {
        const now = Date.now();
        if (now - lastProgress < PROGRESS_EVERY_MS) return;
        lastProgress = now;
        const progress = Math.max(0, Math.min(100, Math.round(percent)));
        if (await this.queue.update(job.id, this.node, { progress }, this.clock.now()))
          await this.records.announce('jobs', job.id);
      },
    };
    try {
      await handler(context);
      await this.settle(job, {
        state: 'done',
        progress: 100,
        error: '',
        finished: toRecordDate(this.clock.now()),
      });
      this.log.info({ job: job.id, kind: job.kind, target: job.target }, 'job done');
    } catch (error) {
      await this.failed(job, error);
    } finally {
      clearInterval(renew);
    }
  }

  private async failed(job: JobRow, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const now = this.clock.now();
    if (this.#stopping.signal.aborted) {
      // Stopped, not failed: the next start (here or on another node) takes it again.
      await this.settle(job, { state: 'queued', runAfter: toRecordDate(now) });
      return;
    }
    const attempts = Number(job.attempts);
    if (error instanceof PermanentJobError || attempts >= this.#options.maxAttempts) {
      this.log.warn({ job: job.id, kind: job.kind, err: error }, 'job failed');
      await this.settle(job, { state: 'failed', error: message, finished: toRecordDate(now) });
      return;
    }
    const delay = backoffDelay(attempts, this.#options.backoffMs);
    this.log.info({ job: job.id, kind: job.kind, err: error, retryInMs: delay }, 'job will retry');
    await this.settle(job, {
      state: 'queued',
      error: message,
      runAfter: toRecordDate(now + delay),
    });
  }

  /** Ends this node's claim with the job's new state, and tells its subscribers. */
  private async settle(job: JobRow, changes: Partial<JobRow>): Promise<void> {
    const released = await this.queue.update(
      job.id,
      this.node,
      { ...changes, lockedBy: '', lockedUntil: '' },
      this.clock.now(),
    );
    if (released) await this.records.announce('jobs', job.id);
  }
}
