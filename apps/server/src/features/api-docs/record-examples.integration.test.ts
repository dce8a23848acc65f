import { readFileSync, writeFileSync } from 'node:fs';
import { COLLECTIONS } from '@airgrid/schema';
import { ENDPOINTS } from '@airgrid/schema/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { DEMO_LOGIN, DEMO_ORGANIZATION } from '../../demo/demo-catalogue.js';
import { seedDemo } from '../../demo/demo-seed.js';
import { hashPassword } from '../../records/passwords.js';
import { openApiPath } from './openapi-document.js';
import {
  normalise,
  type RecordedExample,
  type RecordedExamples,
  trimReply,
  trimText,
} from './recorded-examples.js';

// The API reference's examples are real replies: this test starts the server with the demo
// station (as `serve --demo` seeds it, at a fixed instant), calls every endpoint that can be
// called without side effects, and one list and one view of each collection's records, and
// compares what it gets with the committed recorded-examples.json (ids, dates and credentials
// compared as placeholders: they vary between runs). RECORD_EXAMPLES=1 rewrites the file.
// Every example must also pass the endpoint's own reply schema: the contract's zod schema and
// the OpenAPI document's JSON Schema (the record schemas included).

const FILE = new URL('./recorded-examples.json', import.meta.url);
const RECORD = process.env.RECORD_EXAMPLES === '1';
/** Noon in the demo station's zone: its schedule and the feeds' windows derive from it. */
const NOW = Date.parse('2026-12-02T17:00:00Z');
/** The public address the feeds and playlists write into their links. */
const APP_URL = 'https://tv.riverside.example';

let server: TestServer;
let ownerToken = '';
const recorded: Record<string, RecordedExample> = {};

interface Call {
  as?: 'guest' | 'owner';
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** Calls `METHOD /path/:param` and records its reply under the operation's document key. */
async function record(method: string, path: string, call: Call = {}): Promise<unknown> {
  const as = call.as ?? 'guest';
  let url = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) =>
    encodeURIComponent(call.params?.[name] ?? ''),
  );
  if (call.query) url += `?${new URLSearchParams(call.query)}`;
  const headers: Record<string, string> = as === 'owner' ? { Authorization: ownerToken } : {};
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await server.fetch(url, {
    method,
    headers,
    ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
  });
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
  const text = await response.text();
  expect(response.status, `${method} ${url}: ${text.slice(0, 300)}`).toBeLessThan(300);
  const body = contentType === 'application/json' ? JSON.parse(text) : text;
  const request = trimReply({
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { query: call.query } : {}),
    ...(call.body !== undefined ? { body: call.body } : {}),
  }) as RecordedExample['request'];
  recorded[`${method} ${openApiPath(path)}`] = {
    as,
    request,
    replies: {
      [String(response.status)]: {
        contentType,
        body: typeof body === 'string' ? trimText(body) : trimReply(body),
      },
    },
  };
  return body;
}

beforeAll(async () => {
  const demoPasswordHash = await hashPassword(DEMO_LOGIN.password, 4);
  server = await startTestServer({
    clock: { now: () => NOW },
    env: { APP_URL },
    beforeListen: async (database) => {
      await seedDemo(database.db, {
        clock: { now: () => NOW },
        demoPasswordHash,
        appUrl: APP_URL,
      });
    },
  });
  const auth = (await record('POST', '/api/collections/users/auth-with-password', {
    body: { identity: DEMO_LOGIN.email, password: DEMO_LOGIN.password },
  })) as { token: string };
  ownerToken = auth.token;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('the recorded examples', () => {
  it('records the /api/v1 endpoints that have no side effects', async () => {
    const slug = DEMO_ORGANIZATION.slug;
    await record('GET', '/api/v1/app-config');
    await record('GET', '/api/v1/stations');
    await record('GET', '/api/v1/stations/:key', { params: { key: slug } });
    await record('GET', '/api/v1/guide', {
      query: { organization: slug, from: '2026-12-02T17:00:00Z', to: '2026-12-02T21:00:00Z' },
    });
    await record('GET', '/api/v1/cablecast', { as: 'owner' });
    await record('GET', '/api/v1/captions/engine', { as: 'owner' });
    await record('GET', '/api/v1/captions/coverage', { as: 'owner' });
    await record('GET', '/api/v1/submissions/form/:station', { params: { station: slug } });
    const submission = await server.database.db
      .selectFrom('submissions')
      .select('statusToken')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await record('GET', '/api/v1/submissions/status/:token', {
      params: { token: submission.statusToken },
    });
    await record('GET', '/api/v1/feeds/:organization/xmltv.xml', {
      params: { organization: slug },
    });
    await record('GET', '/api/v1/feeds/:organization/channels.m3u', {
      params: { organization: slug },
    });
    await record('GET', '/api/v1/feeds/:organization/:file', {
      params: { organization: slug, file: 'rctv-1.ics' },
    });
    await record('GET', '/api/v1/streams/test-pattern/live.m3u8');
    // Readiness before air, with the first channel on Airgrid playout for these two calls only
    // (the demo's shows have no media here: no packaging runs); then back as it was.
    const first = await server.database.db
      .selectFrom('channels')
      .select(['id', 'source', 'playoutProfile'])
      .orderBy('number')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const setSource = (source: string, playoutProfile: string) =>
      server.database.db
        .updateTable('channels')
        .set({ source, playoutProfile })
        .where('id', '=', first.id)
        .execute();
    await setSource('playout', '480p30');
    try {
      await record('GET', '/api/v1/channels/:channel/playout/readiness', {
        as: 'owner',
        params: { channel: first.id },
        query: { hours: '24' },
      });
      await record('GET', '/api/v1/playout/readiness', { as: 'owner' });
    } finally {
      await setSource(first.source, first.playoutProfile);
    }
    const channel = await server.database.db
      .selectFrom('channels')
      .select('id')
      .where('slug', '=', 'rctv-1')
      .executeTakeFirstOrThrow();
    await record('GET', '/api/v1/channels/:channel/as-run', {
      as: 'owner',
      params: { channel: channel.id },
      query: { from: '2026-12-02T05:00:00Z', to: '2026-12-03T05:00:00Z' },
    });
    // The programme reports of /analytics over the demo's week.
    for (const report of ['reruns', 'never-aired', 'captions', 'campaigns'])
      await record('GET', `/api/v1/reports/${report}`, {
        as: 'owner',
        query: { from: '2026-11-30T05:00:00Z', to: '2026-12-07T05:00:00Z' },
      });
    // The audience reports (the demo has no viewing recorded: zeros, each channel listed now).
    await record('GET', '/api/v1/analytics/now', { as: 'owner' });
    await record('GET', '/api/v1/analytics/audience', {
      as: 'owner',
      query: { from: '2026-12-01T05:00:00Z', to: '2026-12-02T05:00:00Z', by: 'channel' },
    });
  });

  it('records one list and one view of each collection the owner may read', async () => {
    for (const { name } of COLLECTIONS) {
      const base = `/api/collections/${name}/records`;
      const list = await server.fetch(`${base}?perPage=1`, {
        headers: { Authorization: ownerToken },
      });
      if (list.status !== 200) continue;
      const page = (await record('GET', base, {
        as: 'owner',
        query: { perPage: '2' },
      })) as { items: { id: string }[] };
      const first = page.items[0];
      if (first) {
        await record('GET', `${base}/:id`, { as: 'owner', params: { id: first.id } });
      }
    }
  });

  it('passes each endpoint’s own reply schema', async () => {
    const document = (await (await server.fetch('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    // The document's references, as z.fromJSONSchema finds them.
    const definitions = JSON.parse(
      JSON.stringify(document.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'),
    );
    for (const [key, example] of Object.entries(recorded)) {
      const [method = '', path = ''] = key.split(' ');
      const contract = ENDPOINTS.find(
        (endpoint) => endpoint.method === method && openApiPath(endpoint.path) === path,
      );
      for (const [status, reply] of Object.entries(example.replies)) {
        if (contract) {
          const parsed = contract.reply.safeParse(reply.body);
          expect(parsed.error, `${key} against its contract`).toBeUndefined();
        }
        const response = document.paths[path]?.[method.toLowerCase()]?.responses[status] as
          | { content?: Record<string, { schema: object }> }
          | undefined;
        const schema = Object.entries(response?.content ?? {}).find(([type]) =>
          type.startsWith(reply.contentType),
        )?.[1].schema;
        expect(schema, `${key} ${status} ${reply.contentType} in the document`).toBeDefined();
        const rewritten = JSON.parse(
          JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/'),
        );
        const parsed = z.fromJSONSchema({ ...rewritten, $defs: definitions }).safeParse(reply.body);
        expect(parsed.error, `${key} against the document's schema`).toBeUndefined();
      }
    }
  });

  it('are the committed recorded-examples.json', () => {
    const examples: RecordedExamples = {
      note:
        'Recorded from the demo station by record-examples.integration.test.ts; ' +
        'RECORD_EXAMPLES=1 rewrites it. The OpenAPI document carries these as examples.',
      operations: Object.fromEntries(
        Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)),
      ),
    };
    if (RECORD) {
      writeFileSync(FILE, `${JSON.stringify(examples, null, 2)}\n`);
      return;
    }
    const committed = JSON.parse(readFileSync(FILE, 'utf8')) as RecordedExamples;
    expect(
      normalise(committed),
      'recorded-examples.json is stale: the API answers differently now. Rewrite it with ' +
        '`RECORD_EXAMPLES=1 npx vitest run --project integration-sqlite ' +
        'apps/server/src/features/api-docs/record-examples.integration.test.ts` and commit it.',
    ).toEqual(normalise(examples));
  });
});
