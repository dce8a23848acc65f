import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { requireSuperuser } from '../../http/request-context.js';
import { pickFields } from '../../records/fields-picker.js';
import type { ListQuery } from '../../records/list-query.js';
import { listCollections } from './collection-list.js';
import type { CollectionSchema } from './collection-schema.js';

/** Why no write of /api/collections is taken (the answer to every one, to superusers). */
export const COLLECTIONS_ARE_CODE =
  "Collections are defined in Airgrid's code (packages/schema); they cannot be changed through the API.";

interface CollectionParams {
  collection: string;
}

/** The query string with one text per key (a key given twice keeps its first value). */
export function queryOf(request: FastifyRequest): ListQuery & { fields?: string } {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    query[key] = typeof first === 'string' ? first : String(first ?? '');
  }
  return query;
}

/**
 * A write is refused: 405, its `Allow` naming what the path does take (GET, or nothing for
 * the paths that only ever changed collections: RFC 9110 §10.2.1).
 */
function refuseWrite(reply: FastifyReply, allow: 'GET' | ''): never {
  reply.header('allow', allow);
  throw new ApiError(405, COLLECTIONS_ARE_CODE);
}

/**
 * PocketBase's collections API for superusers (API-CONTRACT §1.2), read-only: the list and one
 * collection, from the definitions; every write refused once the requester is known to be a
 * superuser (guests 401, other records 403 first).
 */
export function collectionsRoutes(collections: readonly CollectionSchema[]) {
  const find = (idOrName: string) => {
    const found = collections.find(({ id, name }) => id === idOrName || name === idOrName);
    if (!found) throw new ApiError(404);
    return found;
  };

  return async (app: FastifyInstance) => {
    app.get('/api/collections', async (request) => {
      requireSuperuser(request);
      const query = queryOf(request);
      return pickFields(listCollections(collections, query), query.fields, true);
    });

    app.get<{ Params: CollectionParams }>('/api/collections/:collection', async (request) => {
      requireSuperuser(request);
      return pickFields(find(request.params.collection), queryOf(request).fields, false);
    });

    app.post('/api/collections', async (request, reply) => {
      requireSuperuser(request);
      refuseWrite(reply, 'GET');
    });

    app.put('/api/collections/import', async (request, reply) => {
      requireSuperuser(request);
      refuseWrite(reply, '');
    });

    const refuseChange = async (
      request: FastifyRequest<{ Params: CollectionParams }>,
      reply: FastifyReply,
    ) => {
      requireSuperuser(request);
      find(request.params.collection);
      refuseWrite(reply, 'GET');
    };
    app.patch<{ Params: CollectionParams }>('/api/collections/:collection', refuseChange);
    app.delete<{ Params: CollectionParams }>('/api/collections/:collection', refuseChange);

    app.delete<{ Params: CollectionParams }>(
      '/api/collections/:collection/truncate',
      async (request, reply) => {
        requireSuperuser(request);
        find(request.params.collection);
        refuseWrite(reply, '');
      },
    );
  };
}
