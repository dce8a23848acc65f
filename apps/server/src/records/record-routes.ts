import type { CollectionDefinition } from '@airgrid/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import {
  DEFAULT_MAX_BODY_SIZE,
  readBodyWithFiles,
  type UploadLimits,
} from '../http/request-body.js';
import { recordRequest } from '../http/request-context.js';
import { pickFields } from './fields-picker.js';
import type { ListQuery } from './list-query.js';
import type { RecordRequest } from './record-access.js';
import type { UploadedFile } from './record-files.js';
import { maxFileSize } from './record-input.js';
import type { RecordService } from './record-service.js';
import { assertResponseSize } from './response-budget.js';

/** Where uploads are spooled, and how to get rid of those a write did not store. */
export interface UploadSpool {
  readonly uploadDirectory: string;
  discard(files: readonly UploadedFile[]): Promise<void>;
}

/**
 * A record write's limits (API-CONTRACT §1.5): 32 MiB plus, for each file field, its largest
 * file times how many it holds; a file part keeps at most its field's largest file.
 */
function recordUploadLimits(definition: CollectionDefinition, directory: string): UploadLimits {
  const fields = new Map(
    definition.fields.flatMap((field) => (field.type === 'file' ? [[field.name, field]] : [])),
  );
  let maxBodySize = DEFAULT_MAX_BODY_SIZE;
  for (const field of fields.values())
    maxBodySize += maxFileSize(field) * Math.max(1, field.maxSelect);
  return {
    directory,
    maxBodySize,
    maxFileSize(fieldname) {
      const field = fields.get(/^\+?(\w+?)\+?$/.exec(fieldname)?.[1] ?? '');
      return field ? maxFileSize(field) : 0;
    },
  };
}

interface CollectionParams {
  collection: string;
}
interface RecordParams extends CollectionParams {
  id: string;
}

type Query = ListQuery & { fields?: string; expand?: string };
type RecordsRequest = FastifyRequest<{ Params: CollectionParams; Querystring: Query }>;

/** The query parameters that name fields or hold an expression. */
const TEXT_PARAMETERS = ['filter', 'sort', 'expand', 'fields'] as const;

/**
 * Reads the path and query before anything else does. A key given twice (`?sort=a&sort=b`)
 * keeps its first value, as PocketBase's `Query().Get` does, so every parameter is one string.
 * A NUL character is refused before it can reach a query: no id, name or field holds one, and
 * PostgreSQL refuses it where SQLite would only find nothing, so both answer alike: 404 for the
 * path, 400 for a parameter.
 */
function readPathAndQuery(request: FastifyRequest): void {
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (Object.values(params).some((value) => typeof value === 'string' && value.includes('\0')))
    throw new ApiError(404);
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    query[key] = typeof first === 'string' ? first : String(first ?? '');
  }
  for (const name of TEXT_PARAMETERS) {
    if (query[name]?.includes('\0')) {
      throw new ApiError(400, `The ${name} parameter must not contain NUL characters.`, {
        [name]: {
          code: 'validation_invalid_characters',
          message: 'Must not contain NUL characters.',
        },
      });
    }
  }
  request.query = query;
}

/** The records API (API-CONTRACT §2): list, view, create, update and delete. */
export function recordRoutes(records: RecordService, uploads: UploadSpool) {
  /** Expands and trims one record as the query asks. */
  const respond = async (
    request: RecordsRequest,
    context: RecordRequest,
    record: Record<string, unknown>,
  ) => {
    await records.expand(request.params.collection, [record], request.query.expand, context);
    const view = pickFields(record, request.query.fields, false);
    assertResponseSize(view);
    return view;
  };

  /** Reads a write's body and uploads, runs the write, and drops whatever uploads it did not keep. */
  const write = async (
    request: RecordsRequest,
    run: (
      context: RecordRequest,
      values: Record<string, unknown>,
      files: UploadedFile[],
    ) => Promise<Record<string, unknown>>,
  ) => {
    const { definition } = records.module(request.params.collection);
    const body = await readBodyWithFiles(
      request,
      recordUploadLimits(definition, uploads.uploadDirectory),
    );
    try {
      const context = recordRequest(request, body.values);
      return await respond(request, context, await run(context, body.values, body.files));
    } finally {
      await uploads.discard(body.files);
    }
  };

  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => readPathAndQuery(request));

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
        const page = pickFields(result, request.query.fields, true);
        assertResponseSize(page);
        return page;
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
      (request) =>
        write(request, (context, values, files) =>
          records.create(request.params.collection, values, context, files),
        ),
    );

    app.patch<{ Params: RecordParams; Querystring: Query }>(
      '/api/collections/:collection/records/:id',
      (request) =>
        write(request, (context, values, files) =>
          records.update(request.params.collection, request.params.id, values, context, files),
        ),
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
