import { describe, expect, it } from 'vitest';
import { CablecastError, classifyFetchFailure, secondsText } from './cablecast-error.js';

// The shapes Node's fetch (undici) rejects with: a TypeError('fetch failed') whose cause is
// the socket's error, sometimes an AggregateError of the IPv4 and IPv6 attempts.
function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

function codeError(code: string): Error {
  return Object.assign(new Error(code), { code });
}

const context = {
  host: 'cablecast.example.org',
  url: 'https://cablecast.example.org/cablecastapi/v1/channels',
  timeoutMs: 30_000,
  callerAborted: false,
};

describe('classifyFetchFailure', () => {
  it.each([
    ['ENOTFOUND', 'dns', 'cablecast.example.org could not be found (DNS).'],
    ['EAI_AGAIN', 'dns', 'cablecast.example.org could not be found (DNS).'],
    ['ECONNREFUSED', 'refused', 'cablecast.example.org refused the connection'],
    [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'tls',
      'its certificate is not valid (DEPTH_ZERO_SELF_SIGNED_CERT)',
    ],
    ['CERT_HAS_EXPIRED', 'tls', 'The secure connection to cablecast.example.org failed'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls', 'certificate'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout', 'did not accept a connection in time'],
    ['EHOSTUNREACH', 'unreachable', 'cannot be reached from this server'],
    ['ECONNRESET', 'network', 'The connection to cablecast.example.org failed (ECONNRESET).'],
  ])('reads %s as %s', (code, kind, message) => {
    const error = classifyFetchFailure(fetchFailed(codeError(code)), context);
    expect(error).toBeInstanceOf(CablecastError);
    expect(error.kind).toBe(kind);
    expect(error.message).toContain(message);
    expect(error.url).toBe(context.url);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('looks inside an AggregateError of connection attempts', () => {
    const both = new AggregateError([codeError('ECONNREFUSED'), codeError('ECONNREFUSED')]);
    expect(classifyFetchFailure(fetchFailed(both), context).kind).toBe('refused');
  });

  it('reads the timeout signal as a timeout with the limit in seconds', () => {
    const error = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const classified = classifyFetchFailure(error, context);
    expect(classified.kind).toBe('timeout');
    expect(classified.message).toBe('The server did not answer within 30 s.');
  });

  it('reads the caller cancelling as aborted, before anything else', () => {
    const error = new DOMException('This operation was aborted', 'AbortError');
    expect(classifyFetchFailure(error, { ...context, callerAborted: true }).kind).toBe('aborted');
  });

  it('passes a CablecastError through', () => {
    const error = new CablecastError('too-large', 'big');
    expect(classifyFetchFailure(error, context)).toBe(error);
  });

  it('says "failed" without a code when there is none', () => {
    expect(classifyFetchFailure(new Error('boom'), context).message).toBe(
      'The connection to cablecast.example.org failed.',
    );
  });
});

describe('secondsText', () => {
  it.each([
    [30_000, '30 s'],
    [120_000, '120 s'],
    [200, '200 ms'],
    [1500, '2 s'],
  ])('writes %i ms as %s', (ms, text) => {
    expect(secondsText(ms)).toBe(text);
  });
});
