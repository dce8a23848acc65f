import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { OrganizationChangeMarks } from './change-marks.js';
import { httpDate } from './conditional-request.js';
import { type EncodedBodies, encodeBodies } from './content-encoding.js';

/** What a build hands the cache: one public read of one organization, as it is right now. */
export interface PublicReadSource {
  /** The organization's id: its changes make the read stale. */
  organization: string;
  contentType: string;
  cacheControl: string;
  /** Request headers the answer varies by, besides Accept-Encoding (e.g. Authorization). */
  vary?: string;
  /** Further response headers that belong to the read (an embed page's framing policy). */
  headers?: Readonly<Record<string, string>>;
  /** The body; null when it is too large to keep (then only its validators are cached). */
  text: string | null;
  /** The entity tag; by default a digest of the body (so every node and worker agree on it). */
  etag?: string;
  /** Epoch ms, or null when the read has no Last-Modified. */
  lastModified: number | null;
  /** When the read's content moves with the clock (a feed's window), "now" from then on. */
  expiresAt: number | null;
}

/** A public read ready to answer with: validators, and the body in every stored encoding. */
export interface PublicRead {
  organization: string;
  contentType: string;
  /**
   * Every header of the answer but its encoding: validators (ETag, Last-Modified),
   * Cache-Control, Vary and the source's own. Written once per build, so a cache hit formats
   * no date and copies no header list.
   */
  headers: Readonly<Record<string, string>>;
  etag: string;
  lastModified: number | null;
  expiresAt: number | null;
  bodies: EncodedBodies | null;
}

interface Entry {
  read: PublicRead;
  /** The change sequence when the build started: anything later makes the entry stale. */
  builtAt: number;
  /** Real time it was stored, for {@link MAX_ENTRY_AGE_MS}. */
  storedAt: number;
  bytes: number;
}

export interface PublicReadCacheOptions {
  /** Bodies kept at once, all encodings counted; the least recently used go first. */
  maxBytes: number;
  /** Entries kept at once (validator-only entries weigh almost nothing, so count them too). */
  maxEntries: number;
}

const DEFAULT_CACHE_OPTIONS: PublicReadCacheOptions = {
  maxBytes: 64 * 1024 * 1024,
  maxEntries: 5000,
};

/**
 * A safety net, not the invalidation: every edit through the API invalidates at once through
 * the change marks, but a write made behind the server's back (SQL by hand, a restore on
 * another node) raises no event. Five minutes bounds how long such a change can stay unseen.
 */
const MAX_ENTRY_AGE_MS = 5 * 60 * 1000;

/** A weak tag from the body's digest: the same bytes give the same tag on every node. */
function digestEtag(body: Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Public reads (guide windows, feeds) built once per change and served from memory: an entry
 * stays current until its organization's change mark passes the sequence at which its build
 * started, or the clock passes its expiry. Bounded in bytes and entries, least recently used
 * evicted first. Concurrent misses for one key share one build, as long as no change has been
 * seen since it started (a later request must not be handed a read begun before an edit).
 */
export class PublicReadCache {
  readonly #entries = new Map<string, Entry>();
  readonly #building = new Map<string, { sequence: number; read: Promise<PublicRead> }>();
  #bytes = 0;

  constructor(
    private readonly marks: OrganizationChangeMarks,
    private readonly clock: Clock,
    private readonly options: PublicReadCacheOptions = DEFAULT_CACHE_OPTIONS,
  ) {}

  /** The read stored under `key` when current; otherwise `build` runs (once) and is stored. */
  read(key: string, build: () => Promise<PublicReadSource>): Promise<PublicRead> {
    const current = this.current(key);
    if (current) return Promise.resolve(current);
    const pending = this.#building.get(key);
    if (pending && pending.sequence === this.marks.sequence) return pending.read;
    return this.startBuild(key, build);
  }

  /** The read stored under `key` when it is current; nothing is built when it is not. */
  current(key: string): PublicRead | undefined {
    const entry = this.#entries.get(key);
    if (!entry || !this.isCurrent(entry)) return undefined;
    // Re-inserting moves the key to the end of the map's order: the most recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.read;
  }

  /** The bytes of bodies held now (for tests and figures). */
  get bytes(): number {
    return this.#bytes;
  }

  private startBuild(key: string, build: () => Promise<PublicReadSource>): Promise<PublicRead> {
    const sequence = this.marks.sequence;
    const read = this.build(key, sequence, build).finally(() => {
      if (this.#building.get(key)?.read === read) this.#building.delete(key);
    });
    this.#building.set(key, { sequence, read });
    return read;
  }

  private async build(
    key: string,
    sequence: number,
    build: () => Promise<PublicReadSource>,
  ): Promise<PublicRead> {
    const source = await build();
    const bodies = source.text === null ? null : await encodeBodies(source.text);
    const etag = source.etag ?? digestEtag(bodies?.identity ?? Buffer.alloc(0));
    const read: PublicRead = {
      organization: source.organization,
      contentType: source.contentType,
      headers: {
        ETag: etag,
        'Cache-Control': source.cacheControl,
        Vary: source.vary ? `Accept-Encoding, ${source.vary}` : 'Accept-Encoding',
        ...(source.lastModified === null ? {} : { 'Last-Modified': httpDate(source.lastModified) }),
        ...source.headers,
      },
      etag,
      lastModified: source.lastModified,
      expiresAt: source.expiresAt,
      bodies,
    };
    // An edit seen while building: the read is answered (it is as fresh as an uncached one)
    // but not kept, so the next request builds again.
    if (this.marks.isUnchangedSince(source.organization, sequence)) this.store(key, read, sequence);
    return read;
  }

  private isCurrent(entry: Entry): boolean {
    return (
      this.marks.isUnchangedSince(entry.read.organization, entry.builtAt) &&
      (entry.read.expiresAt === null || this.clock.now() < entry.read.expiresAt) &&
      Date.now() - entry.storedAt < MAX_ENTRY_AGE_MS
    );
  }

  private store(key: string, read: PublicRead, builtAt: number): void {
    const bodies = read.bodies;
    const bytes = bodies ? bodies.identity.length + bodies.br.length + bodies.gzip.length : 0;
    if (bytes > this.options.maxBytes) return;
    this.remove(key);
    this.#entries.set(key, { read, builtAt, storedAt: Date.now(), bytes });
    this.#bytes += bytes;
    for (const [oldest] of this.#entries) {
      if (this.#bytes <= this.options.maxBytes && this.#entries.size <= this.options.maxEntries) {
        break;
      }
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
