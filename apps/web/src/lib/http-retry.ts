/**
 * The seed's retry policy for the app's own calls (seed §7, PRODUCT.md): a GET is retried once
 * when the answer is 408, 409, 425, 429, 500, 502, 503 or 504; POST, PUT, PATCH and DELETE are
 * never retried, since repeating them could repeat their effect.
 */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);

/** How many times a request with this method may be retried. */
export function retriesFor(method: string | undefined): number {
  return (method ?? 'GET').toUpperCase() === 'GET' ? 1 : 0;
}

/** The wait before a retry: the server's Retry-After when it gives one (capped), else 300 ms. */
export function retryDelayMs(retryAfter: string | null, now = Date.now()): number {
  const DEFAULT_MS = 300;
  const MAX_MS = 5000;
  if (!retryAfter) return DEFAULT_MS;
  const seconds = Number(retryAfter);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_MS) : DEFAULT_MS;
}

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** Wraps fetch with the policy above. An aborted request is never retried. */
export function withRetry(fetchImpl: Fetch, sleep = defaultSleep): Fetch {
  return async (input, init) => {
    let retriesLeft = retriesFor(init?.method);
    for (;;) {
      const response = await fetchImpl(input, init);
      if (retriesLeft <= 0 || !RETRY_STATUSES.has(response.status) || init?.signal?.aborted) {
        return response;
      }
      retriesLeft--;
      await sleep(retryDelayMs(response.headers.get('retry-after')), init?.signal ?? undefined);
    }
  };
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
