import { describe, expect, it } from 'vitest';
import { describeNetworkError } from './webhook-sender.js';

function failure(code: string, message = 'raw'): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

describe('a failed connection in the delivery log', () => {
  it('says what happened in words, naming the receiver', () => {
    const host = 'hooks.example.org';
    expect(describeNetworkError(failure('ECONNREFUSED'), host)).toBe(
      'hooks.example.org refused the connection: nothing answers at that address and port.',
    );
    expect(describeNetworkError(failure('ENOTFOUND'), host)).toBe(
      'hooks.example.org could not be found (DNS).',
    );
    expect(describeNetworkError(failure('ECONNRESET'), host)).toBe(
      'hooks.example.org closed the connection before answering.',
    );
    expect(describeNetworkError(failure('CERT_HAS_EXPIRED'), host)).toBe(
      "hooks.example.org's HTTPS certificate was not accepted (CERT_HAS_EXPIRED).",
    );
    expect(describeNetworkError(failure('EBLOCKED', 'a private address'), host)).toBe(
      'Refused address: a private address.',
    );
    expect(describeNetworkError(failure('EPIPE', 'broken pipe'), host)).toBe('EPIPE: broken pipe');
  });
});
