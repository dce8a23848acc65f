import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { instantToLocal, localToInstant } from '@airgrid/domain';

/*
 * A fake Cablecast server on loopback for tests, built from the shapes and the checklist in
 * INTEGRATIONS.md b.6 (values invented). Reads are anonymous unless `requireAuthForReads`;
 * writes need the Basic credentials; wrong credentials are refused on any request. Its data is
 * a plain object the test may change between requests (add, modify, delete, bump
 * `lastModified`) to play a catalogue that moves under an incremental sync.
 */

export interface FakeChannel {
  id: number;
  name: string;
  primaryLocation?: number;
}

export interface FakeNamed {
  id: number;
  name: string;
}

export interface FakeShow {
  id: number;
  title: string;
  cgTitle?: string;
  cgExempt?: boolean;
  comments?: string;
  eventDate?: string;
  /** Offset-less wall-clock text in the server's zone, as Cablecast's fixtures write it. */
  lastModified: string;
  location?: number;
  category?: number | null;
  producer?: number | null;
  project?: number | null;
  reels: number[];
  vods?: number[];
  totalRunTime?: number | null;
  thumbnailImage?: { url: string } | null;
}

/** A reel names its show as `show` (POST) or `showId` (the docs' side-load example). */
export interface FakeReel {
  id: number;
  show?: number;
  showId?: number;
  media?: number;
  reelNumber?: number;
  cue?: number;
  length: number;
}

export interface FakeScheduleItem {
  id: number;
  channel: number;
  show: number | null;
  /** With `Z`, an offset, or none (read in the server's zone). */
  runDateTime: string;
  idType: number;
  cgExempt: boolean;
  filler: boolean;
  deleted: boolean;
  /** When it last changed, for `since`; offset-less in the server's zone like a show's. */
  lastModified: string;
}

export interface FakeCablecastData {
  channels: FakeChannel[];
  categories: FakeNamed[];
  producers: FakeNamed[];
  shows: FakeShow[];
  reels: FakeReel[];
  scheduleItems: FakeScheduleItem[];
}

/** What the server saw of one request. */
export interface FakeRequest {
  method: string;
  /** The path after `/cablecastapi/v1`, lower-cased: `/scheduleitems`. */
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

/** A canned answer for `override`. */
export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  /** A string, or a function writing a (possibly huge) body itself. */
  body: string | ((response: ServerResponse) => void);
}

export interface FakeCablecastOptions {
  /** The data; default cablecastFixtures(). */
  data?: FakeCablecastData;
  /** The Basic credentials writes need (and reads, with requireAuthForReads). */
  user?: string;
  password?: string;
  requireAuthForReads?: boolean;
  /** The zone offset-less times and plain `start`/`end` dates are read in. */
  timeZone?: string;
  /** Page size when a request names none. */
  defaultPageSize?: number;
}

export interface FakeCablecastServer {
  /** `http://127.0.0.1:{port}`, the server's address as an admin would type it. */
  url: string;
  /** `{url}/cablecastapi/v1`. */
  apiBase: string;
  /** Live data: change it and the next request sees the change. */
  data: FakeCablecastData;
  /** Every request, in order. */
  requests: FakeRequest[];
  /** Answers HTML 200 to everything while true: a web server that is not Cablecast. */
  notCablecast: boolean;
  /** Requires Basic credentials on reads too while true. */
  requireAuthForReads: boolean;
  /** Requests it matches are never answered (until close): a server that hangs. */
  hangWhen: ((request: FakeRequest, index: number) => boolean) | null;
  /** Requests it answers get that answer instead of the fake API's. */
  override: ((request: FakeRequest) => FakeAnswer | undefined) | null;
  /** Adds or replaces a show by id. */
  upsertShow(show: FakeShow): void;
  /** Adds or replaces a schedule item by id. */
  upsertScheduleItem(item: FakeScheduleItem): void;
  /** Marks a run deleted (a tombstone, as Cablecast keeps it) and stamps its change. */
  deleteScheduleItem(id: number, lastModified: string): void;
  close(): Promise<void>;
}

const API_PREFIX = '/cablecastapi/v1';
/** A 1×1 PNG: every thumbnail the fake serves. */
const THUMBNAIL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Hangs schedule-item requests whose window is wider than `days`: wide queries time out. */
export function hangOnWindowsWiderThan(days: number, timeZone = 'America/New_York') {
  return (request: FakeRequest) => {
    if (request.path !== '/scheduleitems') return false;
    const start = readBoundary(request.query.get('start'), timeZone);
    const end = readBoundary(request.query.get('end'), timeZone);
    return start !== null && end !== null && end - start > days * 86_400_000;
  };
}

/** Starts the fake on a free loopback port. */
export async function startCablecastServer(
  options: FakeCablecastOptions = {},
): Promise<FakeCablecastServer> {
  const timeZone = options.timeZone ?? 'America/New_York';
  const credentials =
    options.user !== undefined
      ? `Basic ${Buffer.from(`${options.user}:${options.password ?? ''}`).toString('base64')}`
      : undefined;
  let index = 0;
  const fake: Omit<FakeCablecastServer, 'url' | 'apiBase' | 'close'> = {
    data: options.data ?? cablecastFixtures(),
    requests: [],
    notCablecast: false,
    requireAuthForReads: options.requireAuthForReads ?? false,
    hangWhen: null,
    override: null,
    upsertShow(show) {
      upsert(fake.data.shows, show);
    },
    upsertScheduleItem(item) {
      upsert(fake.data.scheduleItems, item);
    },
    deleteScheduleItem(id, lastModified) {
      const item = fake.data.scheduleItems.find((candidate) => candidate.id === id);
      if (!item) throw new Error(`no schedule item ${id}`);
      item.deleted = true;
      item.lastModified = lastModified;
    },
  };

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      send(response, 500, { message: String(error) });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const lower = url.pathname.toLowerCase().replace(/\/+$/, '');
    const seen: FakeRequest = {
      method: request.method ?? 'GET',
      path: lower.startsWith(API_PREFIX) ? lower.slice(API_PREFIX.length) : lower,
      query: url.searchParams,
      authorization: request.headers.authorization,
    };
    fake.requests.push(seen);
    const number = index++;
    const body = await readBody(request);
    if (fake.hangWhen?.(seen, number)) return; // the socket stays open until close()
    const answer = fake.override?.(seen);
    if (answer) {
      response.writeHead(answer.status, answer.headers ?? {});
      if (typeof answer.body === 'string') response.end(answer.body);
      else answer.body(response);
      return;
    }
    if (fake.notCablecast) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html><body><h1>Welcome to our station</h1></body></html>');
      return;
    }
    // Thumbnails, as Cablecast serves them beside its API (anonymous, like its public site).
    if (seen.method === 'GET' && lower.startsWith('/cablecastapi/dynamicthumbnails/')) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.from(THUMBNAIL_PNG, 'base64'));
      return;
    }
    if (!lower.startsWith(API_PREFIX)) return send(response, 404, { message: 'Not found' });
    const isRead = seen.method === 'GET' || isSearch(seen);
    const signedIn = credentials !== undefined && seen.authorization === credentials;
    const wrongCredentials = seen.authorization !== undefined && !signedIn;
    if (wrongCredentials || (!signedIn && (!isRead || fake.requireAuthForReads))) {
      response.setHeader('www-authenticate', 'Basic realm="Cablecast"');
      return send(response, 401, { message: 'Authorization has been denied for this request.' });
    }
    route(seen, body, response);
  }

  function route(seen: FakeRequest, body: string, response: ServerResponse) {
    const { data } = fake;
    const include = (seen.query.get('include') ?? '').toLowerCase().split(',');
    if (seen.method === 'GET' && seen.path === '/channels') {
      return send(response, 200, { channels: data.channels });
    }
    if (seen.method === 'GET' && seen.path === '/categories') {
      return send(response, 200, { categories: data.categories });
    }
    if (seen.method === 'GET' && seen.path === '/producers') {
      return send(response, 200, { producers: data.producers });
    }
    if (seen.method === 'GET' && seen.path === '/shows') {
      const ids = [...seen.query.getAll('ids[]'), ...seen.query.getAll('ids')].map(Number);
      let shows = [...data.shows].sort((a, b) => a.id - b.id);
      if (ids.length > 0) shows = shows.filter((show) => ids.includes(show.id));
      const { page, meta } = paginate(shows, seen.query, options.defaultPageSize);
      if (seen.query.get('fields') === 'id') {
        return send(response, 200, { shows: page.map(({ id }) => ({ id })), meta });
      }
      const side: Record<string, unknown[]> = {};
      if (include.includes('reel')) side.reels = reelsOf(page);
      if (include.includes('vod')) side.vods = [];
      if (include.includes('webfile')) side.webFiles = [];
      return send(response, 200, { shows: page, ...side, meta });
    }
    const oneShow = seen.path.match(/^\/shows\/(\d+)$/);
    if (seen.method === 'GET' && oneShow) {
      const show = data.shows.find((candidate) => candidate.id === Number(oneShow[1]));
      return show ? send(response, 200, { show }) : send(response, 404, { message: 'Not found' });
    }
    if (isSearch(seen)) return search(body, response);
    if (seen.method === 'GET' && seen.path === '/scheduleitems') {
      const items = filterScheduleItems(seen.query);
      const { page, meta } = paginate(items, seen.query, options.defaultPageSize);
      const side: Record<string, unknown[]> = {};
      const showIds = new Set(page.map((item) => item.show));
      const shows = data.shows.filter((show) => showIds.has(show.id));
      if (include.includes('show')) side.shows = shows;
      if (include.includes('reel')) side.reels = reelsOf(shows);
      return send(response, 200, { scheduleItems: page, ...side, meta });
    }
    if (seen.method === 'POST' && seen.path === '/scheduleitems') {
      const sent = parseJson(body) as { scheduleItem?: Partial<FakeScheduleItem> };
      const item: FakeScheduleItem = {
        id: Math.max(900_000, ...data.scheduleItems.map(({ id }) => id)) + 1,
        channel: 1,
        show: null,
        runDateTime: '',
        idType: 1,
        cgExempt: false,
        filler: false,
        deleted: false,
        lastModified: '',
        ...sent.scheduleItem,
      };
      data.scheduleItems.push(item);
      return send(response, 200, { scheduleItem: item });
    }
    return send(response, 404, { message: 'No HTTP resource was found that matches the request.' });
  }

  function reelsOf(shows: FakeShow[]): FakeReel[] {
    const ids = new Set(shows.flatMap((show) => show.reels));
    return fake.data.reels.filter((reel) => ids.has(reel.id));
  }

  function filterScheduleItems(query: URLSearchParams): FakeScheduleItem[] {
    const start = readBoundary(query.get('start'), timeZone);
    const end = readBoundary(query.get('end'), timeZone);
    const channel = query.get('channel');
    const show = query.get('show');
    const since = query.get('since');
    const sinceMs = since === null ? null : readTime(since, timeZone);
    return fake.data.scheduleItems
      .filter((item) => {
        const at = readTime(item.runDateTime, timeZone);
        if (start !== null && at < start) return false;
        if (end !== null && at >= end) return false;
        if (channel !== null && item.channel !== Number(channel)) return false;
        if (show !== null && item.show !== Number(show)) return false;
        if (item.deleted && query.get('include_deleted') !== 'true') return false;
        if (item.cgExempt && query.get('include_cg_exempt') === 'false') return false;
        if (sinceMs !== null && readTime(item.lastModified, timeZone) <= sinceMs) return false;
        return true;
      })
      .sort((a, b) => readTime(a.runDateTime, timeZone) - readTime(b.runDateTime, timeZone));
  }

  function search(body: string, response: ServerResponse) {
    const sent = parseJson(body) as {
      savedShowSearch?: { query?: { groups?: { filters?: Record<string, string>[] }[] } };
    };
    const query = sent.savedShowSearch?.query;
    if (!query) return send(response, 400, { message: 'savedShowSearch.query is required' });
    const filters = (query.groups ?? []).flatMap((group) => group.filters ?? []);
    const after = filters.find((f) => f.field === 'lastModified' && f.operator === 'greaterThan');
    const afterMs = after?.searchValue ? readTime(after.searchValue, timeZone) : null;
    const results = fake.data.shows
      .filter((show) => afterMs === null || readTime(show.lastModified, timeZone) > afterMs)
      .sort(
        (a, b) =>
          readTime(a.lastModified, timeZone) - readTime(b.lastModified, timeZone) ||
          a.title.localeCompare(b.title),
      )
      .map((show) => show.id);
    return send(response, 200, { savedShowSearch: { id: 0, name: '', query, results } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    apiBase: `${url}${API_PREFIX}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

function isSearch(request: FakeRequest): boolean {
  return request.method === 'POST' && request.path === '/shows/search/advanced';
}

/** `offset` counts records; `page_size=-1` means all; meta as Cablecast sends it. */
function paginate<T>(records: T[], query: URLSearchParams, defaultPageSize = 100) {
  const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
  const asked = Number(query.get('page_size') ?? defaultPageSize);
  const pageSize = asked === -1 ? records.length : Math.max(1, asked || defaultPageSize);
  const page = records.slice(offset, offset + pageSize);
  return { page, meta: { count: records.length, pageSize, offset } };
}

/** An instant from Cablecast text: with `Z` or an offset as written, without in the zone. */
function readTime(value: string, timeZone: string): number {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return Date.parse(value);
  return localToInstant(value.replace(' ', 'T'), timeZone);
}

/** A `start`/`end` parameter: a plain date is that day's midnight in the zone. */
function readBoundary(value: string | null, timeZone: string): number | null {
  if (value === null || value === '') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return localToInstant(`${value}T00:00`, timeZone);
  return readTime(value, timeZone);
}

function upsert<T extends { id: number }>(records: T[], record: T) {
  const at = records.findIndex((candidate) => candidate.id === record.id);
  if (at === -1) records.push(record);
  else records[at] = record;
}

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A fresh copy of the fixtures (never shared between tests): two channels in
 * America/New_York; shows with one reel, several reels (named by `show` and by `showId`), no
 * reel but a `totalRunTime`, and no running time at all; runs that are deleted, filler,
 * cgExempt (the run, or its show), raw media (`idType: 2`), offset-less, and a week crossing
 * the March 2024 DST change (10 March) plus the November fall-back night.
 */
export function cablecastFixtures(): FakeCablecastData {
  const run = (
    id: number,
    runDateTime: string,
    show: number | null,
    overrides: Partial<FakeScheduleItem> = {},
  ): FakeScheduleItem => ({
    id,
    channel: 1,
    show,
    runDateTime,
    idType: 1,
    cgExempt: false,
    filler: false,
    deleted: false,
    lastModified: '2024-05-01T09:00:00',
    ...overrides,
  });
  return {
    channels: [
      { id: 1, name: 'Community 15', primaryLocation: 22 },
      { id: 2, name: 'Government 16', primaryLocation: 22 },
    ],
    categories: [
      { id: 7, name: 'Government' },
      { id: 8, name: 'Arts' },
    ],
    producers: [
      { id: 3, name: 'City Clerk' },
      { id: 4, name: 'Riverside Arts Collective' },
    ],
    shows: [
      {
        id: 4321,
        title: 'CC 2024-06-01',
        cgTitle: 'City Council – June 1',
        cgExempt: false,
        comments: 'Regular meeting',
        eventDate: '2024-06-01T18:00:00',
        lastModified: '2024-06-01T21:10:00',
        location: 22,
        category: 7,
        producer: 3,
        project: 12,
        reels: [77],
        vods: [501],
        totalRunTime: 3510,
        thumbnailImage: {
          url: 'https://cablecast.example.org/cablecastapi/dynamicthumbnails/4321',
        },
      },
      {
        id: 4400,
        title: 'Station ID loop',
        cgTitle: '',
        cgExempt: true,
        lastModified: '2024-01-01 12:00:00',
        category: null,
        producer: null,
        reels: [81],
        totalRunTime: 90,
      },
      {
        id: 4500,
        title: 'Arts Hour ep 12',
        cgTitle: '  Riverside Arts Hour  ',
        comments: 'Painters of the valley.',
        lastModified: '2024-02-15T08:30:00',
        category: 8,
        producer: 4,
        reels: [78, 79, 80],
        // Deliberately not the reels' sum (3300): the reels win.
        totalRunTime: 3000,
      },
      {
        id: 4600,
        title: 'Library Talk',
        cgTitle: 'Library Talk',
        lastModified: '2024-03-01T10:00:00',
        category: 8,
        producer: 99,
        reels: [],
        totalRunTime: 1740,
      },
      {
        id: 4700,
        title: 'Untitled upload',
        lastModified: '2024-03-02T10:00:00',
        reels: [],
        totalRunTime: 0,
      },
    ],
    reels: [
      { id: 77, show: 4321, media: 9999, reelNumber: 1, cue: 0, length: 3510 },
      { id: 78, show: 4500, reelNumber: 1, cue: 0, length: 1200 },
      { id: 79, showId: 4500, reelNumber: 2, cue: 0, length: 1200 },
      { id: 80, show: 4500, reelNumber: 3, cue: 0, length: 900 },
      { id: 81, show: 4400, reelNumber: 1, cue: 0, length: 90 },
    ],
    scheduleItems: [
      run(900001, '2024-06-01T19:00:00-04:00', 4321),
      run(900002, '2024-06-01T19:58:30-04:00', 4400, { cgExempt: true, filler: true }),
      run(900003, '2024-06-01T20:00:00-04:00', 4500, { deleted: true }),
      run(900004, '2024-06-01T21:00:00-04:00', 4600, { filler: true }),
      run(900005, '2024-06-01T21:30:00-04:00', null, { idType: 2 }),
      run(900006, '2024-06-02T09:00:00', 4500),
      run(900007, '2024-06-02T13:00:00Z', 4700, { channel: 2 }),
      run(900008, '2024-06-02T14:00:00Z', 4400, { channel: 2 }),
      // The March 2024 DST week in New York: EST (-05:00) until 10 March 02:00, EDT after.
      run(900101, '2024-03-07T19:00:00-05:00', 4500),
      run(900102, '2024-03-08T19:00:00-05:00', 4500),
      run(900103, '2024-03-09T19:00:00', 4500),
      run(900104, '2024-03-10T01:30:00', 4600),
      run(900105, '2024-03-10T02:30:00', 4600),
      run(900106, '2024-03-10T19:00:00', 4500),
      run(900107, '2024-03-11T19:00:00-04:00', 4500),
      run(900108, '2024-03-12T23:00:00Z', 4500),
      run(900109, '2024-03-13T19:00:00-04:00', 4500),
      // The November 2024 fall-back night: 01:30 happens twice.
      run(900201, '2024-11-03T00:30:00', 4600),
      run(900202, '2024-11-03T01:30:00', 4600),
      run(900203, '2024-11-03T03:00:00', 4600),
    ],
  };
}

/**
 * The fixtures' channels, shows and reels with runs in the sync's window around `now` (a week
 * back, a month ahead), for browser tests that sync for real: every evening of the coming week
 * (today first, on the zone's calendar) at 19:00, 20:00 and 21:00 on channel 1, a CG-exempt
 * station ID at 19:58:30 today (skipped by the sync), and two mornings on channel 2. Times are
 * offset-less wall-clock text in `timeZone`, as Cablecast writes them.
 */
export function currentWeekFixtures(now: Date, timeZone = 'America/New_York'): FakeCablecastData {
  const { scheduleItems: _dated, ...catalogue } = cablecastFixtures();
  // Noon of today on the zone's calendar: whole days from it never cross a midnight, DST or not.
  const noon = localToInstant(
    `${instantToLocal(now.getTime(), timeZone).slice(0, 10)}T12:00`,
    timeZone,
  );
  const dateOf = (day: number) => instantToLocal(noon + day * 86_400_000, timeZone).slice(0, 10);
  const stamp = `${instantToLocal(now.getTime() - 3_600_000, timeZone)}:00`;
  const items: FakeScheduleItem[] = [];
  const run = (
    day: number,
    time: string,
    show: number,
    overrides: Partial<FakeScheduleItem> = {},
  ) =>
    items.push({
      id: 910_000 + items.length + 1,
      channel: 1,
      show,
      runDateTime: `${dateOf(day)}T${time}`,
      idType: 1,
      cgExempt: false,
      filler: false,
      deleted: false,
      lastModified: stamp,
      ...overrides,
    });
  for (let day = 0; day < 7; day += 1) {
    run(day, '19:00:00', 4321);
    run(day, '20:00:00', 4500);
    run(day, '21:00:00', 4600);
  }
  run(0, '19:58:30', 4400, { cgExempt: true, filler: true });
  run(0, '09:00:00', 4500, { channel: 2 });
  run(1, '09:00:00', 4600, { channel: 2 });
  return { ...catalogue, scheduleItems: items };
}
