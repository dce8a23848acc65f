import { createHmac, timingSafeEqual } from 'node:crypto';
import { COLLECTIONS } from '@airgrid/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorEnvelope } from '../errors/api-error.js';
import { readBody } from '../http/request-body.js';
import type { ClusterRegistry } from './cluster-registry-repository.js';
import type { ForwardedRequest, StreamForwarding, SubscribeResult } from './forwarding.js';
import { NodeTimeoutError, postToNode } from './node-request.js';
import {
  OAUTH2_CLOSE_SCRIPT,
  type OAuth2RedirectOutcome,
  oauth2RedirectPage,
} from './oauth2-redirect-page.js';
import type { OAuth2Redirect, RealtimeHub } from './realtime-hub.js';

const FORWARDED_IP = 'x-airgrid-forwarded-ip';
const NODE_SIGNATURE = 'x-airgrid-node-signature';
/** How long a node holding a stream may take to answer a forwarded subscription. */
const FORWARD_TIMEOUT_MS = 5000;

/** How a POST for a stream this process does not hold reaches the one that does. */
export interface StreamRouting {
  /** Several PostgreSQL nodes: forwarded over HTTP to the node the registry names. */
  registry?: ClusterRegistry;
  /** A SQLite cluster worker: forwarded through the primary to the worker holding it. */
  worker?: StreamForwarding;
}

/**
 * GET /api/realtime opens an event stream; POST /api/realtime sets its subscriptions
 * (API-CONTRACT §6). With several nodes, a POST for a stream held by another node is forwarded
 * to it, signed with the shared secret so it may carry the client's address; between the
 * workers of one machine it goes over the cluster's IPC channel.
 */
export function realtimeRoutes(
  hub: RealtimeHub,
  secret: string,
  { registry, worker }: StreamRouting = {},
) {
  const sign = (clientId: string, ip: string) =>
    createHmac('sha256', secret).update(`${clientId}|${ip}`).digest('hex');

  /** The client's address as the forwarding node gave it, when the signature proves it is one of us. */
  const forwardedIp = (request: FastifyRequest, clientId: string): string | undefined => {
    const forwarded = request.headers[FORWARDED_IP];
    const signature = request.headers[NODE_SIGNATURE];
    if (typeof forwarded !== 'string' || typeof signature !== 'string') return undefined;
    const expected = Buffer.from(sign(clientId, forwarded));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given)
      ? forwarded
      : undefined;
  };
  const clientIp = (request: FastifyRequest, clientId: string): string =>
    forwardedIp(request, clientId) ?? request.ip;

  const forward = async (
    request: FastifyRequest,
    reply: FastifyReply,
    clientId: string,
    body: unknown,
  ) => {
    const node = registry && (await registry.nodeOf(clientId));
    if (!node || node === registry.nodeUrl)
      throw new ApiError(404, 'Missing or invalid client id.');
    const ip = request.ip;
    let answer: { status: number; text: string };
    try {
      answer = await postToNode(
        `${node}/api/realtime`,
        {
          'content-type': 'application/json',
          ...(request.headers.authorization
            ? { authorization: request.headers.authorization }
            : {}),
          [FORWARDED_IP]: ip,
          [NODE_SIGNATURE]: sign(clientId, ip),
        },
        JSON.stringify(body),
        FORWARD_TIMEOUT_MS,
      );
    } catch (error) {
      // A node that answers late may only be busy (a worker mid-fan-out on a loaded machine):
      // its stream stays registered and the client may try again. A node that cannot be
      // reached is gone, and its streams with it: the client will reconnect elsewhere.
      if (error instanceof NodeTimeoutError)
        throw new ApiError(504, 'The node holding this client did not answer in time.');
      await registry.unregister(clientId).catch(() => {});
      throw new ApiError(404, 'Missing or invalid client id.');
    }
    return reply
      .code(answer.status)
      .type('application/json')
      .send(answer.text || undefined);
  };

  /** Applies a subscription (or OAuth2 redirect) another worker received for a stream this one holds. */
  const applyForwarded = async (request: ForwardedRequest): Promise<SubscribeResult> => {
    if ('oauth2' in request)
      return { status: hub.sendOAuth2(request.oauth2, request.ip) ? 204 : 404, body: '' };
    const collection = request.auth && COLLECTIONS.find((c) => c.name === request.auth?.collection);
    try {
      hub.subscribe({
        clientId: request.clientId,
        subscriptions: request.subscriptions,
        auth: request.auth && collection ? { collection, record: request.auth.record } : null,
        ip: request.ip,
      });
      return { status: 204, body: '' };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return {
        status: error.status,
        body: JSON.stringify(errorEnvelope(error.status, error.message, error.data)),
      };
    }
  };
  worker?.onForwardedRequest(applyForwarded);

  /**
   * Hands an OAuth2 redirect to the client waiting for it, wherever its stream is: this
   * process, another worker (over IPC) or another node (over HTTP, signed). False when no
   * client with that id waits for one from that address.
   */
  const deliverOAuth2 = async (redirect: OAuth2Redirect, ip: string): Promise<boolean> => {
    if (hub.sendOAuth2(redirect, ip)) return true;
    if (worker) {
      const result = await worker.forward({ clientId: redirect.state, ip, oauth2: redirect });
      return result.status === 204;
    }
    const node = registry && (await registry.nodeOf(redirect.state).catch(() => undefined));
    if (!node || node === registry.nodeUrl) return false;
    const answer = await postToNode(
      `${node}/api/oauth2-redirect`,
      {
        'content-type': 'application/json',
        [FORWARDED_IP]: ip,
        [NODE_SIGNATURE]: sign(redirect.state, ip),
      },
      JSON.stringify(redirect),
      FORWARD_TIMEOUT_MS,
    ).catch(() => undefined);
    return answer?.status === 204;
  };

  return async (app: FastifyInstance) => {
    app.get('/api/realtime', (request, reply) => {
      if (hub.shuttingDown) return reply.code(503).send(errorEnvelope(503));
      // The stream outlives the handler: Fastify hands the socket over and stays out of it.
      reply.hijack();
      hub.connect(reply.raw, request.ip);
    });

    app.post('/api/realtime', async (request, reply) => {
      const body = await readBody(request);
      const clientId = typeof body.clientId === 'string' ? body.clientId : '';
      const subscriptions =
        typeof body.subscriptions === 'string' ? [body.subscriptions] : body.subscriptions;
      const auth = request.auth;
      if (clientId && !hub.has(clientId) && worker) {
        const result = await worker.forward({
          clientId,
          subscriptions,
          auth: auth && { collection: auth.collection.name, record: auth.record },
          ip: request.ip,
        });
        return reply
          .code(result.status)
          .type('application/json')
          .send(result.body || JSON.stringify(errorEnvelope(result.status)));
      }
      if (clientId && !hub.has(clientId) && registry)
        return forward(request, reply, clientId, { clientId, subscriptions });
      hub.subscribe({
        clientId: body.clientId,
        subscriptions,
        auth: auth && { collection: auth.collection, record: auth.record },
        ip: clientIp(request, clientId),
      });
      return reply.code(204).send();
    });

    // Where OAuth2 providers send the browser back (API-CONTRACT §5.5): GET, or POST for
    // providers that answer with form_post. The page tells the person what happened; the SDK
    // closes the popup once its stream has the code.
    const redirected = async (request: FastifyRequest, reply: FastifyReply) => {
      const values = request.method === 'GET' ? request.query : await readBody(request);
      const redirect = readRedirect(values);
      const fromNode = redirect ? forwardedIp(request, redirect.state) : undefined;
      if (redirect && fromNode !== undefined)
        return reply.code(hub.sendOAuth2(redirect, fromNode) ? 204 : 404).send();
      let outcome: OAuth2RedirectOutcome = 'lost';
      if (redirect && (await deliverOAuth2(redirect, request.ip)))
        outcome = redirect.error || !redirect.code ? 'refused' : 'done';
      return (
        reply
          .code(outcome === 'done' ? 200 : 400)
          .header('cache-control', 'no-store')
          // The sign-in window stays the app's (its opener watches and closes it).
          .header('cross-origin-opener-policy', 'unsafe-none')
          .type('text/html; charset=utf-8')
          .send(oauth2RedirectPage(outcome))
      );
    };
    app.get('/api/oauth2-redirect', redirected);
    app.post('/api/oauth2-redirect', redirected);
    // The page's one script (the CSP allows no inline one): a window opened for the sign-in
    // closes itself once the app has the code, whichever way the browser separated it from the app.
    app.get('/api/oauth2-redirect/close.js', (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .type('text/javascript; charset=utf-8')
        .send(OAUTH2_CLOSE_SCRIPT),
    );
  };
}

/** The redirect's state, code and error, or null without a usable state. */
function readRedirect(values: unknown): OAuth2Redirect | null {
  const text = (key: string) => {
    const value = (values as Record<string, unknown> | null)?.[key];
    return typeof value === 'string' ? value.slice(0, 2048) : '';
  };
  const state = text('state');
  if (state === '' || state.length > 255) return null;
  const error = text('error');
  return { state, code: text('code'), ...(error ? { error } : {}) };
}
