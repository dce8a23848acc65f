import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { AnsweredRequest, RequestSink } from '../request-types.js';
import { redactText } from './log-redaction.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's requests are recorded without the client's address (the analytics beacons:
     * their address is used in memory for a rate limit and must not be kept anywhere).
     */
    anonymousAddress?: boolean;
  }
}

/** Whether the request's route keeps no address in logs (`anonymousAddress`). */
function isAnonymous(request: FastifyRequest): boolean {
  return request.routeOptions?.config?.anonymousAddress === true;
}

/**
 * One JSON log line per request, when it completes (method, url, status, time, request id);
 * the "incoming request" line drops to debug so a busy guide page does not double the log.
 * The url is logged as it came: the logger itself redacts the secrets in it (log-redaction.ts),
 * as in every other line.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** PocketBase cuts a logged URL at 3,000 characters and other texts at 2,000. */
const MAX_URL = 3000;
const MAX_TEXT = 2000;

function cut(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

/**
 * Hands every request the app answers (routes, the web app, not-found and refusals alike) to
 * the sinks, as it completes: its URL and error redacted by `redaction` (log-redaction.ts), as
 * every log line is. Added on the root before any route, so every route inherits it. With no
 * sink (request logs off) it costs one length check per request.
 */
export function registerAnsweredRequests(
  app: FastifyInstance,
  redaction: { url(url: string): string },
  sinks: readonly RequestSink[],
): void {
  const errors = new WeakMap<FastifyRequest, Error>();
  app.addHook('onError', async (request, _reply, error) => {
    if (sinks.length > 0) errors.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (sinks.length === 0) return;
    const error = errors.get(request);
    const auth = request.auth;
    const answered: AnsweredRequest = {
      method: cut(request.method.toUpperCase(), 50),
      url: cut(redaction.url(request.url), MAX_URL),
      status: reply.statusCode,
      execTime: Math.round(reply.elapsedTime * 1000) / 1000,
      authCollection: auth?.collection.name ?? null,
      authId: typeof auth?.record.id === 'string' ? auth.record.id : null,
      userIP: isAnonymous(request) ? '' : request.ip,
      remoteIP: isAnonymous(request) ? '' : (request.socket?.remoteAddress ?? ''),
      error: error ? cut(redactText(String(error.message)), MAX_TEXT) : null,
    };
    for (const sink of sinks) sink(answered);
  });
}
