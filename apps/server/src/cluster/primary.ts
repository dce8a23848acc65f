import cluster, { type Worker } from 'node:cluster';
import { errorEnvelope } from '../errors/api-error.js';
import { isWorkerMessage, type WorkerMessage } from './worker-messages.js';

export interface PrimaryOptions {
  workers: number;
  /** Environment for the workers on top of the primary's (the port they share). */
  env: Record<string, string>;
  /** Called once every worker listens for the first time. */
  onReady(): void;
  /** One line for the operator (stderr). */
  log(line: string): void;
}

/** A worker that dies this soon after starting counts as a crash loop. */
const CRASH_WINDOW_MS = 60_000;
const MAX_CRASHES = 5;
const RESTART_DELAY_MS = 1000;
const SHUTDOWN_GRACE_MS = 12_000;

/**
 * The primary of `airgrid serve` with WORKERS > 1: it forks the workers (each a full server on
 * the shared port; the kernel's accept queue is shared through node:cluster), restarts a worker
 * that crashes, and on SIGTERM or SIGINT drains every worker before it exits. It serves no
 * requests itself. On SQLite it also stands in for PostgreSQL's LISTEN/NOTIFY and stream
 * registry: it relays record events to every worker's realtime hub and remembers which worker
 * holds which realtime stream so a subscription POST can reach it. PostgreSQL workers are
 * nodes of their own and send none of those messages, so nothing is relayed twice.
 */
export function runPrimary(options: PrimaryOptions): void {
  const streams = new Map<string, number>();
  const crashes: number[] = [];
  let shuttingDown = false;
  let listening = 0;
  let announced = false;

  cluster.setupPrimary({ serialization: 'advanced' });
  const fork = () => cluster.fork(options.env);
  for (let i = 0; i < options.workers; i++) fork();

  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isWorkerMessage(message)) return;
    route(worker, message);
  });

  function route(worker: Worker, message: WorkerMessage): void {
    switch (message.type) {
      case 'ready':
        listening += 1;
        if (!announced && listening >= options.workers) {
          announced = true;
          options.onReady();
        }
        return;
      case 'events':
        for (const each of Object.values(cluster.workers ?? {})) each?.send(message);
        return;
      case 'stream-open':
        streams.set(message.clientId, worker.id);
        return;
      case 'stream-close':
        if (streams.get(message.clientId) === worker.id) streams.delete(message.clientId);
        return;
      case 'subscribe': {
        const holder = cluster.workers?.[streams.get(message.request.clientId) ?? -1];
        if (holder?.isConnected()) {
          holder.send(message);
          return;
        }
        const body = JSON.stringify(errorEnvelope(404, 'Missing or invalid client id.'));
        worker.send({
          type: 'subscribe-result',
          requestId: message.requestId,
          to: message.from,
          result: { status: 404, body },
        } satisfies WorkerMessage);
        return;
      }
      case 'subscribe-result':
        cluster.workers?.[message.to]?.send(message);
        return;
    }
  }

  cluster.on('exit', (worker, code, signal) => {
    for (const [clientId, id] of streams) if (id === worker.id) streams.delete(clientId);
    if (shuttingDown) return;
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && now - (crashes[0] ?? now) > CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length > MAX_CRASHES) {
      options.log(`airgrid: workers keep crashing (${crashes.length} in a minute); stopping.`);
      stop(1);
      return;
    }
    options.log(
      `airgrid: worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another.`,
    );
    setTimeout(() => {
      if (!shuttingDown) fork();
    }, RESTART_DELAY_MS).unref();
  });

  function stop(exitCode: number): void {
    if (shuttingDown) return;
    shuttingDown = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    const force = setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    let left = workers.length;
    if (left === 0) process.exit(exitCode);
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(exitCode);
      });
      // Each worker drains its own requests and streams (closeOnSignals).
      worker.process.kill('SIGTERM');
    }
  }

  process.once('SIGTERM', () => stop(0));
  process.once('SIGINT', () => stop(0));
}
