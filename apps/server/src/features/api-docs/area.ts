import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ENDPOINTS } from '@airgrid/schema/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineArea } from '../../area.js';
import type { RecordService } from '../../records/record-service.js';
import { buildOpenApiDocument, documentIndex } from './openapi-document.js';
import type { RecordedExamples } from './recorded-examples.js';
import recorded from './recorded-examples.json' with { type: 'json' };

/** The server's version, from its package (src/ and dist/ sit at the same depth). */
function serverVersion(): string {
  const file = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

interface Made {
  body: string;
  etag: string;
}

function made(value: unknown): Made {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/**
 * GET /api/openapi.json and GET /api/openapi-index.json (its operations in brief, for the
 * list of endpoints): made once, on the first request, from the contracts and collections.
 */
function apiDocsRoutes(records: RecordService) {
  let document: { full: Made; index: Made } | undefined;
  const documents = () => {
    if (!document) {
      const built = buildOpenApiDocument({
        endpoints: ENDPOINTS,
        collections: records.collections(),
        version: serverVersion(),
        examples: (recorded as RecordedExamples).operations,
      });
      document = { full: made(built), index: made(documentIndex(built)) };
    }
    return document;
  };
  const send =
    (pick: (made: { full: Made; index: Made }) => Made) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { body, etag } = pick(documents());
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    };
  return async (app: FastifyInstance) => {
    app.get(
      '/api/openapi.json',
      send((each) => each.full),
    );
    app.get(
      '/api/openapi-index.json',
      send((each) => each.index),
    );
  };
}

/** The API's OpenAPI document, made from the endpoint contracts and the collections. */
export const apiDocsArea = defineArea({
  name: 'api-docs',
  start: ({ records }) => ({ routes: [apiDocsRoutes(records)] }),
});
