import { readdirSync } from 'node:fs';
import path from 'node:path';
import { COLLECTIONS } from '@airgrid/schema';
import fc from 'fast-check';
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
// that used to be 500s, as examples; then a fast-check fuzz over every route of the API.

let server: TestServer;
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
  server = await startTestServer();
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

interface Route {
  name: string;
  method: string | fc.Arbitrary<string>;
  path: fc.Arbitrary<string>;
  /** A path and body made together (a near-valid write to that path's collection). */
  write?: fc.Arbitrary<{ path: string; body: Record<string, unknown> }>;
  /** Takes a body. */
  body?: boolean;
  /** Runs: the records API gets the most. */
  runs: number;
  /** Answers with a stream that never ends (realtime): read the headers, then hang up. */
  stream?: boolean;
  /** A status at 500 or above that is this route's honest answer (the widget page is not built here). */
  allowed?: number;
}

const path_ = (...pieces: (string | fc.Arbitrary<string>)[]) =>
  fc
    .tuple(...pieces.map((piece) => (typeof piece === 'string' ? fc.constant(piece) : piece)))
    .map((parts) => parts.join(''));

const ROUTES: Route[] = [
  {
    name: 'list records',
    method: 'GET',
    path: path_('/api/collections/', collectionSegment, '/records'),
    runs: 25,
  },
  {
    name: 'view a record',
    method: 'GET',
    path: path_('/api/collections/', collectionSegment, '/records/', idSegment(realIds)),
    runs: 15,
  },
  {
    name: 'create a record',
    method: 'POST',
    path: path_('/api/collections/', collectionSegment, '/records'),
    body: true,
    runs: 25,
  },
  {
    name: 'update a record',
    method: 'PATCH',
    path: path_('/api/collections/', collectionSegment, '/records/', idSegment(spareIds)),
    body: true,
    runs: 20,
  },
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
    runs: 25,
  },
  { name: 'batch', method: 'POST', path: fc.constant('/api/batch'), body: true, runs: 10 },
  {
    name: 'realtime stream',
    method: 'GET',
    path: fc.constant('/api/realtime'),
    runs: 2,
    stream: true,
  },
  {
    name: 'realtime subscribe',
    method: 'POST',
    path: fc.constant('/api/realtime'),
    body: true,
    runs: 8,
  },
  {
    name: 'file',
    method: fc.constantFrom('GET', 'HEAD'),
    path: fc.oneof(
      // The show's real thumbnail, for the thumb, download and range handling.
      fc.constant(0).map(() => `/api/files/shows/${ids.show}/${ids.thumbnail}`),
      path_(
        '/api/files/',
        collectionSegment,
        '/',
        idSegment(realIds),
        '/',
        fc.oneof(
          fc.constantFrom(0).map(() => ids.thumbnail),
          oddSegment,
        ),
      ),
    ),
    runs: 8,
  },
  {
    name: 'file token',
    method: 'POST',
    path: fc.constant('/api/files/token'),
    body: true,
    runs: 3,
  },
  {
    name: 'auth methods',
    method: 'GET',
    path: path_('/api/collections/', authCollection, '/auth-methods'),
    runs: 3,
  },
  ...[
    'auth-with-password',
    'auth-refresh',
    'request-password-reset',
    'confirm-password-reset',
    'request-verification',
    'confirm-verification',
    'request-email-change',
    'confirm-email-change',
  ].map((action) => ({
    name: action,
    method: 'POST',
    path: path_('/api/collections/', authCollection, `/${action}`),
    body: true,
    runs: 5,
  })),
  { name: 'health', method: 'GET', path: fc.constant('/api/health'), runs: 3 },
  { name: 'app config', method: 'GET', path: fc.constant('/api/v1/app-config'), runs: 2 },
  { name: 'guide', method: 'GET', path: fc.constant('/api/v1/guide'), runs: 12 },
  {
    name: 'schedule move',
    method: 'POST',
    path: fc.constant('/api/v1/schedule/move'),
    body: true,
    runs: 12,
  },
  {
    name: 'recurrence expand',
    method: 'POST',
    path: path_('/api/v1/schedule/recurrences/', idSegment(realIds), '/expand'),
    body: true,
    runs: 8,
  },
  {
    name: 'import',
    method: 'POST',
    path: path_('/api/v1/import/', fc.oneof(fc.constantFrom('shows', 'timeslots'), oddSegment)),
    body: true,
    runs: 8,
  },
  { name: 'invite', method: 'GET', path: path_('/api/v1/invites/', oddSegment), runs: 3 },
  {
    name: 'accept an invite',
    method: 'POST',
    path: fc.constant('/api/v1/invites/accept'),
    body: true,
    runs: 3,
  },
  {
    name: 'XMLTV feed',
    method: 'GET',
    path: path_(
      '/api/v1/feeds/',
      fc.oneof(
        fc.constantFrom(0).map(() => ids.slug),
        oddSegment,
      ),
      '/xmltv.xml',
    ),
    runs: 4,
  },
  {
    name: 'M3U feed',
    method: 'GET',
    path: path_(
      '/api/v1/feeds/',
      fc.oneof(
        fc.constantFrom(0).map(() => ids.slug),
        oddSegment,
      ),
      '/channels.m3u',
    ),
    runs: 3,
  },
  {
    name: 'iCalendar feed',
    method: 'GET',
    path: path_(
      '/api/v1/feeds/',
      fc.oneof(
        fc.constantFrom(0).map(() => ids.slug),
        oddSegment,
      ),
      '/',
      fc.oneof(
        fc.constantFrom(0).map(() => ids.channelSlug),
        oddSegment,
      ),
      fc.constantFrom('.ics', '', '.ICS'),
    ),
    runs: 4,
  },
  {
    name: 'embed page',
    method: 'GET',
    path: path_(
      '/embed/',
      idSegment(() => [ids.embed]),
    ),
    runs: 3,
    allowed: 503,
  },
  {
    name: 'test stream',
    method: 'GET',
    path: path_(
      '/api/v1/streams/test-pattern/',
      fc.oneof(fc.constantFrom('segment-0.ts', 'live.m3u8'), oddSegment),
    ),
    runs: 2,
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
    body: true,
    runs: 3,
  },
  // Last: deletes take fixtures away from the routes above.
  {
    name: 'delete a record',
    method: 'DELETE',
    path: path_('/api/collections/', collectionSegment, '/records/', idSegment(spareIds)),
    runs: 10,
  },
];

/** Bodies shaped for one route (a guide window, a move, rows) so the fuzz gets past the first check. */
function routeBody(route: Route): fc.Arbitrary<Payload> {
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map(
      (body) => ({ contentType: 'application/json', body: JSON.stringify(body) }) as Payload,
    );
  const real = fc.oneof(
    fc.constantFrom(0).chain(() => fc.constantFrom(...realIds())),
    oddString(16),
  );
  switch (route.name) {
    case 'schedule move':
      return fc.oneof(
        payload,
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
      );
    case 'recurrence expand':
      return fc.oneof(
        payload,
        json(fc.record({ from: fc.oneof(ODD_DATE, oddValue), to: fc.oneof(ODD_DATE, oddValue) })),
      );
    case 'batch':
      return fc.oneof(
        payload,
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
      );
    case 'import':
      return fc.oneof(
        payload,
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
      );
    case 'realtime subscribe':
      return fc.oneof(
        payload,
        json(
          fc.record(
            {
              clientId: fc.oneof(
                fc.constantFrom(0).map(() => clientId),
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
                          objectBody.map((value) =>
                            JSON.stringify({ query: value, headers: value }),
                          ),
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
      );
    default:
      return payload;
  }
}

/** The query for one route: a real guide window and organization now and then. */
function routeQuery(route: Route): fc.Arbitrary<string> {
  if (route.name !== 'guide') return queryString;
  return fc.oneof(
    queryString,
    fc
      .record({
        organization: fc.oneof(
          fc.constantFrom(0).map(() => ids.slug),
          fc.constantFrom(0).map(() => ids.organization),
          oddString(10),
        ),
        from: fc.oneof(fc.constant('2026-12-01T00:00:00Z'), ODD_DATE),
        to: fc.oneof(fc.constant('2026-12-02T00:00:00Z'), ODD_DATE),
        channels: fc.oneof(
          fc.constant(''),
          fc.constantFrom(0).map(() => ids.channel),
          oddString(20),
        ),
      })
      .map((query) => `?${new URLSearchParams(query)}`),
  );
}

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
  if (status >= 400 && request.url.startsWith('/api/') && !bodiless) {
    // Every API error is JSON with a message, so the SDK always finds one (API-CONTRACT §9.1).
    // The router's own refusals (a malformed percent code) too, through frameworkErrors.
    const body = JSON.parse(text) as { message?: unknown; status?: unknown };
    expect(typeof body.message, what).toBe('string');
    expect(body.status, what).toBe(status);
  }
}

describe('every route, fuzzed', () => {
  const seen = new Set<number>();

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
              route.body
                ? routeBody(route)
                : fc.constant<Payload>({ contentType: null, body: null }),
            )
            .map(([path, payload]) => ({ path, payload }));
      await fc.assert(
        fc.asyncProperty(
          method,
          pathAndBody,
          routeQuery(route),
          fc.oneof(
            { weight: 3, arbitrary: fc.constant('owner') },
            { weight: 2, arbitrary: fc.constant('none') },
            ODD_AUTHORIZATION,
          ),
          oddHeaders,
          async (
            verb,
            { path: pathname, payload: { contentType, body } },
            query,
            authorization,
            extra,
          ) => {
            const headers: Record<string, string> = { ...extra };
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
    });
  }

  it('reached both answers and left no upload behind', async () => {
    expect([...seen].some((status) => status >= 200 && status < 300)).toBe(true);
    expect([...seen].some((status) => status >= 400 && status < 500)).toBe(true);
    expect(uploadsLeft()).toEqual([]);
  });
});
