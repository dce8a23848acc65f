import { messages } from '../../i18n/messages';

/**
 * The verdicts of /debug/static, apart from the requests (queries.ts makes them): what each
 * file this build serves must answer with. Content-hashed files under /assets/ never change, so
 * browsers may keep them a year without asking again; the page and the build manifest name
 * those files, so they are asked for again on every load; text of a kilobyte or more comes
 * compressed (the build writes brotli and gzip copies: docs/decisions/0015-compressed-responses.md).
 */

/** What a checked file is: the build manifest, a page (HTML), or a content-hashed asset. */
export type ProbeKind = 'manifest' | 'page' | 'asset';

/** One file as the server answered it (a HEAD or GET without the browser's cache). */
export interface Probe {
  path: string;
  kind: ProbeKind;
  /** The HTTP status; null when the request failed before an answer (offline, refused). */
  status: number | null;
  cacheControl: string | null;
  contentEncoding: string | null;
  contentType: string | null;
  vary: string | null;
  /** Bytes on the wire (Content-Length, compressed when Content-Encoding says so). */
  bytes: number | null;
}

/** Why a file fails its check. */
export type Problem =
  | { code: 'unreachable' }
  | { code: 'status'; status: number }
  | { code: 'no-cache-control' }
  | { code: 'not-immutable' }
  | { code: 'short-lived'; maxAge: number | null }
  | { code: 'cached-too-long'; maxAge: number | null }
  | { code: 'not-compressed'; bytes: number }
  | { code: 'no-vary' };

export interface Verdict {
  ok: boolean;
  problems: Problem[];
}

/** A hashed asset must be cached at least this long: a year, as the web's own build expects. */
export const LONG_LIVED_SEC = 365 * 24 * 3600;
/** A page or manifest may be reused without asking for at most this long. */
export const SHORT_LIVED_SEC = 60;
/** Text at least this long must come compressed (the build's own threshold, vite.config.ts). */
export const MIN_COMPRESS_BYTES = 1024;

const ENCODINGS = new Set(['br', 'gzip', 'zstd', 'deflate']);
const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(javascript|json|manifest\+json|xml|[\w.+-]+\+json|[\w.+-]+\+xml)|image\/svg\+xml)/i;
const COMPRESSIBLE_PATH = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/i;

/** The directives of a Cache-Control header that the checks read. */
export interface CacheDirectives {
  maxAge: number | null;
  immutable: boolean;
  noCache: boolean;
  noStore: boolean;
}

/** Reads a Cache-Control header: `public, max-age=31536000, immutable`. */
export function parseCacheControl(header: string | null): CacheDirectives {
  const directives: CacheDirectives = {
    maxAge: null,
    immutable: false,
    noCache: false,
    noStore: false,
  };
  for (const part of (header ?? '').split(',')) {
    const [rawName = '', rawValue] = part.split('=');
    const name = rawName.trim().toLowerCase();
    if (name === 'immutable') directives.immutable = true;
    else if (name === 'no-cache') directives.noCache = true;
    else if (name === 'no-store') directives.noStore = true;
    else if (name === 'max-age') {
      const value = Number(rawValue?.trim().replace(/^"|"$/g, ''));
      if (Number.isInteger(value) && value >= 0) directives.maxAge = value;
    }
  }
  return directives;
}

/** Whether the response is sent in a compressed encoding. */
export function isCompressed(contentEncoding: string | null): boolean {
  return (contentEncoding ?? '')
    .split(',')
    .some((coding) => ENCODINGS.has(coding.trim().toLowerCase()));
}

/** Whether a file is text worth compressing, by its type or, without one, by its name. */
export function isCompressible(path: string, contentType: string | null): boolean {
  if (contentType) return COMPRESSIBLE_TYPE.test(contentType.trim());
  return COMPRESSIBLE_PATH.test(path.split('?')[0] ?? '');
}

function cachingProblems(probe: Probe): Problem[] {
  if (!probe.cacheControl?.trim()) return [{ code: 'no-cache-control' }];
  const cache = parseCacheControl(probe.cacheControl);
  if (probe.kind === 'asset') {
    const problems: Problem[] = [];
    if (cache.noStore || cache.noCache || (cache.maxAge ?? 0) < LONG_LIVED_SEC) {
      problems.push({ code: 'short-lived', maxAge: cache.maxAge });
    }
    if (!cache.immutable) problems.push({ code: 'not-immutable' });
    return problems;
  }
  // A page or manifest: revalidated on each load, or kept a minute at most, and never immutable.
  const revalidated = cache.noStore || cache.noCache;
  if (cache.immutable || (!revalidated && (cache.maxAge ?? Infinity) > SHORT_LIVED_SEC)) {
    return [{ code: 'cached-too-long', maxAge: cache.maxAge }];
  }
  return [];
}

function encodingProblems(probe: Probe): Problem[] {
  if (isCompressed(probe.contentEncoding)) {
    const varies = (probe.vary ?? '')
      .split(',')
      .some((name) => ['accept-encoding', '*'].includes(name.trim().toLowerCase()));
    return varies ? [] : [{ code: 'no-vary' }];
  }
  if (
    probe.bytes !== null &&
    probe.bytes >= MIN_COMPRESS_BYTES &&
    isCompressible(probe.path, probe.contentType)
  ) {
    return [{ code: 'not-compressed', bytes: probe.bytes }];
  }
  return [];
}

/** A file's verdict: what is wrong with how it is served, if anything. */
export function verdictOf(probe: Probe): Verdict {
  if (probe.status === null) return { ok: false, problems: [{ code: 'unreachable' }] };
  if (probe.status !== 200) {
    return { ok: false, problems: [{ code: 'status', status: probe.status }] };
  }
  const problems = [...cachingProblems(probe), ...encodingProblems(probe)];
  return { ok: problems.length === 0, problems };
}

export interface CheckedFile extends Probe {
  verdict: Verdict;
}

export interface StaticSummary {
  total: number;
  passed: number;
  failed: number;
  /** Bytes on the wire of every file that gave its size. */
  bytes: number;
}

/** Each file with its verdict, the failing ones first (in their order otherwise). */
export function checkFiles(probes: readonly Probe[]): CheckedFile[] {
  const checked = probes.map((probe) => ({ ...probe, verdict: verdictOf(probe) }));
  return [
    ...checked.filter((file) => !file.verdict.ok),
    ...checked.filter((file) => file.verdict.ok),
  ];
}

/** The counts the page's summary reads. */
export function summarize(files: readonly CheckedFile[]): StaticSummary {
  const failed = files.filter((file) => !file.verdict.ok).length;
  return {
    total: files.length,
    passed: files.length - failed,
    failed,
    bytes: files.reduce((sum, file) => sum + (file.bytes ?? 0), 0),
  };
}

/** The build's details (`/builds/meta/{id}.json`): its id, when it was built, its assets. */
export interface BuildDetails {
  id: string;
  timestamp: number;
  /** Paths under the site's root, e.g. `assets/index-Cc-qhdEK.js`. */
  assets: string[];
}

/** The id in `/builds/latest.json`; an error when the file is not a build manifest. */
export function buildIdOf(manifest: unknown): string {
  const id = (manifest as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !/^[\w-]+$/.test(id)) {
    throw new Error(messages().debug.staticCheck.noBuildId);
  }
  return id;
}

/** The build's details; an error when the file has none (a build from before they listed assets). */
export function parseBuildDetails(details: unknown): BuildDetails {
  const value = details as Partial<BuildDetails> | null;
  const id = buildIdOf(value);
  const assets = value?.assets;
  if (
    !Array.isArray(assets) ||
    !assets.every((name) => typeof name === 'string' && /^assets\/(?!\.)[^/?#]+$/.test(name))
  ) {
    throw new Error(messages().debug.staticCheck.noAssetList);
  }
  const timestamp = typeof value?.timestamp === 'number' ? value.timestamp : 0;
  return { id, timestamp, assets: [...assets] };
}
