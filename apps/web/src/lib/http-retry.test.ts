import { describe, expect, it, vi } from 'vitest';
import { RETRY_STATUSES, retriesFor, retryDelayMs, withRetry } from './http-retry';

const noSleep = async () => {};
const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : '{}', { status, headers });

describe('the retry policy', () => {
  it('retries a GET once and never a write', () => {
    expect(retriesFor('GET')).toBe(1);
    expect(retriesFor('get')).toBe(1);
    expect(retriesFor(undefined)).toBe(1);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(retriesFor(method)).toBe(0);
  });

  it('covers exactly the statuses of the seed', () => {
    expect([...RETRY_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it('waits as Retry-After says, within 5 s', () => {
    expect(retryDelayMs(null)).toBe(300);
    expect(retryDelayMs('2')).toBe(2000);
    expect(retryDelayMs('120')).toBe(5000);
    expect(retryDelayMs('not a date')).toBe(300);
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryDelayMs('Sun, 22 Nov 2026 10:00:01 GMT', now)).toBe(1000);
  });
});

describe('withRetry', () => {
  it('asks again once when a GET gets a retryable status', async () => {
    const fetchImpl = vi.fn().mockResolvedValueOnce(answer(503)).mockResolvedValueOnce(answer(200));
    const response = await withRetry(fetchImpl, noSleep)('/api/x', { method: 'GET' });
    expect(response.status).toBe(200);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('gives up after one retry and returns the last answer', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(answer(500));
    const response = await withRetry(fetchImpl, noSleep)('/api/x');
    expect(response.status).toBe(500);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('never repeats a write, nor a GET that failed for good', async () => {
    for (const [method, status] of [
      ['POST', 503],
      ['PATCH', 500],
      ['DELETE', 429],
      ['GET', 404],
      ['GET', 400],
    ] as const) {
      const fetchImpl = vi.fn().mockResolvedValue(answer(status));
      await withRetry(fetchImpl, noSleep)('/api/x', { method });
      expect(fetchImpl, `${method} ${status}`).toHaveBeenCalledTimes(1);
    }
  });

  it('does not retry an aborted request', async () => {
    const controller = new AbortController();
    const fetchImpl = vi.fn().mockImplementation(async () => {
      controller.abort();
      return answer(503);
    });
    await withRetry(fetchImpl, noSleep)('/api/x', { signal: controller.signal });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
