import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiKeys as apiKeysCollection } from '@airgrid/schema';
import type { FastifyInstance } from 'fastify';
import { apiKeyRoutes } from './auth/api-key-routes.js';
import { ApiKeyService } from './auth/api-keys.js';
import { ApiKeysRepository } from './auth/api-keys-repository.js';
import { AuthCache } from './auth/auth-cache.js';
import { AuthFlowService } from './auth/auth-flow-service.js';
import { authRoutes } from './auth/auth-routes.js';
import { AuthService, type AuthState } from './auth/auth-service.js';
import { LoginAttemptsRepository } from './auth/login-attempts-repository.js';
import { LoginThrottle } from './auth/login-throttle.js';
import { createMailer } from './auth/mailer.js';
import { ExternalAuthsRepository } from './auth/oauth2/external-auths-repository.js';
import { providerOf } from './auth/oauth2/oauth2-providers.js';
import { OAuth2Service } from './auth/oauth2/oauth2-service.js';
import { UsersRepository } from './auth/users-repository.js';
import { type Clock, systemClock } from './clock.js';
import { listenOnOwnPort, type OwnPort } from './cluster/own-port.js';
import type { WorkerLink } from './cluster/worker-link.js';
import { COLLECTION_MODULES } from './collections/index.js';
import { currentSlugFor } from './collections/organization-slugs-repository.js';
import type { Config } from './config.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.js';
import { sharedSecret } from './db/shared-secret.js';
import { appConfigRoutes } from './features/app-config/app-config-routes.js';
import { PublicOrganizationRepository } from './features/app-config/public-organization-repository.js';
import { scheduleArchivePurge } from './features/archive/archive-purge.js';
import { ArchiveRepository } from './features/archive/archive-repository.js';
import { cablecastRoutes } from './features/cablecast/cablecast-routes.js';
import { CablecastService } from './features/cablecast/cablecast-service.js';
import { CablecastSync, type CablecastSyncOptions } from './features/cablecast/cablecast-sync.js';
import { CablecastSyncRepository } from './features/cablecast/cablecast-sync-repository.js';
import { scheduleCablecastSyncs } from './features/cablecast/cablecast-sync-schedule.js';
import { CablecastSyncService } from './features/cablecast/cablecast-sync-service.js';
import { SecretBox } from './features/cablecast/secret-box.js';
import { autoCaptionsJob } from './features/captions/auto-captions-job.js';
import { CaptionCoverageRepository } from './features/captions/caption-coverage-repository.js';
import { captionRoutes } from './features/captions/caption-routes.js';
import { speechEngine } from './features/captions/speech-engines.js';
import { EmbedRepository } from './features/embeds/embed-repository.js';
import { embedRoutes } from './features/embeds/embed-routes.js';
import { scheduleEquipmentReminders } from './features/equipment/equipment-reminders.js';
import { EquipmentRemindersRepository } from './features/equipment/equipment-reminders-repository.js';
import { EquipmentRepository } from './features/equipment/equipment-repository.js';
import { equipmentRoutes } from './features/equipment/equipment-routes.js';
import { FEEDS_PATH, feedRoutes } from './features/feeds/feed-routes.js';
import { PodcastFeedRepository } from './features/feeds/podcast-feed-repository.js';
import { PodcastFeedService } from './features/feeds/podcast-feed-service.js';
import { GuideRepository } from './features/guide/guide-repository.js';
import { guideRoutes } from './features/guide/guide-routes.js';
import { healthRoutes } from './features/health/health-routes.js';
import { importRoutes } from './features/import/import-routes.js';
import { ImportService } from './features/import/import-service.js';
import { InviteMailer } from './features/invites/invite-mailer.js';
import { inviteRoutes } from './features/invites/invite-routes.js';
import { InvitesRepository } from './features/invites/invites-repository.js';
import { mediaProbeJob, mediaTranscodeJob } from './features/media/media-probe-job.js';
import { memberRoutes } from './features/members/members-routes.js';
import { MembersService } from './features/members/members-service.js';
import { Notifier } from './features/notifications/notifier.js';
import { episodeAudioJob } from './features/podcasts/episode-audio-job.js';
import { publicPageRoutes } from './features/public-pages/public-page-routes.js';
import { copyRoutes } from './features/schedule/copy-routes.js';
import { CopyService } from './features/schedule/copy-service.js';
import { placeRoutes } from './features/schedule/place-routes.js';
import { PlaceService } from './features/schedule/place-service.js';
import { scheduleRoutes } from './features/schedule/schedule-routes.js';
import { ScheduleService } from './features/schedule/schedule-service.js';
import { seriesRoutes } from './features/schedule/series-routes.js';
import { SeriesService } from './features/schedule/series-service.js';
import { streamRoutes } from './features/streams/stream-routes.js';
import {
  submissionMediaJob,
  submissionProbeJob,
} from './features/submissions/submission-media-jobs.js';
import { submissionRoutes } from './features/submissions/submission-routes.js';
import { SubmissionService } from './features/submissions/submission-service.js';
import { scheduleAbandonedSweep } from './features/submissions/submission-sweep.js';
import { SubmissionThrottle } from './features/submissions/submission-throttle.js';
import { SubmissionsRepository } from './features/submissions/submissions-repository.js';
import { uploadRoutes } from './features/uploads/upload-routes.js';
import { UploadService } from './features/uploads/upload-service.js';
import {
  WebhookDispatcher,
  type WebhookDispatcherOptions,
} from './features/webhooks/webhook-dispatcher.js';
import { webhookRoutes } from './features/webhooks/webhook-routes.js';
import { WebhookService } from './features/webhooks/webhook-service.js';
import { WebhooksRepository } from './features/webhooks/webhooks-repository.js';
import { createFileService } from './files/create-file-service.js';
import { fileRoutes } from './files/file-routes.js';
import { scheduleOrphanSweeps, sweepOrphans } from './files/orphan-sweep.js';
import { createApp, type LogStream, mountRoutes, type RoutePlugin } from './http/app.js';
import { JobQueueRepository } from './jobs/job-queue-repository.js';
import { JobRunner, type JobRunnerOptions } from './jobs/job-runner.js';
import { createGuardedFetch } from './outbound/guarded-fetch.js';
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
  /** The webhook senders' timings (tests shorten them); the address rule is the config's. */
  webhooks?: Omit<WebhookDispatcherOptions, 'allowPrivate'>;
  /** Requests to Cablecast servers (tests shorten the timeout). */
  cablecast?: CablecastSyncOptions;
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
      webhookOptions: options.webhooks,
      cablecastOptions: options.cablecast,
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
  webhookOptions?: Omit<WebhookDispatcherOptions, 'allowPrivate'>;
  cablecastOptions?: CablecastSyncOptions;
  logStream?: LogStream;
}

/** Builds every repository and service once, then the app with each area's routes. */
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
  webhookOptions,
  cablecastOptions,
  logStream,
}: AppParts): Promise<FastifyInstance> {
  const app = await createApp(config, { logStream });
  app.decorate('database', database);
  const { db, dialect } = database;

  // Repositories: the database behind each area.
  const loginAttempts = new LoginAttemptsRepository(db, dialect);
  const guide = new GuideRepository(db, dialect);
  const publicOrganizations = new PublicOrganizationRepository(db);
  // Old slugs' URLs redirect to the current slug (pages, feeds, stations API).
  const currentSlugOf = (former: string) => currentSlugFor(db, former);
  const embeds = new EmbedRepository(db);

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
  const mailer = createMailer(config.mail, config.dataDir, app.log, clock);
  const invites = new InvitesRepository(db, authRecordsChanged);
  const inviteMails = new InviteMailer(invites, mailer, config.appUrl, app.log);
  // Webhooks hear the same events: each change is queued once, by the node that wrote it. The
  // dispatcher needs the record engine, made next; it is set before anything writes.
  let webhookDispatcher: WebhookDispatcher | undefined;
  const records = new RecordService(db, dialect, clock, COLLECTION_MODULES, {
    events: {
      publish(events) {
        changes.observe(events);
        clearOnAuthEvents(events);
        // Only this node's own writes: each new invite is mailed once, by the node that made it.
        inviteMails.observe(events);
        webhookDispatcher?.observe(events);
        bus.publish(events);
      },
    },
    files,
  });
  const notifier = new Notifier(records, app.log, { mailer, appUrl: config.appUrl });
  // Signed webhooks (decision 0032): every process sends its share of the deliveries queue,
  // beside the job runner, so a slow receiver never holds up media work.
  const webhookSender = new WebhookDispatcher(
    new WebhooksRepository(db),
    records,
    notifier,
    app.log,
    clock,
    { ...webhookOptions, allowPrivate: config.webhooksAllowPrivate },
  );
  webhookDispatcher = webhookSender;
  app.decorate('webhooks', webhookSender);
  app.addHook('preClose', async () => webhookSender.stop());
  webhookSender.start();
  // Files a crash left behind (stored, never committed; or replaced, never deleted).
  const stopSweeps = scheduleOrphanSweeps(
    () =>
      sweepOrphans(files.storage, fileCollections(), (id, record) =>
        records.fileNamesOf(id, record),
      ),
    app.log,
  );
  app.addHook('onClose', async () => stopSweeps());
  // What stations archived, deleted for good after their retention: daily, on one node.
  const stopPurges = scheduleArchivePurge(new ArchiveRepository(db), records, app.log, clock);
  app.addHook('onClose', async () => stopPurges());
  // Overdue equipment and expiring certifications: their members are told once, by one node.
  const stopReminders = scheduleEquipmentReminders(
    new EquipmentRemindersRepository(db),
    records,
    notifier,
    app.log,
    clock,
  );
  app.addHook('onClose', async () => stopReminders());
  const users = new UsersRepository(db, clock, authRecordsChanged);
  const realtime = new RealtimeHub(records, app.log, registry);
  // Background jobs (jobs/job-runner.ts): every process takes its share of the queue; a job
  // queued anywhere (its event arrives through the bus) makes each look at once.
  const jobs = new JobRunner(new JobQueueRepository(db), records, app.log, clock, jobOptions);
  const speech = speechEngine(config.autoCaptions);
  jobs
    .register(
      'media-probe',
      mediaProbeJob(records, files.storage, (job) => jobs.enqueue(job)),
    )
    .register('media-transcode', mediaTranscodeJob(records, files.storage))
    .register('captions-generate', autoCaptionsJob(records, files.storage, speech))
    .register('episode-audio', episodeAudioJob(records, files.storage))
    .register('submission-probe', submissionProbeJob(records, files.storage))
    .register('submission-media', submissionMediaJob(records, files.storage));
  const submissionsRepository = new SubmissionsRepository(db);
  const stopSubmissionSweep = scheduleAbandonedSweep(
    records,
    submissionsRepository,
    clock,
    app.log,
  );
  app.addHook('onClose', async () => stopSubmissionSweep());
  const submissionService = new SubmissionService(
    records,
    submissionsRepository,
    new SubmissionThrottle(loginAttempts, clock, config.submissionRateLimit),
    mailer,
    notifier,
    config.appUrl,
    app.log,
  );
  // The Cablecast sync (issue 19): runs are jobs; the schedule queues them on one node.
  const cablecastBox = new SecretBox(secret, 'cablecast credentials');
  const cablecastRepository = new CablecastSyncRepository(db);
  // Every request to a station's Cablecast server goes through the outbound guard: never into
  // this server's network unless the operator allowed it (docs/security.md).
  const cablecastOutbound = {
    ...cablecastOptions,
    fetch: createGuardedFetch({ allowPrivate: config.cablecastAllowPrivate }),
    allowPrivate: config.cablecastAllowPrivate,
  };
  const cablecastSync = new CablecastSync(
    records,
    cablecastRepository,
    cablecastBox,
    clock,
    notifier,
    app.log,
    cablecastOutbound,
  );
  jobs.register('cablecast-sync', cablecastSync.job());
  const cablecastSyncs = new CablecastSyncService(records, cablecastRepository, clock, (job) =>
    jobs.enqueue(job),
  );
  const stopCablecastSchedule = scheduleCablecastSyncs(
    cablecastRepository,
    cablecastSyncs,
    app.log,
    clock,
    cablecastOptions?.scheduleEveryMs,
  );
  app.addHook('onClose', async () => stopCablecastSchedule());
  app.decorate('jobs', jobs);
  app.addHook('preClose', async () => jobs.stop());
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
  const apiKeys = new ApiKeyService(records, new ApiKeysRepository(db), clock, recentAuth);
  const auth = new AuthService(records, users, secret, clock, recentAuth, apiKeys);
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
      appConfigRoutes({
        organizations: publicOrganizations,
        feedbackUrl: config.feedbackUrl,
        currentSlugOf,
      }),
      healthRoutes({ canBackup: dialect === 'sqlite' }),
      recordRoutes(records, files),
      batchRoutes(records, files),
      fileRoutes({ records, auth, files }),
      realtimeRoutes(
        realtime,
        secret,
        workerLink ? { worker: workerLink } : { registry: registry as ClusterRegistry | undefined },
      ),
      inviteRoutes(invites, notifier, inviteMails, clock),
      memberRoutes(new MembersService(records)),
      guideRoutes(guide, publicReads),
      feedRoutes({
        guide,
        appUrl: config.appUrl,
        clock,
        publicReads,
        currentSlugOf,
        podcasts: new PodcastFeedService(new PodcastFeedRepository(db), files.storage, {
          appUrl: config.appUrl,
          basePath: FEEDS_PATH,
          clock,
        }),
      }),
      scheduleRoutes(new ScheduleService(records)),
      placeRoutes(new PlaceService(records)),
      seriesRoutes(new SeriesService(records, clock)),
      copyRoutes(new CopyService(records)),
      importRoutes(new ImportService(records)),
      equipmentRoutes(new EquipmentRepository(db), config.appUrl),
      submissionRoutes(submissionService),
      streamRoutes(clock),
      embedRoutes(embeds, config.webDist, publicReads),
      publicPageRoutes({ webDist: config.webDist, publicReads, clock, currentSlugOf }),
      authRoutes({ auth, flows, logins, oauth2 }),
      apiKeyRoutes(apiKeys),
      cablecastRoutes(
        new CablecastService(records, cablecastBox, clock, cablecastOutbound),
        cablecastSyncs,
      ),
      webhookRoutes(new WebhookService(records, webhookSender)),
      uploadRoutes(
        new UploadService(records, auth, config.dataDir, app.log).allowGuests(
          submissionService.guestUploads(),
        ),
      ),
      captionRoutes({
        records,
        coverage: new CaptionCoverageRepository(db),
        clock,
        speech,
        enqueue: (job) => jobs.enqueue(job),
        verifyFileToken: (token) => auth.verify(token, 'file'),
      }),
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
    /** This process's webhook sender (tests poke it after moving the clock). */
    webhooks: WebhookDispatcher;
  }
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
