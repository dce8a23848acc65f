import type { FastifyInstance } from 'fastify';
import { ApiError, errorEnvelope } from '../errors/api-error.js';
import { readBodyWithFiles } from '../http/request-body.js';
import { recordRequest } from '../http/request-context.js';
import { pickFields } from './fields-picker.js';
import type { UploadedFile } from './record-files.js';
import type { UploadSpool } from './record-routes.js';
import type { RecordService } from './record-service.js';
import { estimateJsonBytes, MAX_RESPONSE_BYTES, responseTooLarge } from './response-budget.js';

/** Most requests in one batch (PocketBase's default maxRequests). */
const MAX_BATCH_REQUESTS = 50;
/** The largest batch body (PocketBase's default), files included. */
const MAX_BATCH_BODY_SIZE = 128 * 1024 * 1024;
/** A batch's file part: `requests.{i}.{field}` (the SDK) or `requests[{i}].{field}`. */
const BATCH_FILE_PART = /^requests(?:\.(\d+)\.|\[(\d+)\]\.)(.+)$/;

interface BatchRequest {
  method?: unknown;
  url?: unknown;
  body?: unknown;
}

const ACTIONS: [RegExp, 'create' | 'update' | 'delete' | 'upsert'][] = [
  [/^POST \/api\/collections\/([^/?]+)\/records(\?.*)?$/, 'create'],
  [/^PATCH \/api\/collections\/([^/?]+)\/records\/([^/?]+)(\?.*)?$/, 'update'],
  [/^DELETE \/api\/collections\/([^/?]+)\/records\/([^/?]+)(\?.*)?$/, 'delete'],
  [/^PUT \/api\/collections\/([^/?]+)\/records(\?.*)?$/, 'upsert'],
];

/**
 * POST /api/batch (API-CONTRACT §8.1): up to 50 creates, updates, upserts and deletes run in
 * order in one transaction, with the same rules and validation as one at a time; the first
 * failure rolls everything back.
 */
export function batchRoutes(records: RecordService, uploads: UploadSpool) {
  return async (app: FastifyInstance) => {
    app.post('/api/batch', { bodyLimit: MAX_BATCH_BODY_SIZE }, async (request) => {
      // Each sub-request's collection is known only once the JSON part is read, so a file part
      // may be as large as the batch; the record engine then holds it to its field's limit.
      const { values: body, files } = await readBodyWithFiles(request, {
        directory: uploads.uploadDirectory,
        maxBodySize: MAX_BATCH_BODY_SIZE,
        maxFileSize: (fieldname) => (BATCH_FILE_PART.test(fieldname) ? MAX_BATCH_BODY_SIZE : 0),
      });
      try {
        return await runBatch(records, body, filesByRequest(files), request);
      } finally {
        await uploads.discard(files);
      }
    });
  };
}

/** Batch file parts by request index, each renamed to the field it is for. */
function filesByRequest(files: readonly UploadedFile[]): Map<number, UploadedFile[]> {
  const byIndex = new Map<number, UploadedFile[]>();
  for (const file of files) {
    const match = BATCH_FILE_PART.exec(file.fieldname);
    if (!match) continue;
    const index = Number(match[1] ?? match[2]);
    byIndex.set(index, [...(byIndex.get(index) ?? []), { ...file, fieldname: match[3] ?? '' }]);
  }
  return byIndex;
}

async function runBatch(
  records: RecordService,
  body: Record<string, unknown>,
  files: Map<number, UploadedFile[]>,
  request: Parameters<typeof recordRequest>[0],
) {
  const list = body.requests;
  if (!Array.isArray(list) || list.length === 0) {
    throw new ApiError(400, 'Invalid batch request data.', {
      requests: { code: 'validation_required', message: 'Cannot be blank.' },
    });
  }
  if (list.length > MAX_BATCH_REQUESTS) {
    throw new ApiError(400, 'Invalid batch request data.', {
      requests: {
        code: 'validation_length_too_long',
        message: `The length must be no more than ${MAX_BATCH_REQUESTS}.`,
      },
    });
  }
  let index = 0;
  try {
    return await records.transaction(async (batch) => {
      const results: { body: unknown; status: number }[] = [];
      // The answers together stay within one response's size.
      let bytes = 0;
      for (index = 0; index < list.length; index++) {
        const result = await runOne(
          batch,
          list[index] as BatchRequest,
          request,
          files.get(index) ?? [],
        );
        bytes += estimateJsonBytes(result.body);
        if (bytes > MAX_RESPONSE_BYTES) throw responseTooLarge();
        results.push(result);
      }
      return results;
    });
  } catch (error) {
    const response =
      error instanceof ApiError
        ? errorEnvelope(error.status, error.message, error.data)
        : errorEnvelope(500);
    if (!(error instanceof ApiError)) request.log.error({ err: error }, 'batch request failed');
    throw new ApiError(400, 'Batch transaction failed.', {
      requests: {
        [String(index)]: {
          code: 'batch_request_failed',
          message: 'Batch request failed.',
          response,
        },
      },
    });
  }
}

async function runOne(
  records: RecordService,
  item: BatchRequest,
  request: Parameters<typeof recordRequest>[0],
  files: readonly UploadedFile[],
): Promise<{ body: unknown; status: number }> {
  const line = `${String(item.method ?? '').toUpperCase()} ${String(item.url ?? '')}`;
  const match = ACTIONS.map(([pattern, action]) => [pattern.exec(line), action] as const).find(
    ([found]) => found,
  );
  if (!match?.[0])
    throw new ApiError(400, `Invalid batch request: ${line.trim() || 'missing method or url'}.`);
  const [groups, action] = match;
  const collection = decodeURIComponent(groups[1] ?? '');
  const query = new URLSearchParams(String(item.url).split('?')[1] ?? '');
  const body =
    item.body && typeof item.body === 'object' ? (item.body as Record<string, unknown>) : {};
  const context = { ...recordRequest(request, body), context: 'batch' };

  const finish = async (record: Record<string, unknown>) => {
    await records.expand(collection, [record], query.get('expand') ?? undefined, context);
    return { body: pickFields(record, query.get('fields') ?? undefined, false), status: 200 };
  };
  if (action === 'create') return finish(await records.create(collection, body, context, files));
  if (action === 'update')
    return finish(
      await records.update(collection, decodeURIComponent(groups[2] ?? ''), body, context, files),
    );
  if (action === 'delete') {
    await records.delete(collection, decodeURIComponent(groups[2] ?? ''), context);
    return { body: null, status: 204 };
  }
  const id = typeof body.id === 'string' ? body.id : '';
  const exists =
    id !== '' &&
    (await records.findRecord(records.module(collection).definition, id)) !== undefined;
  return finish(
    exists
      ? await records.update(collection, id, body, context, files)
      : await records.create(collection, body, context, files),
  );
}
