import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiKeys as apiKeysCollection } from '@airgrid/schema';
import type { FastifyInstance } from 'fastify';
import type { AreaExposed, AreaOptions, Core, StartedArea } from './area.js';
import { apiKeyRoutes } from './auth/api-key-routes.js';
import { ApiKeyService } from './auth/api-keys.js';
import { ApiKeysRepository } from './auth/api-keys-repository.js';
import { AuthCache } from './auth/auth-cache.js';
import { AuthFlowService } from './auth/auth-flow-service.js';
import { authRoutes } from './auth/auth-routes.js';
import { AuthService, type AuthState } from './auth/auth-service.js';
import { LoginAttemptsRepository } from './auth/login-attempts-repository.js';
import { LoginThrottle } from './auth/login-throttle.js';
import { createMailer, mailRouteOf, SettingsMailer } from './auth/mailer.js';
import { ExternalAuthsRepository } from './auth/oauth2/external-auths-repository.js';
import { providerOf } from './auth/oauth2/oauth2-providers.js';
import { OAuth2Service } from './auth/oauth2/oauth2-service.js';
import { UsersRepository } from './auth/users-repository.js';
import { type Clock, systemClock } from './clock.js';
import { listenOnOwnPort, type OwnPort } from './cluster/own-port.js';
import type { WorkerLink } from './cluster/worker-link.js';
import { currentSlugFor } from './collections/organization-slugs-repository.js';
import type { Config } from './config.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.js';
import { readOperatorSettings } from './db/operator-settings.js';
import { sharedSecret } from './db/shared-secret.js';
import { demoMediaJob } from './demo/demo-media.js';
import { AREAS, COLLECTION_MODULES } from './features/index.js';
import { createFileService } from './files/create-file-service.js';
import { fileRoutes } from './files/file-routes.js';
import { scheduleOrphanSweeps, sweepOrphans } from './files/orphan-sweep.js';
import { createApp, type LogStream, mountRoutes, type RoutePlugin } from './http/app.js';
import { JobQueueRepository } from './jobs/job-queue-repository.js';
import { JobRunner, type JobRunnerOptions } from './jobs/job-runner.js';
import { MediaHolders } from './jobs/media-holders.js';
import { Notifier } from './notifications/notifier.js';
import { OrganizationChangeMarks } from './public-reads/change-marks.js';
import { PublicReadCache } from './public-reads/public-read-cache.js';
import { ClusterRegistry } from './realtime/cluster-registry-repository.js';
import { type EventBus, LocalEventBus, PostgresEventBus } from './realtime/event-bus.js';
import { RealtimeHub } from './realtime/realtime-hub.js';
import { realtimeRoutes } from './realtime/realtime-routes.js';
import { batchRoutes } from './records/batch-routes.js';
import { setPasswordHashCost } from './records/passwords.js';
import type { RecordEvent } from './records/record-events.js';
import { recordRoutes } from './records/record-routes.js';
import { RecordService } from './records/record-service.js';
import type { RequestSink } from './request-types.js';
import { uploadRoutes } from './uploads/upload-routes.js';
import { UploadService } from './uploads/upload-service.js';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The address the server listens on, e.g. http://127.0.0.1:8090. */
  url: string;
  /** Stops accepting connections, drains requests in flight, then closes the database. */
  close(): Promise<void>;
}

export interface StartOptions extends AreaOptions {
  /** Runs before the HTTP server starts, after migrations (the demo seed uses it). */
  beforeListen?: (database: DatabaseHandle) => Promise<void>;
  /**
   * "Now" for everything the app builds: record dates, tokens, throttles, feed windows, the test
   * pattern (tests move it). Timers and file ages keep real time. The system clock by default.
   */
  clock?: Clock;
  /** Extra routes, registered before the web app's catch-all (tests mount probes with it). */
  routes?: RoutePlugin;
  /**
   * Set in a cluster worker (WORKERS > 1); the primary owns the pid file. On SQLite, events,
   * stream ownership and forwarded subscriptions go through the primary over this link. On
   * PostgreSQL the worker is a node like any other (the database carries its events and knows
   * its streams) with a port of its own for forwarded subscriptions; the link only says ready.
   */
  worker?: WorkerLink;
  /** The background job runner's timings (tests shorten them). */
  jobs?: JobRunnerOptions;
  /** Where log lines go: standard output by default (tests read them). */
  logStream?: LogStream;
}

/** The file that marks a running server in DATA_DIR; restore refuses to run while it exists. */
export const PID_FILE = 'airgrid.pid';

/**
 * The composition root: config → database (migrated) → the app's shell (for its logger) →
 * repositories → services → routes → listening.
 */
export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  setPasswordHashCost(config.passwordHashCost);
  const database = openDatabase(config.database);
  let app: FastifyInstance | undefined;
  let registry: ClusterRegistry | undefined;
  let ownPort: OwnPort | undefined;
  try {
    await migrateToLatest(database.db);
    await options.beforeListen?.(database);
    const secret = config.secret ?? (await sharedSecret(database.db));
    // On PostgreSQL every process is a node, maybe one of several: events and stream ownership
    // go through the database. SQLite is one machine: events stay in memory, or with WORKERS
    // go through the primary (the worker's link stands in for the database).
    const relay = config.database.dialect === 'postgres' ? undefined : options.worker;
    const onBusError = (error: unknown) =>
      app?.log.error({ err: error }, 'realtime event bus error');
    const bus: EventBus =
      relay ??
      (config.database.dialect === 'postgres'
        ? new PostgresEventBus(database.db, config.database.url, onBusError)
        : new LocalEventBus());
    registry =
      config.database.dialect === 'postgres' ? new ClusterRegistry(database.db) : undefined;
    app = await composeApp({
      config,
      database,
      secret,
      bus,
      registry: relay ?? registry,
      workerLink: relay,
      clock: options.clock ?? systemClock,
      routes: options.routes,
      jobOptions: options.jobs,
      areaOptions: options,
      logStream: options.logStream,
    });
    await app.listen({ port: config.port, host: config.host });
    // A PostgreSQL cluster worker: the shared port reaches any worker, so it cannot be the
    // address other nodes forward this worker's streams' subscriptions to.
    if (registry && options.worker) ownPort = await listenOnOwnPort(app, config.host);
  } catch (error) {
    await ownPort?.close();
    await app?.close();
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  await registry?.setNodeUrl(nodeUrl(config, port, ownPort?.port));
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
        await Promise.all([running.close(), ownPort?.close()]);
        await database.close();
        if (pidFile) rmSync(pidFile, { force: true });
      })();
      return closing;
    },
  };
}

/**
 * Where other nodes reach this one: NODE_URL, or the host and port it listens on. A cluster
 * worker on PostgreSQL is reached on its own port, at NODE_URL's host when that is set.
 */
function nodeUrl(config: Config, port: number, ownPort: number | undefined): string {
  if (config.nodeUrl) {
    if (ownPort === undefined) return config.nodeUrl;
    const url = new URL(config.nodeUrl);
    url.port = String(ownPort);
    return url.href.replace(/\/+$/, '');
  }
  const host = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${ownPort ?? port}`;
}

interface AppParts {
  config: Config;
  database: DatabaseHandle;
  /** The token-signing secret (config.secret, or the database's shared one). */
  secret: string;
  /** Carries record events to every node's realtime hub. */
  bus: EventBus;
  /** Set when several nodes share PostgreSQL, or in a SQLite cluster worker (its link). */
  registry?: ClusterRegistry | WorkerLink;
  /** Set in a SQLite cluster worker: subscriptions for streams of other workers go through it. */
  workerLink?: WorkerLink;
  clock: Clock;
  routes?: RoutePlugin;
  jobOptions?: JobRunnerOptions;
  areaOptions: AreaOptions;
  logStream?: LogStream;
}

/**
 * Builds the core once (records, files, auth, realtime, jobs, notifications), then starts
 * every area of features/index.ts with it, and mounts the core's routes and then the areas'.
 */
async function composeApp({
  config,
  database,
  secret,
  bus,
  registry,
  workerLink,
  clock,
  routes,
  jobOptions,
  areaOptions,
  logStream,
}: AppParts): Promise<FastifyInstance> {
  // Filled as the areas start (Core.recordRequests); read by http/ on every answered request.
  const requestSinks: RequestSink[] = [];
  const app = await createApp(config, { logStream, requestSinks });
  app.decorate('database', database);
  const { db, dialect } = database;

  // Record writes go to the bus after commit; the bus brings every node's events to this
  // node's hub, which checks each subscriber's access before sending, and to the change marks
  // that age the cached public reads. This node's own writes mark their organization changed
  // as they commit, before the bus's round trip, so the writer's next read is already fresh.
  const changes = new OrganizationChangeMarks();
  const publicReads = new PublicReadCache(changes, clock);
  const files = createFileService(config, app.log);
  app.addHook('onClose', async () => files.close());
  // Tokens verified a moment ago (auth/auth-cache.ts): every change to an auth record clears
  // them. This node's own writes clear them before answering (the writer's next request must
  // see its new role); other nodes' writes when their events arrive; writes outside the record
  // engine through the repositories' callbacks.
  const recentAuth = new AuthCache<AuthState>();
  const authRecordsChanged = () => recentAuth.clear();
  const clearOnAuthEvents = (events: readonly RecordEvent[]) => {
    if (events.some((event) => AUTH_COLLECTIONS.has(event.collection))) authRecordsChanged();
  };
  // The operator may change the sender and the SMTP server from the console (PATCH
  // /api/settings): each mail reads them, so every node follows a change at once.
  const mailer = new SettingsMailer(
    config.mail,
    (mail) => createMailer(mail, config.dataDir, app.log, clock),
    async () => mailRouteOf(await readOperatorSettings(db), config.mail.from),
  );
  // The areas that watch this node's own writes (an invite is mailed, a webhook queued, once).
  const observers: StartedArea['observe'][] = [];
  const records = new RecordService(db, dialect, clock, COLLECTION_MODULES, {
    events: {
      publish(events) {
        changes.observe(events);
        clearOnAuthEvents(events);
        for (const observe of observers) observe?.(events);
        bus.publish(events);
      },
    },
    files,
  });
  const notifier = new Notifier(records, app.log, { mailer, appUrl: config.appUrl });
  // Files a crash left behind (stored, never committed; or replaced, never deleted).
  const stopSweeps = scheduleOrphanSweeps(
    () =>
      sweepOrphans(files.storage, fileCollections(), (id, record) =>
        records.fileNamesOf(id, record),
      ),
    app.log,
  );
  app.addHook('onClose', async () => stopSweeps());
  const users = new UsersRepository(db, clock, authRecordsChanged);
  const realtime = new RealtimeHub(records, app.log, registry);
  // Background jobs (jobs/job-runner.ts): every process takes its share of the queue; a job
  // queued anywhere (its event arrives through the bus) makes each look at once. The areas
  // register their handlers as they start.
  const jobs = new JobRunner(new JobQueueRepository(db), records, app.log, clock, jobOptions);
  app.decorate('jobs', jobs);
  app.addHook('preClose', async () => jobs.stop());
  const loginAttempts = new LoginAttemptsRepository(db, dialect);
  const apiKeys = new ApiKeyService(records, new ApiKeysRepository(db), clock, recentAuth);
  const auth = new AuthService(records, users, secret, clock, recentAuth, apiKeys);
  const uploads = new UploadService(records, auth, config.dataDir, app.log);

  const core: Core = {
    config,
    database,
    clock,
    log: app.log,
    secret,
    records,
    files,
    auth,
    jobs,
    media: new MediaHolders(),
    notifier,
    mailer,
    publicReads,
    loginAttempts,
    currentSlugOf: (former) => currentSlugFor(db, former),
    authRecordsChanged,
    databaseReplaced() {
      authRecordsChanged();
      changes.observeEverything();
      realtime.closeAll();
    },
    allowGuestUploads: (guests) => uploads.allowGuests(guests),
    expose: (name, value) => app.decorate(name, value as never),
    beforeClose: (step) => app.addHook('preClose', async () => step()),
    onClose: (step) => app.addHook('onClose', async () => step()),
    recordRequests: (sink) => requestSinks.push(sink),
    options: areaOptions,
  };
  // The demo station's sample media (demo/demo-media.ts), made on whichever node takes the job
  // in the bulk lane: a new station's own upload is read meanwhile.
  jobs.register('demo-media', demoMediaJob(records, clock), 'bulk');
  const areaRoutes: RoutePlugin[] = [];
  for (const area of AREAS) {
    const started = await area.start(core);
    if (started.observe) observers.push(started.observe);
    areaRoutes.push(...(started.routes ?? []));
  }

  await bus.start((events) => {
    changes.observe(events);
    clearOnAuthEvents(events);
    realtime.publish(events);
    if (events.some((event) => event.collection === 'jobs' && event.record.state === 'queued'))
      jobs.poke();
  });
  jobs.start();
  app.decorate('realtime', realtime);
  app.decorate('realtimeSettled', async () => {
    await bus.idle();
    await realtime.idle();
  });
  // Open event streams would hold the server open: end them before it closes.
  app.addHook('preClose', async () => realtime.shutdown());
  app.addHook('onClose', async () => bus.stop());
  const flows = new AuthFlowService(auth, users, mailer, config.appUrl, clock, app.log);
  const logins = new LoginThrottle(loginAttempts, clock);
  const oauth2 = new OAuth2Service(
    config.oauth2.map(providerOf),
    records,
    users,
    new ExternalAuthsRepository(db, clock),
    app.log,
  );

  await mountRoutes(app, {
    config,
    auth,
    routes: [
      recordRoutes(records, files),
      batchRoutes(records, files),
      fileRoutes({ records, auth, files }),
      realtimeRoutes(
        realtime,
        secret,
        workerLink ? { worker: workerLink } : { registry: registry as ClusterRegistry | undefined },
      ),
      authRoutes({ auth, flows, logins, oauth2 }),
      apiKeyRoutes(apiKeys),
      uploadRoutes(uploads),
      ...areaRoutes,
      ...(routes ? [async (scoped: FastifyInstance) => routes(scoped)] : []),
    ],
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    realtime: RealtimeHub;
    /** Resolves once every event this node published has reached its subscribers (tests use it). */
    realtimeSettled(): Promise<void>;
    /** This process's background job runner. */
    jobs: JobRunner;
  }
  // What the areas expose for tests (area.ts's `AreaExposed`, e.g. the webhook sender).
  interface FastifyInstance extends AreaExposed {}
}

/**
 * The names of the auth collections and of API keys, whose events change who a token speaks
 * for (a revoked key must stop working at once).
 */
const AUTH_COLLECTIONS = new Set([
  ...COLLECTION_MODULES.filter(({ definition }) => definition.type === 'auth').map(
    ({ definition }) => definition.name,
  ),
  apiKeysCollection.name,
]);

/** The ids of the collections that hold files. */
function fileCollections(): string[] {
  return COLLECTION_MODULES.filter(({ definition }) =>
    definition.fields.some((field) => field.type === 'file'),
  ).map(({ definition }) => definition.id);
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
