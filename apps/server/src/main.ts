import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Clock, systemClock } from './clock.js';
import type { WorkerLink } from './cluster/worker-link.js';
import type { Config } from './config.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.js';
import { sharedSecret } from './db/shared-secret.js';
import { buildApp } from './http/app.js';
import { ClusterRegistry } from './realtime/cluster-registry.js';
import { type EventBus, LocalEventBus, PostgresEventBus } from './realtime/event-bus.js';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The address the server listens on, e.g. http://127.0.0.1:8090. */
  url: string;
  /** Stops accepting connections, drains requests in flight, then closes the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Runs before the HTTP server starts, after migrations (the demo seed uses it). */
  beforeListen?: (database: DatabaseHandle) => Promise<void>;
  /** The source of "now" for everything the server does (tests move it); the system clock by default. */
  clock?: Clock;
  /** Extra routes, registered before the web app's catch-all (tests mount probes with it). */
  routes?: Parameters<typeof buildApp>[0]['routes'];
  /**
   * Set in a cluster worker (SQLite, WORKERS > 1): events, stream ownership and forwarded
   * subscriptions go through the primary. The primary owns the pid file.
   */
  worker?: WorkerLink;
}

/** The file that marks a running server in DATA_DIR; restore refuses to run while it exists. */
export const PID_FILE = 'airgrid.pid';

/** Composition root: config → database (migrated) → HTTP app → listening. */
export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  const database = openDatabase(config.database);
  let app: FastifyInstance | undefined;
  let registry: ClusterRegistry | undefined;
  try {
    await migrateToLatest(database.db);
    await options.beforeListen?.(database);
    const secret = config.secret ?? (await sharedSecret(database.db));
    // On PostgreSQL every node may be one of several: events and stream ownership go through
    // the database. SQLite is one process, so events stay in memory.
    const onBusError = (error: unknown) =>
      app?.log.error({ err: error }, 'realtime event bus error');
    const bus: EventBus =
      options.worker ??
      (config.database.dialect === 'postgres'
        ? new PostgresEventBus(database.db, config.database.url, onBusError)
        : new LocalEventBus());
    registry =
      config.database.dialect === 'postgres' ? new ClusterRegistry(database.db) : undefined;
    app = await buildApp({
      config,
      database,
      secret,
      bus,
      registry: options.worker ?? registry,
      workerLink: options.worker,
      clock: options.clock ?? systemClock,
      routes: options.routes,
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const reachableHost = ['0.0.0.0', '::', 'localhost'].includes(config.host)
    ? '127.0.0.1'
    : config.host;
  await registry?.setNodeUrl(
    config.nodeUrl ??
      `http://${reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost}:${port}`,
  );
  const pidFile = options.worker ? undefined : path.join(config.dataDir, PID_FILE);
  if (pidFile) writeFileSync(pidFile, `${process.pid}\n`);

  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const running = app;
  let closing: Promise<void> | undefined;
  return {
    app: running,
    database,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close() {
      closing ??= (async () => {
        await running.close();
        await database.close();
        if (pidFile) rmSync(pidFile, { force: true });
      })();
      return closing;
    },
  };
}

/** How long a drain may take before the process gives up on stragglers. */
const SHUTDOWN_GRACE_MS = 10_000;

/** On SIGTERM or SIGINT: stop accepting, drain, close the database, exit 0 (1 if it hangs). */
export function closeOnSignals(server: RunningServer): void {
  const shutdown = (signal: NodeJS.Signals) => {
    server.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      server.app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
