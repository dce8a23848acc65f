import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { AuthFlowService } from '../auth/auth-flow-service.js';
import { AuthService } from '../auth/auth-service.js';
import { LoginAttemptsRepository } from '../auth/login-attempts-repository.js';
import { LoginThrottle } from '../auth/login-throttle.js';
import { createMailer } from '../auth/mailer.js';
import { UsersRepository } from '../auth/users-repository.js';
import { type Clock, systemClock } from '../clock.js';
import type { WorkerLink } from '../cluster/worker-link.js';
import { COLLECTION_MODULES } from '../collections/index.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { embedRoutes } from '../features/embeds/embed-routes.js';
import { feedRoutes } from '../features/feeds/feed-routes.js';
import { GuideRepository } from '../features/guide/guide-repository.js';
import { guideRoutes } from '../features/guide/guide-routes.js';
import { importRoutes } from '../features/import/import-routes.js';
import { ImportService } from '../features/import/import-service.js';
import { inviteRoutes } from '../features/invites/invite-routes.js';
import { InvitesRepository } from '../features/invites/invites-repository.js';
import { Notifier } from '../features/notifications/notifier.js';
import { scheduleRoutes } from '../features/schedule/schedule-routes.js';
import { ScheduleService } from '../features/schedule/schedule-service.js';
import { streamRoutes } from '../features/streams/stream-routes.js';
import { createFileService } from '../files/create-file-service.js';
import { scheduleOrphanSweeps, sweepOrphans } from '../files/orphan-sweep.js';
import type { ClusterRegistry } from '../realtime/cluster-registry.js';
import type { EventBus } from '../realtime/event-bus.js';
import { RealtimeHub } from '../realtime/realtime-hub.js';
import { batchRoutes } from '../records/batch-routes.js';
import { recordRoutes } from '../records/record-routes.js';
import { RecordService } from '../records/record-service.js';
import { authRoutes } from './auth-routes.js';
import { frameworkErrors, registerErrorHandling } from './error-handler.js';
import { fileRoutes } from './file-routes.js';
import { registerGuestRateLimit } from './guest-rate-limit.js';
import { healthRoutes } from './health-routes.js';
import { realtimeRoutes } from './realtime-routes.js';
import { registerBodyParsers } from './request-body.js';
import { registerRequestAuth } from './request-context.js';
import { RequestLogController } from './request-log.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerWebApp } from './web-app.js';

/** Default body limit for /api (PocketBase's DefaultMaxBodySize, 32 MiB). */
export const BODY_LIMIT_BYTES = 32 * 1024 * 1024;

export interface AppOptions {
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
  clock?: Clock;
  /** Extra routes, registered before the web app's catch-all (tests use this). */
  routes?: (app: FastifyInstance) => Promise<void> | void;
}

/**
 * Builds the HTTP app in a fixed order: request ids and logs, security headers and CORS, the
 * web app and the error envelope, then the API routes.
 */
export async function buildApp({
  config,
  database,
  secret,
  bus,
  registry,
  workerLink,
  routes,
  clock = systemClock,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    requestIdHeader: 'x-request-id',
    logController: new RequestLogController(),
    genReqId: () => randomUUID(),
    // Stop handing out keep-alive connections on close so a drain finishes quickly.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // The router's own refusals (a malformed percent code) answer in the envelope too.
    frameworkErrors,
  });
  app.decorate('database', database);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  await registerSecurityHeaders(app);
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'],
  });

  // The web app's catch-all is the not-found fallback; error handling comes before any route
  // so every plugin registered after it inherits the envelope.
  const fallback = await registerWebApp(app, config.webDist);
  registerErrorHandling(app, fallback);

  // Record writes go to the bus after commit; the bus brings every node's events to this
  // node's hub, which checks each subscriber's access before sending.
  const files = createFileService(config, app.log);
  app.addHook('onClose', async () => files.close());
  const records = new RecordService(database.db, database.dialect, clock, COLLECTION_MODULES, {
    events: bus,
    files,
  });
  // Files a crash left behind (stored, never committed; or replaced, never deleted).
  const stopSweeps = scheduleOrphanSweeps(
    () =>
      sweepOrphans(files.storage, fileCollections(), (id, record) =>
        records.fileNamesOf(id, record),
      ),
    app.log,
  );
  app.addHook('onClose', async () => stopSweeps());
  const realtime = new RealtimeHub(records, app.log, registry);
  await bus.start((events) => realtime.publish(events));
  app.decorate('realtime', realtime);
  app.decorate('realtimeSettled', async () => {
    await bus.idle();
    await realtime.idle();
  });
  // Open event streams would hold the server open: end them before it closes.
  app.addHook('preClose', async () => realtime.shutdown());
  app.addHook('onClose', async () => bus.stop());
  const users = new UsersRepository(database.db, clock);
  const auth = new AuthService(records, users, secret, clock);
  const mailer = createMailer(config.mail, config.dataDir, app.log, clock);
  const flows = new AuthFlowService(auth, users, mailer, config.appUrl, clock, app.log);
  const logins = new LoginThrottle(
    new LoginAttemptsRepository(database.db, database.dialect),
    clock,
  );
  await registerBodyParsers(app);
  registerRequestAuth(app, auth);
  await registerGuestRateLimit(app, config.guestRateLimit);

  await app.register(
    healthRoutes({ canBackup: database.dialect === 'sqlite', feedbackUrl: config.feedbackUrl }),
  );
  await app.register(recordRoutes(records, files));
  await app.register(batchRoutes(records, files));
  await app.register(fileRoutes({ records, auth, files }));
  await app.register(
    realtimeRoutes(
      realtime,
      secret,
      workerLink ? { worker: workerLink } : { registry: registry as ClusterRegistry | undefined },
    ),
  );
  const notifier = new Notifier(records, app.log);
  await app.register(inviteRoutes(new InvitesRepository(database.db), notifier, clock));
  await app.register(guideRoutes(new GuideRepository(database.db, database.dialect)));
  await app.register(
    feedRoutes({
      guide: new GuideRepository(database.db, database.dialect),
      appUrl: config.appUrl,
      clock,
    }),
  );
  await app.register(scheduleRoutes(new ScheduleService(records)));
  await app.register(importRoutes(new ImportService(records)));
  await app.register(streamRoutes(clock));
  await app.register(embedRoutes(database, config.webDist));
  await app.register(authRoutes({ auth, flows, logins }));
  if (routes) await app.register(async (scoped) => routes(scoped));
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    realtime: RealtimeHub;
    /** Resolves once every event this node published has reached its subscribers (tests use it). */
    realtimeSettled(): Promise<void>;
  }
}

/** The ids of the collections that hold files. */
function fileCollections(): string[] {
  return COLLECTION_MODULES.filter(({ definition }) =>
    definition.fields.some((field) => field.type === 'file'),
  ).map(({ definition }) => definition.id);
}
