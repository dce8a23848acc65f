import { normalizeCablecastUrl } from '@airgrid/schema/contracts';
import type { z } from 'zod';
import { createGuardedFetch } from '../../outbound/guarded-fetch.js';
import { CablecastError, classifyFetchFailure } from './cablecast-error.js';
import {
  type CablecastChannel,
  type CablecastNamed,
  type CablecastReel,
  type CablecastScheduleItem,
  type CablecastShow,
  cablecastChannelSchema,
  cablecastNamedSchema,
  cablecastReelSchema,
  cablecastScheduleItemSchema,
  cablecastShowSchema,
  readRecords,
  type UnreadableRecord,
} from './cablecast-records.js';

/*
 * A small typed client of a Cablecast server's read API over Node's fetch
 * (docs/shared INTEGRATIONS.md part b; decision 0030). Every method reads all pages of what it
 * asks for, bounds each request's time and each answer's size, and throws CablecastError with
 * a message a station admin can act on.
 */

/** How long one request may take, body included, unless the caller says otherwise. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** The largest answer the client reads (50 MiB); a larger one fails as `too-large`. */
const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
/** Records asked for per page. One month of a busy channel's runs is a few thousand. */
const DEFAULT_PAGE_SIZE = 1000;
/** Shows asked for by id per request, as wp-cablecast does (INTEGRATIONS.md b.5.5). */
const SHOW_ID_BATCH = 100;
/** The largest thumbnail the import fetches (the shows' image field takes this much). */
const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;
/** A bound on pages of one listing, so a server that ignores `offset` cannot loop us forever. */
const MAX_PAGES = 10_000;

export interface CablecastClientOptions {
  /** The server's address as the admin typed it; see normalizeCablecastUrl. */
  baseUrl: string;
  /**
   * The integration's optional secret. Empty (or only spaces) reads anonymously, which is all
   * a public Cablecast server needs; `user:password` (split at the first colon, so a password
   * may hold colons) is sent as HTTP Basic. Anything else is refused as `invalid-credentials`
   * rather than sent: no token scheme is known for Cablecast, so a lone word is a typing slip.
   */
  apiKey?: string | null;
  /** Per request, including reading the body. Default 30 s. */
  timeoutMs?: number;
  /** Per answer. Default 50 MiB. */
  maxResponseBytes?: number;
  /** Records per page for paged listings. Default 1000. */
  pageSize?: number;
  /**
   * The fetch to use: main.ts passes the outbound guard's for CABLECAST_ALLOW_PRIVATE, tests
   * their own. Default: the guard refusing private addresses, so no client reaches inward.
   */
  fetch?: typeof fetch;
  /** Cancels every request of this client (a sync being stopped). */
  signal?: AbortSignal;
}

/** Collections a server side-loads next to the main one (`include=`), by root key. */
interface CablecastSideLoads {
  /** `shows` side-loaded with schedule items. */
  shows: CablecastShow[];
  /** `reels` side-loaded with shows or schedule items. */
  reels: CablecastReel[];
  /** Any other side-loaded collection (`vods`, `webFiles`…), records as sent. */
  other: Record<string, Record<string, unknown>[]>;
}

/** A listing: the records asked for, what came with them, and what could not be read. */
export interface CablecastListing<T> extends CablecastSideLoads {
  items: T[];
  unreadable: UnreadableRecord[];
}

export interface ShowsQuery {
  /** Only these shows (asked for in batches of 100); all shows when omitted. */
  ids?: readonly number[];
  /** Side-loads; default `['reel']`, which the runtime needs. */
  include?: readonly ('reel' | 'vod' | 'webfile' | 'thumbnail')[];
}

export interface ScheduleItemsQuery {
  /** Only this channel's runs; all channels when omitted. */
  channel?: number;
  /** The window's first instant (inclusive). */
  start: Date;
  /** The window's end (exclusive by Cablecast's reading; runs on the border are deduplicated). */
  end: Date;
  /** Also the tombstones (`deleted: true`), which a sync needs to remove local copies. */
  includeDeleted?: boolean;
  /**
   * Hidden runs (`cgExempt`) too; default true, so the mapping can list them as skipped with
   * their reason instead of them vanishing unexplained.
   */
  includeCgExempt?: boolean;
  /** Only runs changed since this instant (Cablecast's `since`), as ISO text or a Date. */
  since?: Date | string;
  /** Side-loads; default `['show', 'reel']`, what the mapping needs. */
  include?: readonly ('show' | 'reel' | 'vod')[];
}

type Query = [string, string][];

/** The HTTP Basic header for a secret, null for anonymous reads; throws for anything else. */
export function basicAuthorization(apiKey: string | null | undefined): string | null {
  const secret = apiKey?.trim() ?? '';
  if (secret === '') return null;
  const colon = secret.indexOf(':');
  if (colon <= 0 || colon === secret.length - 1) {
    throw new CablecastError(
      'invalid-credentials',
      'Enter the Cablecast user name and password as user:password, or leave the field empty to read the public schedule without signing in.',
    );
  }
  // RFC 7617: the credentials are UTF-8, so a password with accents works.
  return `Basic ${Buffer.from(secret, 'utf8').toString('base64')}`;
}

/**
 * Splits [start, end) at the first instant of each calendar month (UTC), in order: January 20
 * to March 5 is three windows. Months in UTC rather than the station's zone: the windows only
 * bound how much one request asks for, and runs are deduplicated across their borders.
 */
export function monthWindows(start: Date, end: Date): { start: Date; end: Date }[] {
  const until = end.getTime();
  let from = start.getTime();
  if (!Number.isFinite(from) || !Number.isFinite(until)) {
    throw new RangeError('A schedule window needs a valid start and end.');
  }
  const windows: { start: Date; end: Date }[] = [];
  while (from < until) {
    const at = new Date(from);
    const nextMonth = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
    const to = Math.min(until, nextMonth);
    windows.push({ start: new Date(from), end: new Date(to) });
    from = to;
  }
  return windows;
}

/** The Cablecast client; see the module comment. Construct with createCablecastClient. */
export class CablecastClient {
  /** `https://server/cablecastapi/v1`. */
  readonly apiBase: string;
  /** The host as messages name it. */
  readonly host: string;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly pageSize: number;
  readonly #authorization: string | null;
  readonly #fetch: typeof fetch;
  readonly #signal: AbortSignal | undefined;

  /** Throws CablecastError `invalid-url` or `invalid-credentials` before any request. */
  constructor(options: CablecastClientOptions) {
    const reading = normalizeCablecastUrl(options.baseUrl);
    if (!reading.ok) throw new CablecastError('invalid-url', reading.problem);
    this.apiBase = reading.apiBase;
    this.host = new URL(reading.apiBase).host;
    this.#authorization = basicAuthorization(options.apiKey);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    this.#fetch = options.fetch ?? publicOnlyFetch();
    this.#signal = options.signal;
  }

  /** True when requests carry Basic credentials. */
  get signsIn(): boolean {
    return this.#authorization !== null;
  }

  /** Every channel (`GET /channels`). */
  async channels(): Promise<CablecastChannel[]> {
    const body = await this.#request('GET', '/channels', []);
    const unreadable: UnreadableRecord[] = [];
    return readRecords(
      'channels',
      rootArray(body, 'channels', this.#url('/channels')),
      cablecastChannelSchema,
      unreadable,
    );
  }

  /** Every category (`GET /categories`), for naming a show's category. */
  async categories(): Promise<CablecastNamed[]> {
    return this.#namedList('/categories', 'categories');
  }

  /** Every producer (`GET /producers`), for naming a show's producer. */
  async producers(): Promise<CablecastNamed[]> {
    return this.#namedList('/producers', 'producers');
  }

  /**
   * Shows with their side-loads: all of them page by page, or the given ids in batches of
   * 100 (`ids[]=` repeated). An empty `ids` asks nothing.
   */
  async shows(query: ShowsQuery = {}): Promise<CablecastListing<CablecastShow>> {
    const sideLoads = query.include ?? ['reel'];
    const include: Query = sideLoads.length > 0 ? [['include', sideLoads.join(',')]] : [];
    if (query.ids === undefined) {
      return this.#list('/shows', include, 'shows', cablecastShowSchema);
    }
    const ids = [...new Set(query.ids)];
    const listing = emptyListing<CablecastShow>();
    for (let at = 0; at < ids.length; at += SHOW_ID_BATCH) {
      const batch = ids.slice(at, at + SHOW_ID_BATCH);
      const params: Query = [
        ...include,
        ...batch.map((id): [string, string] => ['ids[]', String(id)]),
      ];
      mergeListing(listing, await this.#list('/shows', params, 'shows', cablecastShowSchema));
    }
    return listing;
  }

  /**
   * Ids of the shows modified after `since`, oldest change first, through the saved-search
   * endpoint (`POST /shows/search/advanced`, `lastModified greaterThan`). Pass the greatest
   * `lastModified` already imported, verbatim as Cablecast wrote it: it is the server's own
   * wall-clock text, so converting it through a zone could only shift it. The comparison is
   * strict, so re-reading from the same cursor is cheap and safe.
   */
  async showIdsModifiedSince(since: string): Promise<number[]> {
    const body = {
      savedShowSearch: {
        query: {
          groups: [
            {
              orAnd: 'and',
              filters: [{ field: 'lastModified', operator: 'greaterThan', searchValue: since }],
            },
          ],
          sortOptions: [
            { field: 'lastModified', descending: false },
            { field: 'title', descending: false },
          ],
        },
        name: '',
      },
    };
    const path = '/shows/search/advanced';
    const answer = await this.#request('POST', path, [], body);
    const search = isObject(answer) ? answer.savedShowSearch : undefined;
    if (!isObject(search) || !Array.isArray(search.results)) {
      throw notCablecast(this.#url(path), 'savedShowSearch.results');
    }
    return uniqueIds(search.results.map((value) => (isObject(value) ? value.id : value)));
  }

  /** Every show id in the catalogue (`fields=id`), to find shows deleted in Cablecast. */
  async allShowIds(): Promise<number[]> {
    const listing = await this.#list('/shows', [['fields', 'id']], 'shows', idOnly);
    return uniqueIds(listing.items.map((show) => show.id));
  }

  /** How many shows the catalogue holds: `meta.count` of a one-record page. */
  async showCount(): Promise<number> {
    const body = await this.#request('GET', '/shows', [
      ['fields', 'id'],
      ['page_size', '1'],
      ['offset', '0'],
    ]);
    const count = metaNumber(body, 'count');
    if (count !== undefined) return count;
    // Without meta, count the ids instead: slower, still right.
    return (await this.allShowIds()).length;
  }

  /**
   * Schedule items ("runs") of a window, read one calendar month at a time: a year in one
   * query times out on real servers (INTEGRATIONS.md b.5.4). Runs are deduplicated by id, so
   * one on a window's border comes once. Filter nothing here: the mapping decides what
   * becomes a timeslot and says why the rest does not.
   */
  async scheduleItems(query: ScheduleItemsQuery): Promise<CablecastListing<CablecastScheduleItem>> {
    const common: Query = [];
    if (query.channel !== undefined) common.push(['channel', String(query.channel)]);
    const include = query.include ?? ['show', 'reel'];
    if (include.length > 0) common.push(['include', include.join(',')]);
    if (query.includeDeleted) common.push(['include_deleted', 'true']);
    common.push(['include_cg_exempt', String(query.includeCgExempt ?? true)]);
    if (query.since !== undefined) {
      common.push([
        'since',
        typeof query.since === 'string' ? query.since : query.since.toISOString(),
      ]);
    }
    const listing = emptyListing<CablecastScheduleItem>();
    for (const window of monthWindows(query.start, query.end)) {
      const params: Query = [
        ['start', window.start.toISOString()],
        ['end', window.end.toISOString()],
        ...common,
      ];
      mergeListing(
        listing,
        await this.#list('/scheduleitems', params, 'scheduleItems', cablecastScheduleItemSchema),
      );
    }
    return listing;
  }

  async #namedList(path: string, root: string): Promise<CablecastNamed[]> {
    const body = await this.#request('GET', path, []);
    return readRecords(root, rootArray(body, root, this.#url(path)), cablecastNamedSchema, []);
  }

  /**
   * Reads every page of a listing: `offset` counts records, as Cablecast's docs say, and the
   * listing ends at `meta.count`, at a short or empty page, or at a page that brings no record
   * not seen before (a server that ignores `offset` would otherwise be read forever).
   */
  async #list<T extends { id: number }>(
    path: string,
    params: Query,
    root: string,
    schema: z.ZodType<T>,
  ): Promise<CablecastListing<T>> {
    const listing = emptyListing<T>();
    const seen = new Set<number>();
    let offset = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await this.#request('GET', path, [
        ...params,
        ['page_size', String(this.pageSize)],
        ['offset', String(offset)],
      ]);
      const records = rootArray(body, root, this.#url(path));
      const items = readRecords(root, records, schema, listing.unreadable);
      const fresh = items.filter((item) => !seen.has(item.id));
      for (const item of fresh) seen.add(item.id);
      listing.items.push(...fresh);
      mergeSideLoads(listing, body as Record<string, unknown>, root);
      offset += records.length;
      const count = metaNumber(body, 'count');
      const done =
        records.length === 0 ||
        (items.length > 0 && fresh.length === 0) ||
        (count !== undefined ? offset >= count : records.length < this.pageSize);
      if (done) return listing;
    }
    throw new CablecastError(
      'http',
      `The server kept sending pages of ${path} past ${MAX_PAGES}; the import stopped.`,
      { url: this.#url(path) },
    );
  }

  #url(path: string, params: Query = []): string {
    // Built by hand so `ids[]` keeps its brackets, as Cablecast's own clients send them.
    const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
    return `${this.apiBase}${path}${query === '' ? '' : `?${query}`}`;
  }

  /**
   * A show's thumbnail (`thumbnailImage.url`, absolute or relative): an image on this Cablecast
   * server only. Another origin is refused (`invalid-url`) rather than fetched: the sync asks
   * the server it was given, not any address a catalogue names.
   */
  async image(
    address: string,
    maxBytes = MAX_THUMBNAIL_BYTES,
  ): Promise<{ bytes: Buffer; type: string }> {
    let url: URL;
    try {
      url = new URL(address, this.apiBase);
    } catch {
      throw new CablecastError('invalid-url', 'The thumbnail’s address cannot be read.');
    }
    if (url.origin !== new URL(this.apiBase).origin) {
      throw new CablecastError(
        'invalid-url',
        `The thumbnail is on another server (${url.host}); Airgrid fetches thumbnails only from your Cablecast server.`,
      );
    }
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = this.#signal ? AbortSignal.any([this.#signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'image/*' };
    if (this.#authorization) headers.authorization = this.#authorization;
    const context = {
      host: this.host,
      url: url.href,
      timeoutMs: this.timeoutMs,
      get callerAborted() {
        return signal !== timeout && !timeout.aborted && signal.aborted;
      },
    };
    try {
      const response = await this.#fetch(url, { headers, signal });
      const type = response.headers.get('content-type') ?? '';
      if (response.status < 200 || response.status > 299 || !/^image\//i.test(type)) {
        await response.body?.cancel().catch(() => {});
        throw new CablecastError(
          'http',
          response.ok
            ? `The thumbnail is not an image (${type || 'no type'}).`
            : `The thumbnail answered HTTP ${response.status}.`,
          { status: response.status, url: url.href },
        );
      }
      return { bytes: await readBoundedBytes(response, maxBytes, url.href), type };
    } catch (error) {
      throw classifyFetchFailure(error, context);
    }
  }

  /** One request: time-bounded, size-bounded, JSON-parsed; failures as CablecastError. */
  async #request(
    method: 'GET' | 'POST',
    path: string,
    params: Query,
    body?: unknown,
  ): Promise<unknown> {
    const url = this.#url(path, params);
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = this.#signal ? AbortSignal.any([this.#signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#authorization) headers.authorization = this.#authorization;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const context = {
      host: this.host,
      url,
      timeoutMs: this.timeoutMs,
      get callerAborted() {
        return signal !== timeout && !timeout.aborted && signal.aborted;
      },
    };
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method,
        headers,
        signal,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw classifyFetchFailure(error, context);
    }
    const status = response.status;
    if (status === 401 || status === 403) {
      await response.body?.cancel().catch(() => {});
      throw new CablecastError(
        'unauthorized',
        this.#authorization
          ? `The server refused the user name or password (${status}).`
          : `The server asks for a user name and password (${status}): enter them as user:password.`,
        { status, url },
      );
    }
    if (status === 404) {
      await response.body?.cancel().catch(() => {});
      throw notCablecast(url, `HTTP 404 for ${path}`, status);
    }
    if (status < 200 || status > 299) {
      await response.body?.cancel().catch(() => {});
      throw new CablecastError(
        'http',
        `The Cablecast server answered with an error (HTTP ${status}).`,
        {
          status,
          url,
        },
      );
    }
    let text: string;
    try {
      text = await readBounded(response, this.maxResponseBytes, url);
    } catch (error) {
      throw classifyFetchFailure(error, context);
    }
    const type = response.headers.get('content-type') ?? '';
    if (/html/i.test(type)) throw notCablecast(url, 'an HTML page', status);
    try {
      return JSON.parse(text);
    } catch {
      throw notCablecast(url, 'an answer that is not JSON', status);
    }
  }
}

let publicOnly: typeof fetch | undefined;

/** The outbound guard with private addresses refused, made once. */
function publicOnlyFetch(): typeof fetch {
  publicOnly ??= createGuardedFetch({ allowPrivate: false });
  return publicOnly;
}

/** Reads a client for the integration's settings; throws `invalid-url` or `invalid-credentials`. */
export function createCablecastClient(options: CablecastClientOptions): CablecastClient {
  return new CablecastClient(options);
}

/** Reads a body up to `limit` bytes as text, then stops reading and fails as `too-large`. */
async function readBounded(response: Response, limit: number, url: string): Promise<string> {
  return (await readBoundedBytes(response, limit, url)).toString('utf8');
}

/** Reads a body up to `limit` bytes, then stops reading and fails as `too-large`. */
async function readBoundedBytes(response: Response, limit: number, url: string): Promise<Buffer> {
  const tooLarge = () =>
    new CablecastError(
      'too-large',
      `The server's answer is larger than ${Math.round(limit / 1024 / 1024)} MB, more than the import reads at once.`,
      { url },
    );
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function notCablecast(url: string, what: string, status?: number): CablecastError {
  return new CablecastError(
    'not-cablecast',
    `This address answers, but not as a Cablecast server (${what}). Check the address: it is the one you open Cablecast at, without any page after it.`,
    { url, ...(status === undefined ? {} : { status }) },
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The main collection of an answer; an answer without it is not Cablecast's. */
function rootArray(body: unknown, root: string, url: string): unknown[] {
  const records = isObject(body) ? body[root] : undefined;
  if (!Array.isArray(records)) throw notCablecast(url, `no "${root}" in the answer`);
  return records;
}

function metaNumber(body: unknown, key: string): number | undefined {
  const meta = isObject(body) ? body.meta : undefined;
  const value = isObject(meta) ? meta[key] : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function uniqueIds(values: unknown[]): number[] {
  const ids = values.filter(
    (value): value is number => Number.isInteger(value) && (value as number) > 0,
  );
  return [...new Set(ids)];
}

const idOnly = cablecastNamedSchema.pick({ id: true });

function emptyListing<T>(): CablecastListing<T> {
  return { items: [], shows: [], reels: [], other: {}, unreadable: [] };
}

/** Adds one page's side-loads, by id, so a show on several pages comes once. */
function mergeSideLoads<T>(
  listing: CablecastListing<T>,
  body: Record<string, unknown>,
  root: string,
) {
  for (const [key, value] of Object.entries(body)) {
    if (key === root || key === 'meta' || !Array.isArray(value)) continue;
    if (key === 'shows') {
      addById(listing.shows, readRecords(key, value, cablecastShowSchema, listing.unreadable));
    } else if (key === 'reels') {
      addById(listing.reels, readRecords(key, value, cablecastReelSchema, listing.unreadable));
    } else {
      const records = value.filter(isObject);
      listing.other[key] = addById(listing.other[key] ?? [], records);
    }
  }
}

function mergeListing<T extends { id: number }>(
  into: CablecastListing<T>,
  page: CablecastListing<T>,
) {
  addById(into.items, page.items);
  addById(into.shows, page.shows);
  addById(into.reels, page.reels);
  for (const [key, records] of Object.entries(page.other)) {
    into.other[key] = addById(into.other[key] ?? [], records);
  }
  into.unreadable.push(...page.unreadable);
}

function addById<R extends { id?: unknown }>(into: R[], records: R[]): R[] {
  const known = new Set(into.map((record) => record.id));
  for (const record of records) {
    if (known.has(record.id)) continue;
    known.add(record.id);
    into.push(record);
  }
  return into;
}
