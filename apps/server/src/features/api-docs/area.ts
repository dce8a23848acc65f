import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ENDPOINTS } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { defineArea } from '../../area.js';
import type { RecordService } from '../../records/record-service.js';
import { buildOpenApiDocument } from './openapi-document.js';
import type { RecordedExamples } from './recorded-examples.js';
import recorded from './recorded-examples.json' with { type: 'json' };

/** The server's version, from its package (src/ and dist/ sit at the same depth). */
function serverVersion(): string {
  const file = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** GET /api/openapi.json: made once, on the first request, from the contracts and collections. */
function apiDocsRoutes(records: RecordService) {
  let made: { body: string; etag: string } | undefined;
  const document = () => {
    if (!made) {
      const body = JSON.stringify(
        buildOpenApiDocument({
          endpoints: ENDPOINTS,
          collections: records.collections(),
          version: serverVersion(),
          examples: (recorded as RecordedExamples).operations,
        }),
      );
      made = {
        body,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      };
    }
    return made;
  };
  return async (app: FastifyInstance) => {
    app.get('/api/openapi.json', async (request, reply) => {
      const { body, etag } = document();
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    });
  };
}

/** The API's OpenAPI document, made from the endpoint contracts and the collections. */
export const apiDocsArea = defineArea({
  name: 'api-docs',
  start: ({ records }) => ({ routes: [apiDocsRoutes(records)] }),
});
