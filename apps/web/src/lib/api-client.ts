import type {
  EndpointInput,
  EndpointKey,
  EndpointReply,
  Endpoints,
} from '@airgrid/schema/contracts';
import type PocketBase from 'pocketbase';
import type { SendOptions } from 'pocketbase';

// The typed client of the /api/v1 endpoints (docs/decisions/0038-endpoint-contracts.md): an
// endpoint is named by its contract's key, `POST /api/v1/schedule/place`, and its params,
// query, body and reply are the contract's types. Only types come from the contracts, so zod
// stays out of the app's bundle: the key carries the method and the path.

/** The SDK's request options a call may add (an abort signal, a request key, headers). */
type CallOptions = Omit<SendOptions, 'method' | 'body' | 'query'>;

type Arguments<K extends EndpointKey> =
  Record<string, never> extends EndpointInput<Endpoints[K]>
    ? [input?: EndpointInput<Endpoints[K]>, options?: CallOptions]
    : [input: EndpointInput<Endpoints[K]>, options?: CallOptions];

/** The path of a call: the key's pattern with each `:name` replaced by its encoded param. */
export function endpointPath(pattern: string, params: Readonly<Record<string, unknown>> = {}) {
  return pattern.replace(/:([A-Za-z_][\w]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`The path ${pattern} needs its ${name}.`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Calls an endpoint through the SDK (its auth, retries and error type) by its contract's key. */
export function callEndpoint<K extends EndpointKey>(
  client: Pick<PocketBase, 'send'>,
  key: K,
  ...[input, options]: Arguments<K>
): Promise<EndpointReply<Endpoints[K]>> {
  const space = key.indexOf(' ');
  const method = key.slice(0, space);
  // Read as unknown first: the union of every endpoint's input is too large to narrow.
  const given: unknown = input;
  const parts = (given ?? {}) as { params?: object; query?: object; body?: unknown };
  const send: SendOptions = { ...options, method };
  if (parts.query) send.query = parts.query as Record<string, unknown>;
  if (parts.body !== undefined) send.body = parts.body;
  return client.send(
    endpointPath(key.slice(space + 1), parts.params as Record<string, unknown>),
    send,
  );
}
