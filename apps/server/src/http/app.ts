import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { RequestSink } from '../request-types.js';
import { frameworkErrors, registerErrorHandling } from './error-handler.js';
import { LogRedaction, redactingLogger } from './log-redaction.js';
import { registerRateLimits } from './rate-limits.js';
import { registerBodyParsers } from './request-body.js';
import { registerRequestAuth } from './request-context.js';
import { RequestLogController, registerAnsweredRequests } from './request-log.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerWebApp } from './web-app.js';

/** Default body limit for /api (PocketBase's DefaultMaxBodySize, 32 MiB). */
export const BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** An area's routes: a Fastify plugin its `*-routes.ts` module returns, registered by main.ts. */
export type RoutePlugin = (app: FastifyInstance) => Promise<void> | void;

/** Where log lines go (one JSON line per write). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Builds the HTTP app without its routes, in a fixed order: request ids and logs, security
 * headers and CORS, the web app and the error envelope. main.ts then builds the services on the
 * app's logger and hands them to mountRoutes.
 */
export async function createApp(
  config: Config,
  {
    logStream,
    requestSinks = [],
  }: {
    logStream?: LogStream;
    /** What takes each answered request, redacted (filled by main.ts as areas start). */
    requestSinks?: readonly RequestSink[];
  } = {},
): Promise<FastifyInstance> {
  // Secrets in URLs (tokens in paths and query strings) never reach a log line: the routes are
  // learnt as they are registered, below.
  const redaction = new LogRedaction();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-upload-token"]'],
      ...redactingLogger(redaction),
      ...(logStream ? { stream: logStream } : {}),
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
  app.addHook('onRoute', (route) => redaction.learnRoute(route.url));
  registerAnsweredRequests(app, redaction, requestSinks);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });

  registerSecurityHeaders(app);
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'],
  });

  // The web app's catch-all is the not-found fallback; error handling comes before any route
  // so every plugin registered after it inherits the envelope.
  const fallback = await registerWebApp(app, config.webDist);
  registerErrorHandling(app, fallback);
  await registerCompression(app);
  return app;
}

/**
 * On-the-fly compression of the responses built per request: API JSON, feeds streamed afresh,
 * the embed page (docs/decisions/0015-compressed-responses.md). It applies to routes registered
 * after it, so the web app's files, registered before, keep their build-time .br and .gz copies.
 * A response that already names its Content-Encoding (a cached public read) is left alone, as
 * are bodies under 1 KB (the headers would outweigh the saving), types that are not text
 * (images, video, already compressed), and event streams, which are hijacked and never pass
 * through Fastify's send. Brotli at quality 4: most of its ratio for a few percent of the CPU
 * of its best. Request bodies are not decompressed: PocketBase accepts none compressed.
 */
async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });
}

/**
 * The request plumbing every API route relies on (body parsers, the request's auth, the guest
 * limit, which needs that auth), then the areas' route plugins in the order given.
 */
export async function mountRoutes(
  app: FastifyInstance,
  {
    config,
    auth,
    routes,
  }: { config: Config; auth: Parameters<typeof registerRequestAuth>[1]; routes: RoutePlugin[] },
): Promise<void> {
  await registerBodyParsers(app);
  registerRequestAuth(app, auth);
  await registerRateLimits(app, { guest: config.guestRateLimit, apiKey: config.apiKeyRateLimit });
  for (const plugin of routes) await app.register(plugin);
}
