import { queryOptions } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import {
  type BuildDetails,
  buildIdOf,
  type Probe,
  type ProbeKind,
  parseBuildDetails,
} from './static-check';

// The requests of /debug/static (components call these, never fetch): the build manifest, then
// every file it names, each asked of the server itself (`cache: 'no-store'` skips the browser's
// cache, whose copy would say nothing about the server). The browser sends its own
// Accept-Encoding (brotli and gzip), as it does for the app's own files.

/** The build manifest the app polls (apps/web/vite.config.ts writes it). */
const MANIFEST_PATH = '/builds/latest.json';
/** Requests at a time, as a browser opens to one host over HTTP/1.1. */
const PARALLEL = 6;

/** A file as the server answers it, its body too when asked (the manifests are read). */
async function probe(
  path: string,
  kind: ProbeKind,
  method: 'GET' | 'HEAD',
  signal: AbortSignal,
): Promise<{ probe: Probe; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(path, { method, cache: 'no-store', signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return { probe: unanswered(path, kind), body: null };
  }
  const header = (name: string) => response.headers.get(name);
  const length = header('content-length');
  const body = method === 'GET' && response.ok ? await response.json().catch(() => null) : null;
  return {
    probe: {
      path,
      kind,
      status: response.status,
      cacheControl: header('cache-control'),
      contentEncoding: header('content-encoding'),
      contentType: header('content-type'),
      vary: header('vary'),
      bytes: length === null || length === '' ? null : Number(length),
    },
    body,
  };
}

function unanswered(path: string, kind: ProbeKind): Probe {
  return {
    path,
    kind,
    status: null,
    cacheControl: null,
    contentEncoding: null,
    contentType: null,
    vary: null,
    bytes: null,
  };
}

/** Runs `task` over `items`, `PARALLEL` at a time, keeping their order. */
async function inBatches<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return results;
}

export interface StaticCheckResult {
  build: BuildDetails;
  probes: Probe[];
}

/**
 * Every file of this build as the server serves it: the manifest and the build's details, the
 * app's page (`/index.html`, and this page's own path, which the server answers with it), the
 * widgets' page (`/embed.html`, and `/embed/preview` as the embeds route serves it), and each
 * content-hashed asset (HEAD: the headers are the point, not the bytes).
 */
async function checkStaticFiles(pagePath: string, signal: AbortSignal): Promise<StaticCheckResult> {
  const latest = await probe(MANIFEST_PATH, 'manifest', 'GET', signal);
  const t = messages();
  if (latest.probe.status !== 200) {
    throw new Error(t.debug.staticCheck.unreadable(MANIFEST_PATH, latest.probe.status));
  }
  const id = buildIdOf(latest.body);
  const meta = await probe(`/builds/meta/${id}.json`, 'manifest', 'GET', signal);
  if (meta.probe.status !== 200) {
    throw new Error(t.debug.staticCheck.unreadable(meta.probe.path, meta.probe.status));
  }
  const build = parseBuildDetails(meta.body);
  const files: [string, ProbeKind][] = [
    ['/index.html', 'page'],
    [pagePath, 'page'],
    ['/embed.html', 'page'],
    ['/embed/preview', 'page'],
    ...build.assets.map((name): [string, ProbeKind] => [`/${name}`, 'asset']),
  ];
  const probed = await inBatches(files, ([path, kind]) => probe(path, kind, 'HEAD', signal));
  return {
    build,
    probes: [latest.probe, meta.probe, ...probed.map((result) => result.probe)],
  };
}

export const debugQueries = {
  /** The static files check of /debug/static: run when the page opens and on "Check again". */
  staticFiles: (pagePath: string) =>
    queryOptions({
      queryKey: ['debug', 'static-files', pagePath],
      queryFn: ({ signal }) => checkStaticFiles(pagePath, signal),
      // Each visit checks afresh (showing the last results meanwhile); a failure is the answer.
      retry: false,
      refetchOnWindowFocus: false,
    }),
};
