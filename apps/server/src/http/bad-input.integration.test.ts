import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { COLLECTIONS } from '@airgrid/schema';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChannel,
  createRecurrence,
  createShow,
  createTimeslot,
  signUpOwner,
} from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// "Never a 500 for bad input": whatever a client sends (bodies nested 10,000 deep, numbers past
// any date, NULs, broken multipart, odd headers, odd paths and query strings), every route
// answers 2xx, 3xx or 4xx, within a few seconds, on SQLite and PostgreSQL alike. First the cases
// that used to be 500s, as examples; then a fast-check fuzz over every route the server registers.

/** Every route the server registered, as `METHOD /pattern` (a route per method). */
const registered = new Set<string>();
/** The routes the router sent a request to, in the same form. */
const reached = new Set<string>();

/**
 * Starts the server with an eye on its Fastify instance, through the channel Fastify announces
 * each new instance on: every route registered, and every route a request reaches. The fuzz
 * below draws its routes from what the server registers, not from a list kept by hand.
 */
async function startWatchedServer(): Promise<TestServer> {
  const watch = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
    });
    fastify.addHook('onRequest', async (request) => {
      reached.add(`${request.method} ${request.routeOptions.url}`);
    });
  };
  subscribe('fastify.initialization', watch);
  try {
    return await startTestServer();
  } finally {
    unsubscribe('fastify.initialization', watch);
  }
}

// The server starts as the file loads: Vitest collects the tests (one per registered route)
// before any beforeAll runs.
const server = await startWatchedServer();
let owner: Awaited<ReturnType<typeof signUpOwner>>;
const ids = {
  organization: '',
  slug: '',
  user: '',
  channel: '',
  channelSlug: '',
  show: '',
  timeslot: '',
  recurrence: '',
  embed: '',
  thumbnail: '',
  upload: '',
};
/** The realtime client id of a stream held open through the fuzz, so subscriptions are real. */
let clientId = '';
const realtime = new AbortController();

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  owner = await signUpOwner(server);
  ids.organization = owner.organization.id;
  ids.slug = String(owner.organization.slug);
  ids.user = owner.record.id;
  const channel = await createChannel(owner.pb, ids.organization, { public: true });
  ids.channel = channel.id;
  ids.channelSlug = String(channel.slug);
  const show = await createShow(owner.pb, ids.organization, {
    title: 'Council Meeting',
    thumbnail: new File([PNG], 'pixel.png', { type: 'image/png' }),
  });
  ids.show = show.id;
  ids.thumbnail = String(show.thumbnail);
  ids.timeslot = (
    await createTimeslot(owner.pb, ids.organization, {
      channel: ids.channel,
      show: ids.show,
      start: '2026-12-01 12:00:00.000Z',
    })
  ).id;
  ids.recurrence = (
    await createRecurrence(owner.pb, ids.organization, {
      channel: ids.channel,
      show: ids.show,
      timeZone: 'America/New_York',
      startLocal: '2026-12-07T19:00',
      durationSec: 1800,
    })
  ).id;
  ids.embed = (
    await owner.pb.collection('embeds').create({
      organization: ids.organization,
      name: 'Guide',
      kind: 'guide',
      channels: [ids.channel],
    })
  ).id;
  clientId = await openRealtime();
  ids.upload = await startUpload();
}, 60_000);

afterAll(async () => {
  realtime.abort();
  await server?.stop();
});

/** Opens GET /api/realtime and reads the client id from its PB_CONNECT event. */
async function openRealtime(): Promise<string> {
  const response = await server.fetch('/api/realtime', { signal: realtime.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  while (!/"clientId"\s*:\s*"([^"]+)"/.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the realtime stream ended before PB_CONNECT: ${text}`);
    text += Buffer.from(value).toString();
  }
  // Keep reading in the background, so the stream never backs up; the abort ends it.
  void (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {}
  })();
  return /"clientId"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? '';
}

/** Begins a tus upload of the show's media (never finished), so its own routes meet a real one. */
async function startUpload(): Promise<string> {
  const metadata = tusMetadata({
    collection: 'shows',
    record: ids.show,
    field: 'media',
    filename: 'clip.mp4',
    filetype: 'video/mp4',
  });
  const response = await server.fetch('/api/v1/uploads', {
    method: 'POST',
    headers: {
      authorization: owner.pb.authStore.token,
      'tus-resumable': '1.0.0',
      'upload-length': '1024',
      'upload-metadata': metadata,
    },
  });
  const location = response.headers.get('location') ?? '';
  if (response.status !== 201 || !location)
    throw new Error(`the upload did not begin: ${response.status} ${await response.text()}`);
  return location.split('/').pop() ?? '';
}

interface Answer {
  status: number;
  body: { message?: string; data?: Record<string, { code?: string; message?: string }> };
  text: string;
}

/** Sends a request, signed in as the owner unless told otherwise; JSON bodies are stringified. */
async function send(
  method: string,
  pathname: string,
  body?: unknown,
  headers: Record<string, string> = {},
  signedIn = true,
): Promise<Answer> {
  const all: Record<string, string> = { ...headers };
  if (signedIn && !('authorization' in all)) all.authorization = owner.pb.authStore.token;
  let payload: string | Buffer | undefined;
  if (typeof body === 'string' || Buffer.isBuffer(body)) payload = body;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined && !('content-type' in all)) all['content-type'] = 'application/json';
  const response = await server.fetch(pathname, {
    method,
    headers: all,
    body: payload,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let parsed: Answer['body'] = {};
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed, text };
}

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

function uploadsLeft(): string[] {
  try {
    return readdirSync(path.join(server.dataDir, 'tmp', 'uploads'));
  } catch {
    return [];
  }
}

describe('bodies nested too deep', () => {
  it('are refused with 400 before validation, at any depth past 64', async () => {
    const organization = ids.organization;
    for (const depth of [65, 10_000, 100_000]) {
      const answer = await send(
        'POST',
        '/api/collections/shows/records',
        `{"organization":"${organization}","title":"Deep","tags":${nested(depth)}}`,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(
        'Failed to read the submitted data: the JSON body nests arrays and objects more than 64 levels deep.',
      );
    }
    // 64 levels in all (the body's object and 63 arrays in a json field) are fine.
    const fine = await send(
      'POST',
      '/api/collections/shows/records',
      `{"organization":"${organization}","title":"Deep enough","tags":${nested(63)}}`,
    );
    expect(fine.status, fine.text).toBe(200);
    // Brackets inside strings are text, not nesting.
    const text = await send('POST', '/api/collections/shows/records', {
      organization,
      title: '['.repeat(150),
    });
    expect(text.status, text.text).toBe(200);
  });

  it('are refused the same in a batch, a realtime subscription and a multipart @jsonPayload', async () => {
    expect((await send('POST', '/api/batch', `{"requests":${nested(10_000, '{}')}}`)).status).toBe(
      400,
    );
    expect(
      (await send('POST', '/api/realtime', `{"clientId":"x","subscriptions":${nested(10_000)}}`))
        .status,
    ).toBe(400);
    const boundary = 'deep';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="@jsonPayload"',
      '',
      `{"tags":${nested(10_000)}}`,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const answer = await send('POST', '/api/collections/shows/records', body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'Failed to read the submitted data: @jsonPayload nests arrays and objects more than 64 levels deep.',
    );
  });
});

describe('broken multipart bodies', () => {
  it('without a boundary are a 400 that says so', async () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=']) {
      const answer = await send('POST', '/api/collections/shows/records', 'title=x', {
        'content-type': type,
      });
      expect(answer.status, type).toBe(400);
      expect(answer.body.message).toBe(
        'Failed to read the multipart body: its Content-Type needs a boundary of 1 to 70 characters, e.g. multipart/form-data; boundary=x.',
      );
    }
  });

  it('cut short are a 400, and the upload spooled so far is deleted', async () => {
    const boundary = 'cut';
    const head = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="organization"',
      '',
      ids.organization,
      `--${boundary}`,
      'Content-Disposition: form-data; name="thumbnail"; filename="big.png"',
      'Content-Type: image/png',
      '',
      '',
    ].join('\r\n');
    for (const body of [
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nNo end`,
      Buffer.concat([Buffer.from(head), PNG, Buffer.alloc(256 * 1024, 7)]),
    ]) {
      const answer = await send('POST', '/api/collections/shows/records', body, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(
        'Failed to read the multipart body: it ends before its closing boundary (the request was cut short).',
      );
    }
    expect(uploadsLeft()).toEqual([]);
  });
});

describe('dates and durations out of range', () => {
  const slot = (values: Record<string, unknown>) =>
    send('POST', '/api/collections/timeslots/records', {
      organization: ids.organization,
      channel: ids.channel,
      show: ids.show,
      start: '2027-01-04 12:00:00.000Z',
      durationSec: 900,
      ...values,
    });

  it('refuse a timeslot start outside years 1 to 9999, whatever its form', async () => {
    for (const start of [
      1e20,
      -1e20,
      8.64e15,
      '+275760-09-13',
      '+275760-09-13T00:00:00.000Z',
      '0000-12-31 23:59:59.999Z',
      '10000-01-01 00:00:00.000Z',
    ]) {
      const answer = await slot({ start });
      expect(answer.status, `${start}: ${answer.text}`).toBe(400);
      // The input's own verdict, not "Cannot be blank." from the required check after it.
      expect(answer.body.data?.start, String(start)).toMatchObject({
        code: 'validation_invalid_date',
      });
    }
    // The ends of the range are dates like any other.
    for (const start of ['0001-01-01 00:00:00.000Z', '9999-12-31 23:00:00.000Z']) {
      const answer = await slot({ start });
      expect(answer.status, `${start}: ${answer.text}`).toBe(200);
    }
  });

  it('say the range in the field error of an optional date', async () => {
    for (const until of [1e20, '+275760-09-13T00:00:00Z', '0000-06-01 00:00:00.000Z']) {
      const answer = await send('PATCH', `/api/collections/recurrences/records/${ids.recurrence}`, {
        until,
      });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.data?.until).toEqual({
        code: 'validation_invalid_date',
        message: 'Must be a datetime from 0001-01-01 00:00:00.000Z to 9999-12-31 23:59:59.999Z.',
        params: { min: '0001-01-01 00:00:00.000Z', max: '9999-12-31 23:59:59.999Z' },
      });
    }
  });

  it('refuse durations past 7 days on timeslots, recurrences and shows', async () => {
    const maximum = {
      code: 'validation_max_number_constraint',
      message: 'Must be less than 604800.',
      params: { max: 604800 },
    };
    for (const durationSec of [1e16, 1e300, 2 ** 53 + 1, 604_800 + 900]) {
      expect((await slot({ durationSec })).body.data?.durationSec, `${durationSec}`).toEqual(
        maximum,
      );
      const recurrence = await send(
        'PATCH',
        `/api/collections/recurrences/records/${ids.recurrence}`,
        { durationSec },
      );
      expect(recurrence.status).toBe(400);
      expect(recurrence.body.data?.durationSec).toEqual(maximum);
      const show = await send('PATCH', `/api/collections/shows/records/${ids.show}`, {
        durationSec,
      });
      expect(show.status).toBe(400);
      expect(show.body.data?.durationSec).toEqual(maximum);
    }
    expect((await slot({ durationSec: 604_800 })).status).toBe(200);
    // A recurrence's exception may not make an airing longer either, nor start one in year 0.
    for (const [override, message] of [
      [{ durationSec: 1e300 }, 'durationSec must be at most 604800 seconds (7 days)'],
      [{ startLocal: '0000-01-01T00:00' }, 'startLocal must be in years 0001 to 9999'],
    ] as const) {
      const exception = await send(
        'PATCH',
        `/api/collections/recurrences/records/${ids.recurrence}`,
        { exceptions: { '2026-12-14T19:00': override } },
      );
      expect(exception.status, exception.text).toBe(400);
      expect(exception.body.data?.exceptions).toEqual({
        code: 'validation_invalid_recurrence',
        message: `Exception 2026-12-14T19:00: ${message}`,
      });
    }
  });

  it('refuse whole numbers past 2^53 and sums that overflow', async () => {
    const answer = await send('PATCH', `/api/collections/channels/records/${ids.channel}`, {
      sortOrder: 2 ** 60,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data?.sortOrder?.code).toBe('validation_unsafe_integer');
    const overflow = await send('PATCH', `/api/collections/channels/records/${ids.channel}`, {
      sortOrder: Number.MAX_SAFE_INTEGER,
      'sortOrder+': Number.MAX_SAFE_INTEGER,
    });
    expect(overflow.status).toBe(400);
    expect(overflow.body.data?.sortOrder).toEqual({
      code: 'validation_unsafe_integer',
      message: 'Must be a whole number from -9007199254740991 to 9007199254740991.',
      params: { min: -9007199254740991, max: 9007199254740991 },
    });
  });

  it('refuse a schedule move or resize to an instant outside years 1 to 9999', async () => {
    for (const body of [
      { start: '+275760-09-13T00:00:00Z' },
      { start: '-000001-01-01T00:00:00Z' },
      { edge: 'end', end: '+010000-01-01T00:00:00Z' },
    ]) {
      const answer = await send('POST', '/api/v1/schedule/move', {
        timeslot: ids.timeslot,
        mode: 'push',
        ...body,
      });
      expect(answer.status, answer.text).toBe(400);
      const field = 'edge' in body ? 'end' : 'start';
      expect(answer.body.data?.[field]).toEqual({
        code: 'validation_invalid_datetime',
        message: 'Must be an instant from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.',
      });
    }
    const expand = await send('POST', `/api/v1/schedule/recurrences/${ids.recurrence}/expand`, {
      from: '2027-01-01T00:00:00Z',
      to: '+275760-09-13T00:00:00Z',
    });
    expect(expand.status).toBe(400);
    expect(expand.body.data?.to?.code).toBe('validation_invalid_datetime');
  });

  it('refuse a guide window outside years 1 to 9999, and odd feed days', async () => {
    const guide = (from: string, to: string) =>
      send(
        'GET',
        `/api/v1/guide?${new URLSearchParams({ organization: ids.slug, from, to })}`,
        undefined,
        {},
        false,
      );
    const early = await guide('0000-12-31T22:00:00Z', '0001-01-01T02:00:00Z');
    expect(early.status).toBe(400);
    expect(early.body.data?.from).toEqual({
      code: 'validation_invalid_date',
      message:
        'The from parameter must be an instant from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.',
    });
    const late = await guide('9999-12-31T20:00:00Z', '9999-12-31T23:00:00-02:00');
    expect(late.status).toBe(400);
    expect(late.body.data?.to?.code).toBe('validation_invalid_date');
    expect((await guide('9999-12-31T00:00:00Z', '9999-12-31T23:59:59.999Z')).status).toBe(200);
    for (const days of ['1e20', '-1', '9007199254740993', 'Infinity']) {
      const feed = await send(
        'GET',
        `/api/v1/feeds/${ids.slug}/xmltv.xml?days=${days}`,
        undefined,
        {},
        false,
      );
      expect(feed.status, days).toBe(400);
    }
  });
});

describe('NUL characters', () => {
  const refused = {
    code: 'validation_invalid_characters',
    message: 'Must not contain NUL characters.',
  };

  it('are refused in text, url, email and json values alike, on both databases', async () => {
    const show = await send('PATCH', `/api/collections/shows/records/${ids.show}`, {
      subtitle: 'a\u0000b',
      mediaUrl: 'https://example.org/\u0000',
      tags: ['fine', { 'key\u0000': 1 }],
      externalIds: { deep: [[['\u0000']]] },
    });
    expect(show.status).toBe(400);
    expect(show.body.data).toEqual({
      subtitle: refused,
      mediaUrl: refused,
      tags: refused,
      externalIds: refused,
    });
    const feedback = await send('POST', '/api/collections/feedback/records', {
      email: 'a\u0000@example.org',
      message: 'Hello',
    });
    expect(feedback.status).toBe(400);
    expect(feedback.body.data?.email).toEqual(refused);
    // jsonb cannot hold an unpaired surrogate either, so json refuses it everywhere.
    const surrogate = await send('PATCH', `/api/collections/shows/records/${ids.show}`, {
      tags: ['\ud800'],
    });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.data?.tags?.code).toBe('validation_invalid_characters');
  });

  it('in a path id or a query parameter never reach the database', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const answer = await send(
        method,
        '/api/collections/shows/records/abc%00def',
        method === 'PATCH' ? {} : undefined,
      );
      expect(answer.status, method).toBe(404);
    }
    for (const name of ['filter', 'sort', 'expand', 'fields']) {
      const answer = await send('GET', `/api/collections/shows/records?${name}=title%00`);
      expect(answer.status, name).toBe(400);
      expect(answer.body.message).toBe(`The ${name} parameter must not contain NUL characters.`);
    }
    const guide = await send(
      'GET',
      '/api/v1/guide?organization=a%00&from=2026-12-01T00:00:00Z&to=2026-12-02T00:00:00Z',
    );
    expect(guide.status).toBe(404);
    expect((await send('GET', '/api/v1/feeds/a%00/xmltv.xml', undefined, {}, false)).status).toBe(
      404,
    );
    expect(
      (await send('GET', `/api/v1/feeds/${ids.slug}/a%00.ics`, undefined, {}, false)).status,
    ).toBe(404);
  });

  it('anywhere else are a 400 or a 404, never a 500', async () => {
    const answers = await Promise.all([
      send('POST', '/api/collections/users/auth-with-password', {
        identity: 'a\u0000@example.org',
        password: 'whatever-it-is',
      }),
      send('POST', '/api/collections/users/request-password-reset', {
        email: 'a\u0000@example.org',
      }),
      send('GET', '/api/v1/invites/a%00b'),
      send('GET', `/api/files/shows/${ids.show}/a%00.png`),
      send('GET', '/embed/a%00b'),
    ]);
    // A reset for an address nobody has is a 204 (PocketBase never says whether it exists).
    for (const answer of answers) expect([204, 400, 404], answer.text).toContain(answer.status);
  });
});

// ── the fuzz ────────────────────────────────────────────────────────────────────────────────

/** Longest a request may take, even on a busy 2-core CI machine. */
const TIMEOUT_MS = 5000;
/** Fixed, so a failure replays; BAD_INPUT_SEED=<n> explores other inputs. */
const SEED = Number(process.env.BAD_INPUT_SEED || 20261125);
/** BAD_INPUT_RUNS=<n> multiplies every route's runs, to explore further by hand. */
const RUNS_FACTOR = Number(process.env.BAD_INPUT_RUNS || 1);

/** Single characters that break things: NUL, lone surrogates, BOM, RTL override, quotes... */
const ODD_CHARACTER = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\ud800',
    '\udfff',
    '\ufeff',
    '\u202e',
    '\u0301',
    '\uffff',
    '\u2028',
    '\n',
    '\r',
    '%',
    "'",
    '"',
    '\\',
    '`',
    '💩',
    'İ',
    'ß',
    '*',
    '(',
    ')',
    ',',
    '.',
    ':',
    '@',
    '~',
    '&',
    '=',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
);
const oddString = (maxLength = 24) => fc.string({ unit: ODD_CHARACTER, maxLength });

/** Numbers past any date, duration or integer: the values that used to throw. */
const ODD_NUMBER = fc.oneof(
  fc.constantFrom(
    1e20,
    -1e20,
    8.64e15,
    -8.64e15,
    8.64e15 + 1,
    1e16,
    1e300,
    -1e300,
    1.7976931348623157e308,
    5e-324,
    2 ** 53 + 1,
    -(2 ** 53) - 1,
    2 ** 31,
    -0,
    0.5,
    604_801,
    253_402_300_800_000,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Date-like text: the ends of the range, past them, expanded years, no zone, nonsense. */
const ODD_DATE = fc.constantFrom(
  '+275760-09-13',
  '+275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '+010000-01-01T00:00:00Z',
  '0000-12-31T23:59:59Z',
  '0001-01-01 00:00:00.000Z',
  '9999-12-31 23:59:59.999Z',
  '9999-12-31T23:00:00-02:00',
  '2026-12-01 12:00:00.000Z',
  '2026-12-01T12:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-12-01T12:00',
  '2026-12-01',
  '1',
  'now',
  '',
);

const oddValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    oddString(),
    ODD_NUMBER,
    ODD_DATE,
    fc.constantFrom(null, true, false, '', 'true', '0', '[]', '{}', 'null'),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(oddString(6), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const FIELD_NAMES = [
  ...new Set(COLLECTIONS.flatMap((collection) => collection.fields.map((field) => field.name))),
];
const BODY_KEYS = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES, 'id') },
  fc.constantFrom(...FIELD_NAMES).map((name) => `${name}+`),
  fc.constantFrom(...FIELD_NAMES).map((name) => `+${name}`),
  fc.constantFrom(...FIELD_NAMES).map((name) => `${name}-`),
  fc.constantFrom(
    'password',
    'passwordConfirm',
    'oldPassword',
    'identity',
    'identityField',
    'email',
    'newEmail',
    'token',
    'timeslot',
    'mode',
    'edge',
    'start',
    'end',
    'from',
    'to',
    'rows',
    'requests',
    'clientId',
    'subscriptions',
    '__proto__',
    'constructor',
    '@jsonPayload',
  ),
  oddString(8),
);

/** An object body: known keys (fields, modifiers, the endpoints' own) with odd values. */
const objectBody = fc.dictionary(BODY_KEYS, oddValue, { maxKeys: 6 });

/** Raw texts no JSON parser should choke on: cut, deep, prototype keys, BOM, huge. */
const RAW_JSON = fc.oneof(
  fc.constantFrom(
    '',
    '   ',
    '{',
    '{"title":',
    'null',
    '[]',
    '"text"',
    '1e400',
    'true',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '\ufeff{}',
    '{"title":"\\ud800"}',
    '{"title":"\\u0000"}',
    `{"a":"${'x'.repeat(200_000)}"}`,
  ),
  fc.constantFrom(63, 64, 65, 1000, 10_000, 100_000).map((depth) => `{"tags":${nested(depth)}}`),
  fc.constantFrom(10_000, 100_000).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.json({ maxDepth: 3 }),
);

interface Multipart {
  boundary: string;
  body: Buffer;
}

/** Multipart bodies: whole, cut anywhere, with a file part, an @jsonPayload, broken headers. */
const multipartBody: fc.Arbitrary<Multipart> = fc
  .record({
    boundary: fc.oneof(
      fc.constantFrom('b', 'x'.repeat(70), 'y'.repeat(300)),
      fc
        .string({ minLength: 1, maxLength: 20, unit: 'grapheme-ascii' })
        .filter((text) => !/[\s";\\]/.test(text)),
    ),
    fields: fc.array(fc.tuple(BODY_KEYS, oddString()), { maxLength: 4 }),
    payload: fc.option(
      fc.oneof(
        RAW_JSON,
        objectBody.map((value) => JSON.stringify(value)),
      ),
    ),
    file: fc.option(
      fc.record({
        name: fc.constantFrom('thumbnail', 'avatar', 'logo', 'media', 'requests.0.thumbnail', 'x'),
        filename: oddString(12),
        bytes: fc.oneof(fc.constant(PNG), fc.uint8Array({ maxLength: 2048 }).map(Buffer.from)),
      }),
    ),
    brokenHeader: fc.boolean(),
    cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
  })
  .map(({ boundary, fields, payload, file, brokenHeader, cut }) => {
    const parts: Buffer[] = [];
    const line = (text: string) => parts.push(Buffer.from(`${text}\r\n`));
    for (const [name, value] of fields) {
      line(`--${boundary}`);
      line(
        brokenHeader
          ? `Content-Disposition form-data name=${name}`
          : `Content-Disposition: form-data; name="${name.replace(/"/g, '')}"`,
      );
      line('');
      line(value);
    }
    if (payload !== null) {
      line(`--${boundary}`);
      line('Content-Disposition: form-data; name="@jsonPayload"');
      line('');
      line(payload);
    }
    if (file !== null) {
      line(`--${boundary}`);
      line(
        `Content-Disposition: form-data; name="${file.name}"; filename="${file.filename.replace(/["\r\n]/g, '')}"`,
      );
      line('Content-Type: image/png');
      line('');
      parts.push(file.bytes, Buffer.from('\r\n'));
    }
    line(`--${boundary}--`);
    const whole = Buffer.concat(parts);
    return {
      boundary,
      body: cut === null ? whole : whole.subarray(0, Math.floor(whole.length * cut)),
    };
  });

interface Payload {
  contentType: string | null;
  body: string | Buffer | null;
}

/** A request body with the content type it claims, which need not be what it is. */
const payload: fc.Arbitrary<Payload> = fc.oneof(
  {
    weight: 5,
    arbitrary: objectBody.map((value) => ({
      contentType: 'application/json',
      body: JSON.stringify(value),
    })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      contentType: fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
      ),
      body: RAW_JSON,
    }),
  },
  {
    weight: 2,
    arbitrary: multipartBody.map(({ boundary, body }) => ({
      contentType: `multipart/form-data; boundary=${boundary}`,
      body,
    })),
  },
  fc.record({
    contentType: fc.constantFrom(
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary="unterminated',
      'MULTIPART/FORM-DATA; BOUNDARY=b',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'application/json; charset=utf-16',
      'image/png',
      'application/json, text/plain',
      ';;;',
    ),
    body: fc.oneof(RAW_JSON, oddString(64)),
  }),
  fc.record({ contentType: fc.constant(null), body: fc.option(oddString(64)) }),
  fc.constant({ contentType: null, body: null }),
);

/** Values for query parameters: filters, sorts, numbers, dates, odd text. */
const queryValue = fc.oneof(
  oddString(40),
  ODD_NUMBER.map(String),
  ODD_DATE,
  fc.constantFrom(
    "title ~ '%'",
    "id = ''",
    "@request.auth.id != ''",
    "@collection.users.email ?= ''",
    'organization.organization.organization.name = 1',
    'start > @now && start < @todayEnd',
    "tags ?~ 'a'",
    '((((((((((',
    `${'('.repeat(500)}1=1${')'.repeat(500)}`,
    "title = 'a\u0000'",
    '-created,+title,@random,@rowid',
    'title:lower',
    '*',
    'id,title:excerpt(1e400,true)',
    '100x100',
    '0x0',
    '99999x99999',
    '100x100f',
    'title:excerpt(-1)',
    'expand.organization.*',
    'organization,series,producer',
    'channels_via_organization.timeslots_via_channel',
    '1e400',
    '-1',
    '0',
    '99999999999999999999',
    't',
    'yes',
    'NaN',
    'x'.repeat(4000),
  ),
);
const QUERY_KEYS = [
  'filter',
  'sort',
  'expand',
  'fields',
  'page',
  'perPage',
  'skipTotal',
  'days',
  'from',
  'to',
  'organization',
  'channels',
  'token',
  'thumb',
  'download',
  'options',
  '__proto__',
];
/** A query string: odd values for the known keys, repeated keys, and raw bad percent codes. */
const queryString = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue), { maxLength: 5 }),
    fc.constantFrom(
      '',
      '',
      '',
      '&filter=%',
      '&sort=%zz',
      '&expand=%E0%A4%A',
      '&page=%00',
      '&fields=%ED%A0%80',
      '&&&=&==',
    ),
  )
  .map(([pairs, raw]) => {
    const query = new URLSearchParams();
    for (const [key, value] of pairs) query.append(key, value);
    const text = query.toString() + raw;
    return text === '' ? '' : `?${text}`;
  });

/** Encodes a path segment; lone surrogates become U+FFFD, as a browser's URL would. */
function segment(text: string): string {
  return encodeURIComponent(
    text.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  );
}

/** A path segment: real ids and slugs, and odd, long, malformed or encoded ones. */
const oddSegment = fc.oneof(
  oddString(20).map(segment),
  fc.stringMatching(/^[a-z0-9]{15}$/),
  fc.constantFrom(
    '%00',
    'a%00b',
    '%',
    '%zz',
    '%C0%80',
    '%ED%A0%80',
    '%2F',
    '%2e%2e',
    '..',
    '.',
    'x'.repeat(5000),
    'null',
    '0',
    '-1',
    '1e400',
    '%5B%5D',
    'preview',
  ),
);
const idSegment = (real: () => string[]) =>
  fc.oneof(
    fc.constantFrom(0, 1, 2, 3).chain(() => fc.constantFrom(...real())),
    oddSegment,
  );

const COLLECTION_NAMES = COLLECTIONS.map((collection) => collection.name);
const collectionSegment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...COLLECTION_NAMES) },
  fc.constantFrom('pbc_2810007471', '_pb_users_auth_', 'nosuch', 'Shows'),
  oddSegment,
);
const authCollection = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('users', '_superusers') },
  collectionSegment,
);
const realIds = () => [
  ids.organization,
  ids.user,
  ids.channel,
  ids.show,
  ids.timeslot,
  ids.recurrence,
  ids.embed,
];
/** Ids a fuzzed PATCH or DELETE may hit without taking the owner's account or station away. */
const spareIds = () => [ids.channel, ids.show, ids.timeslot, ids.recurrence, ids.embed];

/** What the Authorization header says, if anything, next to the owner's real token. */
const ODD_AUTHORIZATION = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'bearer x',
    'a.b.c',
    'eyJhbGciOiJub25lIn0.eyJpZCI6IngiLCJ0eXBlIjoiYXV0aCJ9.',
    'eyJhbGciOiJIUzI1NiJ9.e30.AAAA',
    'Basic dXNlcjpwYXNz',
    'x'.repeat(8000),
    '\u00ff\u00fe',
  ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
);

/** Other headers clients get wrong: conditional requests, ranges, languages. */
const oddHeaders = fc.dictionary(
  fc.constantFrom(
    'if-none-match',
    'if-modified-since',
    'range',
    'accept-language',
    'accept',
    'x-forwarded-for',
  ),
  fc.oneof(
    fc.constantFrom(
      '*',
      'W/"x"',
      'garbage',
      'Thu, 01 Jan 1970 00:00:00 GMT',
      'bytes=0-0',
      'bytes=999999999999999999-',
      'bytes=5-1',
      'bytes=-0',
      '1.2.3.999',
      'en-US',
    ),
    fc.string({ unit: 'grapheme-ascii', maxLength: 30 }),
  ),
  { maxKeys: 2 },
);

/** Values aimed at one field: RRULEs, zones, local times, exceptions, origins, options. */
const FIELD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  rrule: fc.constantFrom(
    'FREQ=SECONDLY;INTERVAL=1',
    'FREQ=MINUTELY',
    'FREQ=YEARLY;COUNT=99999999',
    'FREQ=DAILY;UNTIL=99991231T235959Z',
    'FREQ=DAILY;UNTIL=00010101T000000Z',
    'FREQ=WEEKLY;BYDAY=MO;BYSETPOS=-1',
    'FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2',
    'FREQ=WEEKLY;INTERVAL=9007199254740993',
    'FREQ=DAILY;COUNT=-1',
    'RRULE:FREQ=DAILY',
    'FREQ=DAILY;;;',
  ),
  timeZone: fc.constantFrom(
    'Etc/GMT+14',
    'Etc/GMT-14',
    '../../etc/passwd',
    'UTC\u0000',
    '',
    'Z',
    '+99:99',
    'America/New_York',
  ),
  startLocal: fc.constantFrom(
    '0000-01-01T00:00',
    '0001-01-01T00:00',
    '9999-12-31T23:59',
    '2026-03-08T02:30',
    '2026-13-40T25:61',
    '2027-01-04T19:00',
  ),
  exceptions: fc.oneof(
    fc.dictionary(
      fc.constantFrom('2027-01-04T19:00', '2027-01-11T19:00', '9999-12-27T19:00', 'x'),
      fc.record(
        {
          cancelled: fc.oneof(fc.boolean(), oddValue),
          startLocal: fc.oneof(
            fc.constantFrom('9999-12-31T23:59', '0000-01-01T00:00', '2027-01-05T19:00'),
            oddValue,
          ),
          durationSec: fc.oneof(ODD_NUMBER, oddValue),
          show: oddString(15),
        },
        { requiredKeys: [] },
      ),
      { maxKeys: 3 },
    ),
    oddValue,
  ),
  allowedOrigins: fc.oneof(
    fc.array(
      fc.oneof(
        fc.constantFrom('https://*.example.org', 'http://a:99999', '*', "'self'"),
        oddString(),
      ),
      { maxLength: 3 },
    ),
    oddValue,
  ),
  options: fc.oneof(
    fc.record({ hours: ODD_NUMBER, count: ODD_NUMBER }, { requiredKeys: [] }),
    oddValue,
  ),
  start: fc.oneof(ODD_DATE, ODD_NUMBER),
  until: fc.oneof(ODD_DATE, ODD_NUMBER),
  durationSec: ODD_NUMBER,
};

/**
 * A valid body for a collection, fields filled in from the fixtures: with one to three fields
 * then made odd, the fuzz reaches the hooks and the database instead of stopping at "required".
 */
function validBody(collection: string): Record<string, unknown> {
  const organization = ids.organization;
  const unique = Math.random().toString(36).slice(2, 10);
  switch (collection) {
    case 'timeslots':
      return {
        organization,
        channel: ids.channel,
        show: ids.show,
        start: '2027-02-01 19:00:00.000Z',
        durationSec: 1800,
      };
    case 'recurrences':
      return {
        organization,
        channel: ids.channel,
        show: ids.show,
        rrule: 'FREQ=WEEKLY;BYDAY=MO',
        timeZone: 'America/New_York',
        startLocal: '2027-01-04T19:00',
        durationSec: 1800,
      };
    case 'shows':
      return { organization, title: 'Fuzzed', durationSec: 1800, tags: ['news'] };
    case 'channels':
      return { organization, name: 'Fuzzed', slug: `fuzz-${unique}`, timeZone: 'UTC' };
    case 'embeds':
      return { organization, name: 'Fuzzed', kind: 'guide', channels: [ids.channel] };
    case 'series':
      return { organization, title: 'Fuzzed' };
    case 'invites':
      return { organization, email: `${unique}@example.org`, role: 'viewer' };
    case 'feedback':
      return { message: 'Fuzzed' };
    default:
      return { email: `${unique}@example.org`, name: 'Fuzzed' };
  }
}

const NEAR_VALID = [
  'timeslots',
  'recurrences',
  'shows',
  'channels',
  'embeds',
  'series',
  'invites',
  'feedback',
  'waitlist',
];

/** One to three of a collection's fields (or their modifiers) with odd values. */
function oddFields(collection: string): fc.Arbitrary<Record<string, unknown>> {
  const definition = COLLECTIONS.find((candidate) => candidate.name === collection);
  const names = definition?.fields.map((field) => field.name) ?? ['id'];
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names) },
    fc.constantFrom(...names).map((name) => `${name}+`),
    fc.constantFrom(...names).map((name) => `${name}-`),
  );
  return fc
    .uniqueArray(key, { minLength: 1, maxLength: 3 })
    .chain((keys) =>
      fc.record(
        Object.fromEntries(
          keys.map((name) => [
            name,
            FIELD_VALUES[name.replace(/[+-]$/, '')] ?? fc.oneof(oddValue, fc.constant(null)),
          ]),
        ),
      ),
    );
}

/** How a fuzzed path parameter, body, query or header set is made for one route. */
type Params = Record<string, fc.Arbitrary<string>>;

interface Route {
  /** `METHOD /pattern` as the server registered it, or what an extra case is about. */
  name: string;
  method: string | fc.Arbitrary<string>;
  path: fc.Arbitrary<string>;
  /** A path and body made together (a near-valid write to that path's collection). */
  write?: fc.Arbitrary<{ path: string; body: Record<string, unknown> }>;
  /** The route's bodies; none sent without. */
  body?: fc.Arbitrary<Payload>;
  query: fc.Arbitrary<string>;
  /** Headers of the route's own protocol (tus), over the odd ones every request may carry. */
  headers?: fc.Arbitrary<Record<string, string>>;
  runs: number;
  /** Answers with a stream that never ends (realtime): read the headers, then hang up. */
  stream?: boolean;
  /** A status at 500 or above that is this route's honest answer (the widget page is not built here). */
  allowed?: number;
  /** Answers refusals in a format of its own instead of PocketBase's envelope, and why. */
  ownErrors?: string;
}

/** Hints for a registered route; a route without one is fuzzed from its pattern alone. */
interface Hint {
  runs?: number;
  /** Values for the pattern's parameters, over the ones a parameter's name gets (PARAMS). */
  params?: Params;
  /** The whole path, when its parameters only make sense together. */
  path?: fc.Arbitrary<string>;
  body?: fc.Arbitrary<Payload>;
  query?: fc.Arbitrary<string>;
  headers?: fc.Arbitrary<Record<string, string>>;
  stream?: boolean;
  allowed?: number;
  ownErrors?: string;
  /** Takes fixtures away: runs after every other route (as every DELETE does). */
  destructive?: boolean;
}

const path_ = (...pieces: (string | fc.Arbitrary<string>)[]) =>
  fc
    .tuple(...pieces.map((piece) => (typeof piece === 'string' ? fc.constant(piece) : piece)))
    .map((parts) => parts.join(''));

/** A fixture's value, read when the fuzz runs (the fixtures are made in beforeAll). */
const fixture = (read: () => string) => fc.constant(0).map(read);

/** What a parameter gets by its name, in every route that has it. */
const PARAMS: Params = {
  collection: collectionSegment,
  id: idSegment(realIds),
  recordId: idSegment(realIds),
  filename: fc.oneof(
    fixture(() => ids.thumbnail),
    oddSegment,
  ),
  organization: fc.oneof(
    fixture(() => ids.slug),
    oddSegment,
  ),
  org: fc.oneof(
    fixture(() => ids.slug),
    oddSegment,
  ),
  key: fc.oneof(
    fixture(() => ids.slug),
    fixture(() => ids.organization),
    oddSegment,
  ),
  channel: fc.oneof(
    fixture(() => ids.channelSlug),
    fixture(() => ids.channel),
    oddSegment,
  ),
  token: oddSegment,
  target: fc.oneof(fc.constantFrom('shows', 'timeslots'), oddSegment),
  segment: fc.oneof(fc.constantFrom('segment-0.ts', 'segment-99999999999.ts'), oddSegment),
};
/** The recurrence's id, mostly: any other id is simply not found. */
const recurrenceId = fc.oneof(
  { weight: 3, arbitrary: fixture(() => ids.recurrence) },
  idSegment(realIds),
);
/** A parameter no route had when this was written: real ids and odd segments. */
const ANY_PARAM = fc.oneof(idSegment(realIds), oddSegment);

/** A path for a registered pattern, each `:parameter` filled in. */
function patternPath(pattern: string, params: Params = {}): fc.Arbitrary<string> {
  return path_(
    ...pattern
      .split(/(:\w+)/)
      .filter((piece) => piece !== '')
      .map((piece) => {
        if (!piece.startsWith(':')) return piece;
        const name = piece.slice(1);
        return params[name] ?? PARAMS[name] ?? ANY_PARAM;
      }),
  );
}

const json = (value: fc.Arbitrary<unknown>) =>
  value.map((body) => ({ contentType: 'application/json', body: JSON.stringify(body) }) as Payload);
/** An endpoint's own bodies, mostly, and any payload. */
const shaped = (...bodies: fc.Arbitrary<Payload>[]) =>
  fc.oneof(...bodies.map((arbitrary) => ({ weight: 2, arbitrary })), payload);
/** A fixture's id or odd text. */
const real = fc.oneof(
  fc.constantFrom(0).chain(() => fc.constantFrom(...realIds())),
  oddString(16),
);

/**
 * Mostly a value the endpoint takes, now and then an odd one: a body has to be nearly right to
 * get past the first check into the work behind it.
 */
const mostly = <T>(good: fc.Arbitrary<T>, ...odd: fc.Arbitrary<unknown>[]) =>
  fc.oneof({ weight: 6, arbitrary: good as fc.Arbitrary<unknown> }, ...odd);

/** The show's real thumbnail, for the thumb, download and range handling; or any file path. */
const filePath = fc.oneof(
  fixture(() => `/api/files/shows/${ids.show}/${ids.thumbnail}`),
  patternPath('/api/files/:collection/:recordId/:filename'),
);

/** tus's own headers, right or wrong, for an upload of the show's media. */
/** An upload's Upload-Metadata: pairs of a key and its value in base64. */
const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
/** tus's own headers for an upload of the show's media: mostly right, some wrong or missing. */
const tusHeaders = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom('creation', 'piece').map(
      (kind): Record<string, string> =>
        // Right for a creation (POST), or for a first piece (PATCH at offset 0, no length).
        kind === 'creation'
          ? {
              'tus-resumable': '1.0.0',
              'upload-length': '1024',
              'upload-metadata': tusMetadata({
                collection: 'shows',
                record: ids.show,
                field: 'media',
                filename: 'clip.mp4',
                filetype: 'video/mp4',
              }),
            }
          : { 'tus-resumable': '1.0.0', 'upload-offset': '0' },
    ),
  },
  fc
    .record(
      {
        'tus-resumable': mostly(fc.constant('1.0.0'), oddString(8)),
        'upload-length': mostly(
          fc.constantFrom('16', '1024'),
          fc.constantFrom('0', '99999999999999999999', '-1', '1e3', ''),
          oddString(8),
        ),
        'upload-offset': mostly(
          fc.constant('0'),
          fc.constantFrom('8', '-1', '1e400', ''),
          oddString(8),
        ),
        'upload-metadata': mostly(
          fc
            .record({
              collection: mostly(fc.constant('shows'), fc.constantFrom('channels', 'nosuch', '')),
              record: mostly(
                fixture(() => ids.show),
                real,
              ),
              field: mostly(fc.constant('media'), fc.constantFrom('thumbnail', 'title', '')),
              filename: mostly(fc.constant('clip.mp4'), oddString(12)),
              filetype: fc.constantFrom('video/mp4', 'text/javascript', ''),
            })
            .map((fields) => tusMetadata(fields as Record<string, string>)),
          oddString(30),
        ),
      },
      { requiredKeys: ['tus-resumable', 'upload-length', 'upload-offset', 'upload-metadata'] },
    )
    .chain((headers) =>
      // Now and then a header left out, or one tus rarely sees.
      fc
        .record(
          {
            drop: fc.constantFrom(...Object.keys(headers)),
            extra: fc.constantFrom(
              ['upload-defer-length', '1'],
              ['upload-defer-length', 'x'],
              ['x-http-method-override', 'DELETE'],
              ['x-http-method-override', 'HEAD'],
              ['upload-concat', 'final;/api/v1/uploads/x'],
            ),
          },
          { requiredKeys: [] },
        )
        .map(({ drop, extra }) => {
          const all: Record<string, unknown> = { ...headers };
          if (drop) delete all[drop];
          if (extra) all[extra[0]] = extra[1];
          return all;
        }),
    )
    .map((headers) =>
      // fetch refuses header values with control characters or outside Latin-1.
      Object.fromEntries(
        Object.entries(headers).map(([key, value]) => [
          key,
          String(value).replace(/[^\x20-\x7e]/g, '?'),
        ]),
      ),
    ),
);
/** A tus body: a few bytes as tus takes them, or any payload. */
const tusBody = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .uint8Array({ maxLength: 64 })
      .map(
        (bytes) =>
          ({ contentType: 'application/offset+octet-stream', body: Buffer.from(bytes) }) as Payload,
      ),
  },
  payload,
);
const TUS: Hint = {
  headers: tusHeaders,
  // @tus/server reads the upload's id from the end of the URL, query and all: mostly none.
  query: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, queryString),
  body: tusBody,
  params: {
    id: fc.oneof(
      fixture(() => ids.upload),
      oddSegment,
    ),
  },
  // @tus/server's answer to Upload-Concat (parallel uploads), an extension it does not have.
  allowed: 501,
  ownErrors:
    "the tus protocol's own refusals (a missing Tus-Resumable, a wrong offset) are @tus/server's text, as tus clients read them",
};

/** Routes whose answers are pages for a browser, refusals included. */
const PAGE = 'a page for the browser, refusals included';

const AUTH_ACTIONS = [
  'auth-with-password',
  'auth-with-oauth2',
  'auth-refresh',
  'request-password-reset',
  'confirm-password-reset',
  'request-verification',
  'confirm-verification',
  'request-email-change',
  'confirm-email-change',
];

/**
 * What the fuzz knows of some routes: more runs for the records API, bodies shaped for an
 * endpoint (a guide window, a move, rows) so it gets past the first check, fixtures' values for
 * parameters. Every route registered is fuzzed with or without one.
 */
const HINTS: Record<string, Hint> = {
  // A HEAD gets few runs: with any text as the token, a run of seeds may never match the route.
  'HEAD /api/v1/submissions/status/:token': {
    params: { token: fc.stringMatching(/^[A-Za-z0-9_-]{8,43}$/) },
  },
  'GET /api/collections/:collection/records': { runs: 25 },
  'GET /api/collections/:collection/records/:id': { runs: 15 },
  'POST /api/collections/:collection/records': { runs: 25 },
  'PATCH /api/collections/:collection/records/:id': {
    runs: 20,
    params: { id: idSegment(spareIds) },
  },
  'DELETE /api/collections/:collection/records/:id': {
    runs: 10,
    params: { id: idSegment(spareIds) },
  },
  'GET /api/collections/:collection/auth-methods': { params: { collection: authCollection } },
  ...Object.fromEntries(
    AUTH_ACTIONS.map((action) => [
      `POST /api/collections/:collection/${action}`,
      { runs: 5, params: { collection: authCollection } },
    ]),
  ),
  'POST /api/batch': {
    runs: 10,
    body: shaped(
      json(
        fc.record({
          requests: fc.array(
            fc.record(
              {
                method: fc.constantFrom('POST', 'PATCH', 'DELETE', 'PUT', 'GET', 'x'),
                url: path_(
                  '/api/collections/',
                  collectionSegment,
                  fc.constantFrom('/records', '/records/'),
                  fc.oneof(fc.constant(''), idSegment(spareIds)),
                  fc.constantFrom('', '?expand=organization', '?fields=%'),
                ),
                body: objectBody,
              },
              { requiredKeys: [] },
            ),
            { maxLength: 4 },
          ),
        }),
      ),
    ),
  },
  'GET /api/realtime': { runs: 2, stream: true },
  'HEAD /api/realtime': { runs: 1, stream: true },
  'POST /api/realtime': {
    runs: 8,
    body: shaped(
      json(
        fc.record(
          {
            clientId: fc.oneof(
              fixture(() => clientId),
              oddString(10),
            ),
            subscriptions: fc.oneof(
              fc.array(
                fc.oneof(
                  path_(
                    fc.constantFrom(...COLLECTION_NAMES, 'nosuch'),
                    fc.constantFrom('/*', `/`, ''),
                    fc.oneof(fc.constant(''), idSegment(realIds)),
                  ),
                  path_(
                    fc.constantFrom('shows/*', 'timeslots/*'),
                    '?options=',
                    fc
                      .oneof(
                        RAW_JSON,
                        objectBody.map((value) => JSON.stringify({ query: value, headers: value })),
                      )
                      .map(encodeURIComponent),
                  ),
                  oddString(),
                ),
                { maxLength: 4 },
              ),
              oddValue,
            ),
          },
          { requiredKeys: [] },
        ),
      ),
    ),
  },
  'GET /api/oauth2-redirect': {
    ownErrors: PAGE,
    query: fc.oneof(
      queryString,
      fc
        .record(
          {
            state: fc.oneof(
              fixture(() => clientId),
              oddString(10),
            ),
            code: oddString(10),
            error: fc.constantFrom('access_denied', ''),
          },
          { requiredKeys: [] },
        )
        .map((query) => `?${new URLSearchParams(query)}`),
    ),
  },
  'HEAD /api/oauth2-redirect': { ownErrors: PAGE },
  'POST /api/oauth2-redirect': {
    ownErrors: PAGE,
    body: shaped(
      fc
        .record(
          {
            state: fc.oneof(
              fixture(() => clientId),
              oddString(10),
            ),
            code: oddString(10),
          },
          { requiredKeys: [] },
        )
        .map(
          (form) =>
            ({
              contentType: 'application/x-www-form-urlencoded',
              body: String(new URLSearchParams(form)),
            }) as Payload,
        ),
    ),
  },
  'GET /api/files/:collection/:recordId/:filename': { runs: 6, path: filePath },
  'HEAD /api/files/:collection/:recordId/:filename': { runs: 3, path: filePath },
  'GET /api/v1/guide': {
    runs: 12,
    query: fc.oneof(
      queryString,
      fc
        .record({
          organization: fc.oneof(
            fixture(() => ids.slug),
            fixture(() => ids.organization),
            oddString(10),
          ),
          from: fc.oneof(fc.constant('2026-12-01T00:00:00Z'), ODD_DATE),
          to: fc.oneof(fc.constant('2026-12-02T00:00:00Z'), ODD_DATE),
          channels: fc.oneof(
            fc.constant(''),
            fixture(() => ids.channel),
            oddString(20),
          ),
        })
        .map((query) => `?${new URLSearchParams(query)}`),
    ),
  },
  'GET /api/v1/feeds/:organization/:file': {
    params: {
      file: fc.oneof(
        path_(
          fixture(() => ids.channelSlug),
          fc.constantFrom('.ics', '', '.ICS'),
        ),
        oddSegment,
      ),
    },
  },
  'POST /api/v1/schedule/move': {
    runs: 12,
    body: shaped(
      json(
        fc.record(
          {
            timeslot: real,
            mode: fc.constantFrom('push', 'no-overlap', 'x'),
            start: fc.oneof(ODD_DATE, oddValue),
          },
          { requiredKeys: [] },
        ),
      ),
      json(
        fc.record({
          timeslot: real,
          mode: fc.constantFrom('push', 'no-overlap'),
          edge: fc.constantFrom('start', 'end', 'x'),
          end: fc.oneof(ODD_DATE, oddValue),
          start: ODD_DATE,
        }),
      ),
    ),
  },
  'POST /api/v1/schedule/place': {
    runs: 15,
    body: shaped(
      json(
        fc
          .tuple(
            fc.record({
              mode: mostly(fc.constantFrom('push', 'no-overlap'), fc.constant('x')),
              channel: mostly(
                fixture(() => ids.channel),
                real,
              ),
              show: mostly(
                fixture(() => ids.show),
                real,
              ),
              start: mostly(
                fc.constantFrom('2026-12-01T12:30:00Z', '2027-03-01T12:00:00+01:00'),
                ODD_DATE,
                oddValue,
              ),
              durationSec: mostly(fc.constantFrom(900, 1800), ODD_NUMBER, oddValue),
            }),
            mostly(
              fc.constant({}),
              fc.record(
                { organization: real, status: oddValue, locked: oddValue, note: oddString() },
                { requiredKeys: [] },
              ),
            ),
          )
          .map(([fields, extra]) => ({ ...fields, ...(extra as object) })),
      ),
    ),
  },
  'POST /api/v1/schedule/copy': {
    runs: 15,
    body: shaped(
      json(
        fc
          .tuple(
            fc.record({
              from: mostly(fc.constantFrom('2026-12-01', '2026-11-30'), ODD_DATE, oddValue),
              targets: mostly(
                fc.array(fc.constantFrom('2027-05-03', '2027-05-10', '9999-12-31'), {
                  minLength: 1,
                  maxLength: 3,
                }),
                fc.array(fc.oneof(ODD_DATE, oddValue), { maxLength: 3 }),
                oddValue,
              ),
            }),
            mostly(
              fc.constant({}),
              fc.record(
                {
                  to: mostly(fc.constantFrom('2026-12-07', '2026-12-31'), ODD_DATE, oddValue),
                  channels: mostly(
                    fc.constant(0).map(() => [ids.channel]),
                    fc.array(real, { maxLength: 3 }),
                    oddValue,
                  ),
                  dryRun: mostly(fc.boolean(), oddValue),
                  skipCollisions: mostly(fc.boolean(), oddValue),
                  organization: real,
                },
                { requiredKeys: [] },
              ),
            ),
          )
          .map(([fields, extra]) => ({ ...fields, ...(extra as object) })),
      ),
    ),
  },
  'POST /api/v1/schedule/recurrences/:id/expand': {
    runs: 8,
    params: { id: recurrenceId },
    body: shaped(
      json(
        fc.record({
          from: mostly(fc.constant('2026-12-01T00:00:00Z'), ODD_DATE, oddValue),
          to: mostly(
            fc.constantFrom('2027-01-01T00:00:00Z', '2027-06-01T00:00:00Z'),
            ODD_DATE,
            oddValue,
          ),
        }),
      ),
    ),
  },
  'POST /api/v1/schedule/recurrences/:id/edit': {
    runs: 12,
    params: { id: recurrenceId },
    body: seriesBody(true),
  },
  'POST /api/v1/schedule/recurrences/:id/delete': {
    runs: 6,
    params: { id: recurrenceId },
    body: seriesBody(false),
    destructive: true,
  },
  'POST /api/v1/import/:target': {
    runs: 8,
    body: shaped(
      json(
        fc.record({
          rows: fc.array(
            fc.record(
              { row: fc.oneof(fc.integer(), oddValue), values: objectBody },
              { requiredKeys: [] },
            ),
            { maxLength: 4 },
          ),
        }),
      ),
    ),
  },
  'POST /api/v1/invites/accept': {
    body: shaped(json(fc.record({ token: fc.oneof(oddString(), oddValue) }))),
  },
  'POST /api/v1/members/transfer-ownership': {
    body: shaped(json(fc.record({ member: fc.oneof(real, oddValue) }))),
  },
  'GET /api/v1/captions/coverage': {
    query: fc.oneof(
      queryString,
      fc
        .oneof(fc.constantFrom('2026-11-30', '2026-12-03', '0001-01-01', '9999-12-31'), ODD_DATE)
        .map((week) => `?${new URLSearchParams({ week })}`),
    ),
  },
  'POST /api/v1/captions/parse': {
    runs: 8,
    body: shaped(
      json(
        fc.record({
          text: fc.oneof(
            fc.constantFrom(
              'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n',
              '1\n00:00:01,000 --> 00:00:02,000\nHello\n',
              'WEBVTT\n\n99:99:99.999 --> -1\n\n',
              `1\n00:00:01,000 --> 00:00:02,000\n${'x'.repeat(5000)}\n`,
            ),
            oddString(200),
            oddValue,
          ),
        }),
      ),
    ),
  },
  'GET /api/v1/captions/:id.vtt': { params: { id: idSegment(realIds) } },
  // A HEAD's two runs may both draw a segment the route cannot match (which ones depends on every
  // route's draws before it): six, as a GET has.
  'HEAD /api/v1/captions/:id.vtt': { params: { id: idSegment(realIds) }, runs: 6 },
  'GET /api/v1/captions/:id.json': { params: { id: idSegment(realIds) } },
  'GET /embed/:id': {
    params: { id: idSegment(() => [ids.embed]) },
    allowed: 503,
    ownErrors: PAGE,
  },
  'HEAD /embed/:id': { params: { id: idSegment(() => [ids.embed]) }, allowed: 503 },
  'POST /api/v1/uploads': { ...TUS, runs: 15 },
  'HEAD /api/v1/uploads/:id': { ...TUS, runs: 4 },
  'PATCH /api/v1/uploads/:id': { ...TUS, runs: 15 },
  'DELETE /api/v1/uploads/:id': TUS,
  ...Object.fromEntries(
    ['GET', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS', 'PUT', 'QUERY'].map((method) => [
      `${method} /api/v1/uploads`,
      TUS,
    ]),
  ),
  ...Object.fromEntries(
    ['GET', 'OPTIONS', 'POST', 'PUT', 'QUERY'].map((method) => [
      `${method} /api/v1/uploads/:id`,
      TUS,
    ]),
  ),
};

/** `{ scope, occurrence, changes? }` for a recurrence's series edit or delete. */
function seriesBody(changes: boolean): fc.Arbitrary<Payload> {
  const change = fc.record(
    {
      show: mostly(
        fixture(() => ids.show),
        real,
      ),
      channel: mostly(
        fixture(() => ids.channel),
        real,
      ),
      time: mostly(fc.constantFrom('19:15', '20:00'), fc.constantFrom('24:00', '19:07', '')),
      durationSec: mostly(fc.constantFrom(900, 3600), ODD_NUMBER),
      note: oddString(),
      rrule: FIELD_VALUES.rrule as fc.Arbitrary<unknown>,
    },
    { requiredKeys: [] },
  );
  return shaped(
    json(
      fc.record({
        scope: mostly(fc.constantFrom('following', 'series'), fc.constantFrom('this', '')),
        occurrence: mostly(
          fc.constantFrom('2026-12-07T19:00', '2026-12-14T19:00', '2026-12-14'),
          fc.constantFrom('9999-12-31T23:59', '2026-02-30'),
          ODD_DATE,
          oddValue,
        ),
        ...(changes ? { changes: mostly(change, oddValue) } : {}),
      }),
    ),
  );
}

/** Registered routes the fuzz leaves out: CORS preflights and the web app's catch-all. */
const NOT_FUZZED = new Set(['OPTIONS *', 'GET /*', 'HEAD /*']);
/** Methods fetch refuses to send (https://fetch.spec.whatwg.org/#forbidden-method). */
const UNSENDABLE = new Set(['TRACE', 'CONNECT', 'TRACK']);
/** Runs of a route with no hint, by method. */
const RUNS: Record<string, number> = { GET: 6, HEAD: 2, OPTIONS: 2 };
const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT', 'QUERY']);

/** Every route the server registered that the fuzz can send to, as `METHOD /pattern`. */
const REGISTERED = [...registered]
  .filter((key) => !NOT_FUZZED.has(key) && !UNSENDABLE.has(key.split(' ')[0] ?? ''))
  .sort();

/** A registered route's fuzz: its hint where it has one, what its method implies otherwise. */
function registeredRoute(key: string): Route & { destructive: boolean } {
  const [method = '', pattern = ''] = key.split(' ');
  const hint = HINTS[key] ?? {};
  return {
    name: key,
    method,
    path: hint.path ?? patternPath(pattern, hint.params),
    body: hint.body ?? (BODY_METHODS.has(method) ? payload : undefined),
    query: hint.query ?? queryString,
    headers: hint.headers,
    runs: hint.runs ?? RUNS[method] ?? 8,
    stream: hint.stream,
    allowed: hint.allowed,
    ownErrors: hint.ownErrors,
    destructive: hint.destructive ?? method === 'DELETE',
  };
}

const fuzzed = REGISTERED.map(registeredRoute);

/** Cases beside the registered routes: near-valid writes, and methods no route takes. */
const EXTRA: Route[] = [
  {
    name: 'create a near-valid record',
    method: 'POST',
    path: fc.constant(''),
    write: fc.constantFrom(...NEAR_VALID).chain((collection) =>
      oddFields(collection).map((odd) => ({
        path: `/api/collections/${collection}/records`,
        body: { ...validBody(collection), ...odd },
      })),
    ),
    query: queryString,
    runs: 35,
  },
  {
    name: 'update with near-valid values',
    method: 'PATCH',
    path: fc.constant(''),
    write: fc
      .constantFrom('timeslots', 'recurrences', 'shows', 'channels', 'embeds', 'organizations')
      .chain((collection) =>
        oddFields(collection).map((odd) => ({
          path: `/api/collections/${collection}/records/${
            {
              timeslots: ids.timeslot,
              recurrences: ids.recurrence,
              shows: ids.show,
              channels: ids.channel,
              embeds: ids.embed,
              organizations: ids.organization,
            }[collection]
          }`,
          body: odd,
        })),
      ),
    query: queryString,
    runs: 25,
  },
  {
    name: 'odd methods',
    method: fc.constantFrom('PUT', 'OPTIONS', 'DELETE', 'PATCH'),
    path: fc.constantFrom(
      '/api/health',
      '/api/batch',
      '/api/v1/guide',
      '/api/collections/shows/records',
    ),
    body: payload,
    query: queryString,
    runs: 3,
  },
];

// Last: deletes take fixtures away from the routes before them.
const ROUTES: Route[] = [
  ...fuzzed.filter((route) => !route.destructive),
  ...EXTRA,
  ...fuzzed.filter((route) => route.destructive),
];

interface Attempt {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Buffer | null;
}

function describeAttempt(attempt: Attempt): string {
  const body =
    attempt.body === null
      ? ''
      : ` body ${JSON.stringify((Buffer.isBuffer(attempt.body) ? attempt.body.toString('latin1') : attempt.body).slice(0, 400))}`;
  const headers = Object.fromEntries(
    Object.entries(attempt.headers).map(([key, value]) => [key, value.slice(0, 80)]),
  );
  return `${attempt.method} ${attempt.url.slice(0, 400)} headers ${JSON.stringify(headers)}${body}`;
}

/** Sends one fuzzed request; fails on a 5xx, a timeout, or an /api error that is not the envelope. */
async function attempt(route: Route, request: Attempt, seen: Set<number>) {
  const started = performance.now();
  let status = 0;
  let text = '';
  try {
    const response = await fetch(`${server.url}${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    if (route.stream && status === 200) await response.body?.cancel();
    else text = await response.text();
  } catch (error) {
    throw new Error(
      `${describeAttempt(request)} failed after ${Math.round(performance.now() - started)} ms: ${(error as Error).message}`,
    );
  }
  seen.add(status);
  const what = `${describeAttempt(request)} → ${status} ${text.slice(0, 300)}`;
  if (status >= 500) expect(status, what).toBe(route.allowed);
  // Not JSON, as in PocketBase: HEAD; a preflight without Access-Control-Request-Method
  // (@fastify/cors's plain-text 400); a file range past its end (416, as http.ServeContent).
  const bodiless = request.method === 'HEAD' || request.method === 'OPTIONS' || status === 416;
  if (status >= 400 && request.url.startsWith('/api/') && !bodiless && !route.ownErrors) {
    // Every API error is JSON with a message, so the SDK always finds one (API-CONTRACT §9.1).
    // The router's own refusals (a malformed percent code) too, through frameworkErrors.
    const body = JSON.parse(text) as { message?: unknown; status?: unknown };
    expect(typeof body.message, what).toBe('string');
    expect(body.status, what).toBe(status);
  }
}

describe('every route, fuzzed', () => {
  const seen = new Set<number>();
  let finished = 0;
  // Reached counts the fuzz's requests only, not the examples' above.
  beforeAll(() => reached.clear());

  for (const [index, route] of ROUTES.entries()) {
    it(`${route.name}: answers below 500, within ${TIMEOUT_MS / 1000} s, signed out or in`, async () => {
      const method = typeof route.method === 'string' ? fc.constant(route.method) : route.method;
      const pathAndBody = route.write
        ? route.write.map(({ path, body }) => ({
            path,
            payload: { contentType: 'application/json', body: JSON.stringify(body) } as Payload,
          }))
        : fc
            .tuple(
              route.path,
              route.body ?? fc.constant<Payload>({ contentType: null, body: null }),
            )
            .map(([path, payload]) => ({ path, payload }));
      await fc.assert(
        fc.asyncProperty(
          method,
          pathAndBody,
          route.query,
          fc.oneof(
            { weight: 3, arbitrary: fc.constant('owner') },
            { weight: 2, arbitrary: fc.constant('none') },
            ODD_AUTHORIZATION,
          ),
          oddHeaders,
          route.headers ?? fc.constant({}),
          async (
            verb,
            { path: pathname, payload: { contentType, body } },
            query,
            authorization,
            extra,
            own,
          ) => {
            const headers: Record<string, string> = { ...extra, ...own };
            if (authorization === 'owner') headers.authorization = owner.pb.authStore.token;
            else if (authorization !== 'none') headers.authorization = authorization;
            if (contentType !== null) headers['content-type'] = contentType;
            const sendsBody = body !== null && verb !== 'GET' && verb !== 'HEAD';
            await attempt(
              route,
              { method: verb, url: pathname + query, headers, body: sendsBody ? body : null },
              seen,
            );
          },
        ),
        { numRuns: Math.ceil(route.runs * RUNS_FACTOR), seed: SEED + index, endOnFailure: true },
      );
      finished += 1;
    });
  }

  it('reached both answers and left no upload behind', async () => {
    expect([...seen].some((status) => status >= 200 && status < 300)).toBe(true);
    expect([...seen].some((status) => status >= 400 && status < 500)).toBe(true);
    expect(uploadsLeft()).toEqual([]);
  });

  it('reached every route the server registered, with no hint left for a route gone', (context) => {
    // Only meaningful when every route's test ran (not under -t or after a failure).
    if (finished < ROUTES.length) context.skip();
    // A route is reached when the router sent a fuzzed request to it: a new route is fuzzed
    // from its pattern without anyone listing it here, and one the fuzz cannot reach (its
    // parameters never match) fails until it gets a hint.
    const unreached = REGISTERED.filter((key) => !reached.has(key));
    expect.soft(unreached, 'registered routes no fuzzed request reached').toEqual([]);
    const stale = Object.keys(HINTS).filter((key) => !registered.has(key));
    expect(stale, 'hints for routes the server no longer registers').toEqual([]);
  });
});
