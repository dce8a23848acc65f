import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { AuthFlowService } from '../auth/auth-flow-service.js';
import { AuthService } from '../auth/auth-service.js';
import { LoginThrottle } from '../auth/login-throttle.js';
import { createMailer } from '../auth/mailer.js';
import { UsersRepository } from '../auth/users-repository.js';
import { type Clock, systemClock } from '../clock.js';
import { COLLECTION_MODULES } from '../collections/index.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { inviteRoutes } from '../features/invites/invite-routes.js';
import { InvitesRepository } from '../features/invites/invites-repository.js';
import { RealtimeHub } from '../realtime/realtime-hub.js';
import { RecordService } from '../records/record-service.js';
import { authRoutes } from './auth-routes.js';
import { batchRoutes } from './batch-routes.js';
import { registerErrorHandling } from './error-handler.js';
import { healthRoutes } from './health-routes.js';
import { realtimeRoutes } from './realtime-routes.js';
import { recordRoutes } from './record-routes.js';
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

  // Record writes publish their events to the realtime hub, which needs the records to check
  // each subscriber's access: the relay breaks that circle.
  let hub: RealtimeHub | undefined;
  const records = new RecordService(database.db, database.dialect, clock, COLLECTION_MODULES, {
    events: { publish: (events) => hub?.publish(events) },
  });
  hub = new RealtimeHub(records, app.log);
  const realtime = hub;
  app.decorate('realtime', realtime);
  // Open event streams would hold the server open: end them before it closes.
  app.addHook('preClose', async () => realtime.closeAll());
  const users = new UsersRepository(database.db, clock);
  const auth = new AuthService(records, users, config.secret, clock);
  const mailer = createMailer(config.mail, config.dataDir, app.log, clock);
  const flows = new AuthFlowService(auth, users, mailer, config.appUrl, clock, app.log);
  const logins = new LoginThrottle(clock);
  await registerBodyParsers(app);
  registerRequestAuth(app, auth);

  await app.register(healthRoutes({ canBackup: database.dialect === 'sqlite' }));
  await app.register(recordRoutes(records));
  await app.register(batchRoutes(records));
  await app.register(realtimeRoutes(realtime));
  await app.register(inviteRoutes(new InvitesRepository(database.db), clock));
  await app.register(authRoutes({ auth, flows, logins }));
  if (routes) await app.register(async (scoped) => routes(scoped));
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    realtime: RealtimeHub;
  }
}
