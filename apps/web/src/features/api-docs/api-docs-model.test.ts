import { describe, expect, it } from 'vitest';
import {
  type ApiDocument,
  curlExample,
  exampleOf,
  exampleText,
  fieldRows,
  fillPath,
  groupByTag,
  operationsOf,
  sdkExample,
  searchOperations,
  typeOf,
} from './api-docs-model';

const doc: ApiDocument = {
  info: { title: 'Airgrid API', version: '0.1.0' },
  paths: {
    '/api/health': {
      get: {
        operationId: 'getHealth',
        tags: ['Server'],
        summary: 'Whether the server answers',
        responses: {
          '200': {
            description: 'Success.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { code: { type: 'number', const: 200 } },
                  required: ['code'],
                },
                examples: {
                  recorded: {
                    summary: 'Recorded from the demo station, called by a guest',
                    description: '`GET /api/health`',
                    value: { code: 200, message: 'API is healthy.' },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/api/collections/shows/records/{id}': {
      patch: {
        operationId: 'update_shows',
        tags: ['Records: shows'],
        summary: 'Update a shows record',
        description: 'Changes the fields sent.\n\n| Who | Allowed |\n|---|---|\n| Guest | No |',
        'x-access': { Guest: 'No', Editor: 'When the record is their station’s' },
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { $ref: '#/components/parameters/expand' },
        ],
        requestBody: {
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ShowsUpdate' } },
            'multipart/form-data': { schema: { $ref: '#/components/schemas/ShowsUpdate' } },
          },
        },
        responses: {
          '200': {
            description: 'The record.',
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/ShowsRecord' } },
            },
          },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
    },
    '/api/v1/schedule/place': {
      post: {
        operationId: 'postSchedulePlace',
        tags: ['Schedule'],
        summary: 'Create a timeslot obeying the overlap mode.',
        parameters: [],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  mode: { type: 'string', enum: ['push', 'no-overlap'] },
                  durationSec: { type: 'number', description: 'Seconds.' },
                },
                required: ['mode'],
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Success.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    changed: { type: 'array', items: { $ref: '#/components/schemas/ShowsRecord' } },
                    previous: {
                      type: 'array',
                      items: { type: 'object', properties: { id: { type: 'string' } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    parameters: {
      expand: {
        name: 'expand',
        in: 'query',
        schema: { type: 'string' },
        description: 'Relations.',
      },
    },
    responses: {
      NotFound: {
        description: 'Not found.',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    },
    schemas: {
      ShowsRecord: {
        type: 'object',
        properties: { id: { type: 'string', readOnly: true }, title: { type: 'string' } },
        required: ['id', 'title'],
      },
      ShowsUpdate: {
        type: 'object',
        properties: {
          title: { type: 'string', examples: ['Evening news'] },
          status: { type: 'string', enum: ['draft', 'ready', ''] },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
};

describe('the API reference model', () => {
  const operations = operationsOf(doc);
  const byId = (id: string) => operations.find((each) => each.id === id);

  it('reads every operation with its area, parameters (references followed) and replies', () => {
    expect(operations.map((each) => `${each.method} ${each.path}`)).toEqual([
      'GET /api/health',
      'PATCH /api/collections/shows/records/{id}',
      'POST /api/v1/schedule/place',
    ]);
    const update = byId('update_shows');
    expect(update?.parameters).toEqual([
      { name: 'id', in: 'path', type: 'string', required: true, description: '' },
      { name: 'expand', in: 'query', type: 'string', required: false, description: 'Relations.' },
    ]);
    expect(update?.body?.types).toEqual(['application/json', 'multipart/form-data']);
    expect(update?.responses.map((each) => each.status)).toEqual(['200', '404']);
    expect(update?.responses[1]?.description).toBe('Not found.');
  });

  it('keeps the access table out of the prose and gives it as a map', () => {
    const update = byId('update_shows');
    expect(update?.description).toBe('Changes the fields sent.');
    expect(update?.access).toEqual({ Guest: 'No', Editor: 'When the record is their station’s' });
    expect(byId('getHealth')?.access).toBeNull();
  });

  it('says types in a word', () => {
    expect(typeOf(doc, { type: 'string', enum: ['push', 'no-overlap'] })).toBe(
      '"push" | "no-overlap"',
    );
    expect(typeOf(doc, { type: 'array', items: { type: 'string' } })).toBe('string[]');
    expect(typeOf(doc, { oneOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(typeOf(doc, { $ref: '#/components/schemas/ShowsRecord' })).toBe('object');
    expect(typeOf(doc, {})).toBe('any');
  });

  it('flattens a reply’s fields one level, records left as one row', () => {
    const place = byId('postSchedulePlace');
    expect(place?.responses[0]?.fields.map((row) => `${row.name}: ${row.type}`)).toEqual([
      'changed: object[]',
      'previous: object[]',
      'previous[].id: string',
    ]);
    expect(place?.body?.fields).toEqual([
      { name: 'mode', type: '"push" | "no-overlap"', required: true, description: '' },
      { name: 'durationSec', type: 'number', required: false, description: 'Seconds.' },
    ]);
    expect(
      fieldRows(doc, { $ref: '#/components/schemas/ShowsRecord' }).map((row) => row.required),
    ).toEqual([true, true]);
  });

  it('makes examples from the schemas, leaving out what the server sets', () => {
    expect(exampleOf(doc, { $ref: '#/components/schemas/ShowsUpdate' })).toEqual({
      title: 'Evening news',
      status: 'draft',
      tags: [''],
    });
    expect(exampleOf(doc, { $ref: '#/components/schemas/ShowsRecord' })).toEqual({ title: '' });
    expect(exampleOf(doc, { type: 'integer', minimum: 1 })).toBe(1);
  });

  it('groups Airgrid’s endpoints first, then records, then the server', () => {
    expect(groupByTag(operations).map((group) => group.tag)).toEqual([
      'Schedule',
      'Records: shows',
      'Server',
    ]);
  });

  it('searches every word in the method, path, summary and area', () => {
    expect(searchOperations(operations, 'shows patch').map((each) => each.id)).toEqual([
      'update_shows',
    ]);
    expect(searchOperations(operations, 'TIMESLOT')).toHaveLength(1);
    expect(searchOperations(operations, '  ')).toHaveLength(3);
    expect(searchOperations(operations, 'nothing-like-it')).toEqual([]);
  });

  it('writes a curl command and an SDK call', () => {
    const place = byId('postSchedulePlace');
    if (!place) throw new Error('missing');
    expect(curlExample(place, 'https://tv.example.org')).toBe(
      [
        "curl -X POST 'https://tv.example.org/api/v1/schedule/place'",
        "  -H 'Authorization: YOUR_TOKEN_OR_API_KEY'",
        "  -H 'Content-Type: application/json'",
        `  -d '{"mode":"push","durationSec":0}'`,
      ].join(' \\\n'),
    );
    expect(sdkExample(place, 'https://tv.example.org')).toContain(
      "await pb.send('/api/v1/schedule/place', {\n  method: 'POST',",
    );
    const update = byId('update_shows');
    if (!update) throw new Error('missing');
    expect(sdkExample(update, 'https://tv.example.org')).toContain(
      "const result = await pb.collection('shows').update('RECORD_ID', {",
    );
  });

  it('fills path parameters, encoded, leaving blank ones', () => {
    expect(
      fillPath('/api/files/{collection}/{recordId}/{filename}', {
        collection: 'shows',
        recordId: ' a b ',
      }),
    ).toBe('/api/files/shows/a%20b/{filename}');
  });
});

describe('recorded examples', () => {
  it('reads the reply the server recorded, with the request it answered', () => {
    const health = operationsOf(doc).find((each) => each.id === 'getHealth');
    expect(health?.responses[0]?.recorded).toEqual({
      summary: 'Recorded from the demo station, called by a guest',
      request: 'GET /api/health',
      value: { code: 200, message: 'API is healthy.' },
    });
    const update = operationsOf(doc).find((each) => each.id === 'update_shows');
    expect(update?.responses[0]?.recorded).toBeNull();
  });

  it('shows JSON indented and a text as it came', () => {
    expect(exampleText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(exampleText('#EXTM3U\n#EXTINF:-1,RCTV 1')).toBe('#EXTM3U\n#EXTINF:-1,RCTV 1');
  });
});
