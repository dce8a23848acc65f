import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../lib/pocketbase';
import type { ApiDocument, ApiIndex } from './api-docs-model';

// The API reference's reads and its "try it" request (components call these, never `pb`).

/** Where the server serves its OpenAPI document. */
export const OPENAPI_URL = pb.buildURL('/api/openapi.json');

/** The document's operations in brief: what the list of endpoints reads. */
const INDEX_URL = '/api/openapi-index.json';

async function readJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
  return (await response.json()) as T;
}

export const apiDocsQueries = {
  /**
   * Every operation's id, method, path, area and summary: a few kilobytes, where the whole
   * document is hundreds (the list page, rendered by the server too, reads only this).
   */
  index: () =>
    queryOptions({
      queryKey: ['api-docs', 'index'],
      queryFn: ({ signal }): Promise<ApiIndex> => readJson(pb.buildURL(INDEX_URL), signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The server's OpenAPI document: made once by the server, the same for everyone. */
  document: () =>
    queryOptions({
      queryKey: ['api-docs', 'document'],
      queryFn: ({ signal }): Promise<ApiDocument> => readJson(OPENAPI_URL, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** What "try it" sends: the path filled in, the query and the JSON body. */
export interface TryRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: string | null;
  /** An API key to send instead of the signed-in session. */
  apiKey: string;
}

export interface TryResult {
  status: number;
  statusText: string;
  contentType: string;
  body: string;
  ms: number;
}

/** Sends a request of the reference as the signed-in member (or with the key they typed). */
export async function tryRequest(request: TryRequest): Promise<TryResult> {
  const url = new URL(pb.buildURL(request.path), window.location.origin);
  for (const [name, value] of Object.entries(request.query)) {
    if (value.trim() !== '') url.searchParams.set(name, value.trim());
  }
  const token = request.apiKey.trim() || pb.authStore.token;
  const headers: Record<string, string> = token ? { Authorization: token } : {};
  if (request.body !== null) headers['Content-Type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(url, {
    method: request.method,
    headers,
    ...(request.body !== null ? { body: request.body } : {}),
  });
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  return {
    status: response.status,
    statusText: response.statusText,
    contentType,
    body: contentType.includes('json') ? pretty(text) : text.slice(0, 20_000),
    ms: Math.round(performance.now() - started),
  };
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
