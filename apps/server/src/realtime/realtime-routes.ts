import { createHmac, timingSafeEqual } from 'node:crypto';
import { COLLECTIONS } from '@airgrid/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WorkerLink } from '../cluster/worker-link.js';
import type { ForwardedSubscription, SubscribeResult } from '../cluster/worker-messages.js';
import { ApiError, errorEnvelope } from '../errors/api-error.js';
import { readBody } from '../http/request-body.js';
import type { ClusterRegistry } from './cluster-registry.js';
import { NodeTimeoutError, postToNode } from './node-request.js';
import type { RealtimeHub } from './realtime-hub.js';

const FORWARDED_IP = 'x-airgrid-forwarded-ip';
const NODE_SIGNATURE = 'x-airgrid-node-signature';
/** How long a node holding a stream may take to answer a forwarded subscription. */
const FORWARD_TIMEOUT_MS = 5000;

/** How a POST for a stream this process does not hold reaches the one that does. */
export interface StreamRouting {
  /** Several PostgreSQL nodes: forwarded over HTTP to the node the registry names. */
  registry?: ClusterRegistry;
  /** A SQLite cluster worker: forwarded through the primary to the worker holding it. */
  worker?: WorkerLink;
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

  /** The client's address: the forwarding node's word for it when the signature proves it is one of us. */
  const clientIp = (request: FastifyRequest, clientId: string): string => {
    const forwarded = request.headers[FORWARDED_IP];
    const signature = request.headers[NODE_SIGNATURE];
    if (typeof forwarded !== 'string' || typeof signature !== 'string') return request.ip;
    const expected = Buffer.from(sign(clientId, forwarded));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given)
      ? forwarded
      : request.ip;
  };

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

  /** Applies a subscription another worker received for a stream this one holds. */
  const applyForwarded = async (request: ForwardedSubscription): Promise<SubscribeResult> => {
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
  worker?.onForwardedSubscription(applyForwarded);

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
  };
}
