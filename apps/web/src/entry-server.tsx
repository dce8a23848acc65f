import type { PublicStation } from '@airgrid/schema';
import {
  type DefaultError,
  type DefaultedQueryObserverOptions,
  dehydrate,
  QueryClient,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers';
import { appRouteTree } from './app/router';
import { isServerRenderedPath } from './app/server-rendered-paths';
import { SERVER_STATE_ID, type ServerState } from './app/server-state';
import { pinRenderTime } from './lib/page-clock';
import { pb } from './lib/pocketbase';
import { ScreenHintProvider } from './lib/screen-hint';
import { stationKeys } from './shared/stations/queries';

// Server rendering of the pages viewers land on (the landing page, the guide, the watch page):
// the server sends their markup and data with the HTML, so a phone paints the page before the
// app's scripts have arrived (docs/decisions/0023-server-rendered-public-pages.md). Built by
// `vite build --ssr` into dist-ssr/ and called by apps/server/src/http/server-rendered-pages.ts.
// Always the signed-out view: the sign-in token lives in the browser's storage, which the
// server never sees; a signed-in browser renders its own view over it.

export { SERVER_STATE_ID };

/** A page as the server sends it: the markup inside #root and the data the page read. */
export interface RenderedPage {
  html: string;
  /** TanStack Query's dehydrated cache, as JSON: the browser starts from it. */
  state: string;
  /** The station the page shows (its id), whose changes make the page stale; null for none. */
  organization: string | null;
}

/**
 * Renders after which a page's data is taken as complete: each pass can start new reads. Bare
 * /watch takes six: the app's config, its station, the channel on air, that channel, then its
 * schedule and line-up, then the page with all of them.
 */
const MAX_PASSES = 6;

/** Where the app's reads go while rendering: this server's own API. */
export function configureServerRendering(apiOrigin: string): void {
  pb.baseURL = apiOrigin;
}

/**
 * The markup and data of a public page, or null when the path is not one the server renders
 * (every other page renders in the browser only).
 */
export async function renderPage(
  url: URL,
  screen: { phone: boolean },
): Promise<RenderedPage | null> {
  if (!isServerRenderedPath(url.pathname)) return null;
  const handler = createStaticHandler(appRouteTree());
  const context = await handler.query(new Request(url.href));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new PrefetchingQueryClient();

  // useQuery does not fetch during a server render: each pass records the reads the page asked
  // for, fetches them, and renders again with their data, until a pass asks for nothing new.
  // Every pass renders the same instant, which the browser's hydrating render uses too.
  const renderedAt = Date.now();
  let html = '';
  for (let pass = 1; ; pass++) {
    queryClient.wanted.clear();
    pinRenderTime(renderedAt);
    try {
      html = renderToString(
        <AppProviders queryClient={queryClient}>
          <ScreenHintProvider phone={screen.phone}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ScreenHintProvider>
        </AppProviders>,
      );
    } finally {
      pinRenderTime(undefined);
    }
    // The markup and the data sent with it must come from the same pass: a read fetched after
    // the last render would make the browser's first render differ from the markup (React's
    // hydration error #418). What the last pass still asks for is left to the app (`complete`).
    if (pass === MAX_PASSES || !(await queryClient.fetchWanted())) break;
  }
  // A read that failed for another reason than "not found" (the API busy, say) would keep an
  // error on the page for its whole time in the server's cache: the browser renders it instead.
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status === 'error' && statusOf(query.state.error) !== 404);
  if (failed) return null;
  return {
    html,
    state: JSON.stringify({
      renderedAt,
      cache: dehydrate(queryClient),
      complete: queryClient.readAllWanted(),
    } satisfies ServerState),
    organization: shownStation(queryClient)?.id ?? null,
  };
}

type AnyQueryOptions = QueryObserverOptions<unknown, DefaultError, unknown, unknown, QueryKey>;

/**
 * A query client that remembers which reads a render asked for. Every useQuery passes its
 * options through `defaultQueryOptions` on each render, `enabled` included, so recording them
 * there finds exactly the reads the page would start in a browser.
 */
class PrefetchingQueryClient extends QueryClient {
  readonly wanted = new Map<string, AnyQueryOptions>();

  constructor() {
    // Fail fast: a read that fails while rendering is left to the browser, which retries it.
    super({ defaultOptions: { queries: { retry: false } } });
  }

  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options);
    if (defaulted.enabled !== false && defaulted.queryHash) {
      this.wanted.set(defaulted.queryHash, defaulted as unknown as AnyQueryOptions);
    }
    return defaulted;
  }

  /**
   * Whether the last render has every read it asked for: one not found (its error is not sent
   * with the page) or never made leaves the page for the app to finish.
   */
  readAllWanted(): boolean {
    const cache = this.getQueryCache();
    return [...this.wanted.values()].every(
      (options) => cache.get(options.queryHash ?? '')?.state.status === 'success',
    );
  }

  /**
   * Fetches the recorded reads that have no data yet, and waits for every read in flight (a
   * read may start others). Returns whether any read ran: then the page renders again.
   */
  async fetchWanted(): Promise<boolean> {
    const cache = this.getQueryCache();
    const missing = [...this.wanted.values()].filter((options) => {
      const query = cache.get(options.queryHash ?? '');
      return !query || query.state.status === 'pending';
    });
    if (missing.length === 0) return false;
    await Promise.allSettled(missing.map((options) => this.prefetchQuery(options)));
    const inFlight = cache.getAll().filter((query) => query.state.fetchStatus === 'fetching');
    await Promise.allSettled(inFlight.map((query) => query.fetch()));
    return true;
  }
}

/** The station whose public face the page shows: the layout always reads it. */
function shownStation(queryClient: QueryClient): PublicStation | undefined {
  const [, station] =
    queryClient
      .getQueriesData<PublicStation>({ queryKey: stationKeys.one('').slice(0, 2) })
      .find(([, data]) => data !== undefined) ?? [];
  return station;
}

function statusOf(error: unknown): number | undefined {
  return (error as { status?: number } | null)?.status;
}
