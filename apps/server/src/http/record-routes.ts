import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ListQuery, RecordService } from '../records/record-service.js';
import { pickFields } from './fields-picker.js';
import { readBody } from './request-body.js';
import { recordRequest } from './request-context.js';

interface CollectionParams {
  collection: string;
}
interface RecordParams extends CollectionParams {
  id: string;
}

type Query = ListQuery & { fields?: string; expand?: string };

/** The records API (API-CONTRACT §2): list, view, create, update and delete. */
export function recordRoutes(records: RecordService) {
  return async (app: FastifyInstance) => {
    const send = (
      request: FastifyRequest<{ Querystring: Query }>,
      reply: FastifyReply,
      body: unknown,
      isList = false,
    ) => reply.send(pickFields(body, request.query.fields, isList));

    app.get<{ Params: CollectionParams; Querystring: Query }>(
      '/api/collections/:collection/records',
      async (request, reply) => {
        const result = await records.list(
          request.params.collection,
          request.query,
          recordRequest(request),
        );
        return send(request, reply, result, true);
      },
    );

    app.get<{ Params: RecordParams; Querystring: Query }>(
      '/api/collections/:collection/records/:id',
      async (request, reply) => {
        const record = await records.view(
          request.params.collection,
          request.params.id,
          recordRequest(request),
        );
        return send(request, reply, record);
      },
    );

    app.post<{ Params: CollectionParams; Querystring: Query }>(
      '/api/collections/:collection/records',
      async (request, reply) => {
        records.module(request.params.collection);
        const body = await readBody(request);
        const record = await records.create(
          request.params.collection,
          body,
          recordRequest(request, body),
        );
        return send(request, reply, record);
      },
    );

    app.patch<{ Params: RecordParams; Querystring: Query }>(
      '/api/collections/:collection/records/:id',
      async (request, reply) => {
        records.module(request.params.collection);
        const body = await readBody(request);
        const { collection, id } = request.params;
        const record = await records.update(collection, id, body, recordRequest(request, body));
        return send(request, reply, record);
      },
    );

    app.delete<{ Params: RecordParams }>(
      '/api/collections/:collection/records/:id',
      async (request, reply) => {
        await records.delete(request.params.collection, request.params.id, recordRequest(request));
        return reply.code(204).send();
      },
    );
  };
}
