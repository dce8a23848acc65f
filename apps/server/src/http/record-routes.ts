import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickFields } from '../records/fields-picker.js';
import type { ListQuery, RecordRequest, RecordService } from '../records/record-service.js';
import { readBody } from './request-body.js';
import { recordRequest } from './request-context.js';

interface CollectionParams {
  collection: string;
}
interface RecordParams extends CollectionParams {
  id: string;
}

type Query = ListQuery & { fields?: string; expand?: string };
type RecordsRequest = FastifyRequest<{ Params: CollectionParams; Querystring: Query }>;

/** The records API (API-CONTRACT §2): list, view, create, update and delete. */
export function recordRoutes(records: RecordService) {
  /** Expands and trims one record as the query asks. */
  const respond = async (
    request: RecordsRequest,
    context: RecordRequest,
    record: Record<string, unknown>,
  ) => {
    await records.expand(request.params.collection, [record], request.query.expand, context);
    return pickFields(record, request.query.fields, false);
  };

  return async (app: FastifyInstance) => {
    app.get<{ Params: CollectionParams; Querystring: Query }>(
      '/api/collections/:collection/records',
      async (request) => {
        const context = recordRequest(request);
        const result = await records.list(request.params.collection, request.query, context);
        await records.expand(
          request.params.collection,
          result.items,
          request.query.expand,
          context,
        );
        return pickFields(result, request.query.fields, true);
      },
    );

    app.get<{ Params: RecordParams; Querystring: Query }>(
      '/api/collections/:collection/records/:id',
      async (request) => {
        const context = recordRequest(request);
        return respond(
          request,
          context,
          await records.view(request.params.collection, request.params.id, context),
        );
      },
    );

    app.post<{ Params: CollectionParams; Querystring: Query }>(
      '/api/collections/:collection/records',
      async (request) => {
        records.module(request.params.collection);
        const body = await readBody(request);
        const context = recordRequest(request, body);
        return respond(
          request,
          context,
          await records.create(request.params.collection, body, context),
        );
      },
    );

    app.patch<{ Params: RecordParams; Querystring: Query }>(
      '/api/collections/:collection/records/:id',
      async (request) => {
        records.module(request.params.collection);
        const body = await readBody(request);
        const context = recordRequest(request, body);
        const { collection, id } = request.params;
        return respond(request, context, await records.update(collection, id, body, context));
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
