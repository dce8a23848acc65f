import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  guardedLookup,
  hostOf,
  isPrivateAddress,
  PRIVATE_ADDRESS,
} from '../../outbound/outbound-address.js';
import { parseWebhookUrl } from './webhook-address.js';

// One HTTP attempt at a receiver (decision 0032): a POST with the signed body, success on a
// 2xx within the timeout, redirects not followed, at most 64 KB of the answer read (and
// thrown away), the address checked again as the connection is made.

/** What one attempt came to: logged on the delivery. */
export interface AttemptResult {
  ok: boolean;
  /** The receiver's HTTP status; 0 when it never answered. */
  status: number;
  /** From the request's start to the end of the answer read, in milliseconds. */
  ms: number;
  /** Why it failed ("" when it succeeded). */
  error: string;
}

export interface Attempt {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  /** Default 10 s: connecting, sending and the answer all within it. */
  timeoutMs?: number;
  /** The server stopping: the attempt ends at once. */
  signal?: AbortSignal;
}

const ATTEMPT_TIMEOUT_MS = 10_000;
/** Bytes of a receiver's answer read before the connection is closed. */
const MAX_ANSWER_BYTES = 64 * 1024;

export function attemptDelivery(attempt: Attempt): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = parseWebhookUrl(attempt.url, attempt.allowPrivate);
  if (typeof url === 'string')
    return Promise.resolve({ ok: false, status: 0, ms: 0, error: `Refused address: ${url}` });
  const host = hostOf(url);
  if (!attempt.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host))
    return Promise.resolve({
      ok: false,
      status: 0,
      ms: 0,
      error: `Refused address: ${PRIVATE_ADDRESS}.`,
    });
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      attempt.signal?.removeEventListener('abort', onAbort);
      resolve({ ...result, ms: elapsed() });
      request.destroy();
    };
    const fail = (error: string) => finish({ ok: false, status: 0, error });
    const onAbort = () => fail('The server stopped during the attempt.');
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'POST',
      headers: { ...attempt.headers, 'Content-Length': String(Buffer.byteLength(attempt.body)) },
      lookup: guardedLookup(attempt.allowPrivate) as never,
      agent: false,
    });
    const timeoutMs = attempt.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
    const timer = setTimeout(
      () => fail(`No complete answer within ${timeoutMs / 1000} s.`),
      timeoutMs,
    );
    attempt.signal?.addEventListener('abort', onAbort);
    if (attempt.signal?.aborted) onAbort();
    request.on('error', (error: NodeJS.ErrnoException) => {
      fail(describeNetworkError(error, url.host).slice(0, 500));
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const done = () => {
        const ok = status >= 200 && status < 300;
        const error = ok
          ? ''
          : status >= 300 && status < 400
            ? `The receiver answered ${status} (a redirect); redirects are not followed.`
            : `The receiver answered ${status}.`;
        finish({ ok, status, error });
      };
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Enough: the answer's content is never used, only its status.
        if (read >= MAX_ANSWER_BYTES) done();
      });
      response.on('end', done);
      response.on('error', () => done());
    });
    request.end(attempt.body);
  });
}

/** A failed connection as the station admin reads it in the delivery log. */
export function describeNetworkError(error: NodeJS.ErrnoException, host: string): string {
  switch (error.code) {
    case 'EBLOCKED':
      return `Refused address: ${error.message}.`;
    case 'ECONNREFUSED':
      return `${host} refused the connection: nothing answers at that address and port.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${host} could not be found (DNS).`;
    case 'ECONNRESET':
      return `${host} closed the connection before answering.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} cannot be reached from this server.`;
    default:
      if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT'))
        return `${host}'s HTTPS certificate was not accepted (${error.code}).`;
      return `${error.code ? `${error.code}: ` : ''}${error.message}`;
  }
}
