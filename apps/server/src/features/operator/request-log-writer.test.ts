import { describe, expect, it, vi } from 'vitest';
import type { AnsweredRequest } from '../../request-types.js';
import type { LogLine, LogsRepository } from './logs-repository.js';
import { RequestLogWriter } from './request-log-writer.js';

// The request path only buffers: no answered request costs a database write of its own.

const answered: AnsweredRequest = {
  method: 'GET',
  url: '/api/health',
  status: 200,
  execTime: 1.5,
  authCollection: null,
  authId: null,
  userIP: '203.0.113.9',
  remoteIP: '127.0.0.1',
  error: null,
};

function writer(options = {}, settings = { logIP: false, logAuthId: false }) {
  const batches: LogLine[][] = [];
  const logs = {
    insert: vi.fn(async (lines: readonly LogLine[]) => {
      batches.push([...lines]);
    }),
  } as unknown as LogsRepository;
  const log = { warn: vi.fn(), info: vi.fn() } as never;
  const made = new RequestLogWriter(
    logs,
    settings,
    { now: () => Date.UTC(2026, 10, 29, 16) },
    log,
    {
      flushEveryMs: 60_000,
      ...options,
    },
  );
  return { made, batches };
}

describe('RequestLogWriter', () => {
  it('writes nothing per request: 199 lines wait, the 200th writes one batch of 200', async () => {
    const { made, batches } = writer();
    for (let i = 0; i < 199; i++) made.record(answered);
    expect(batches).toHaveLength(0);
    made.record(answered);
    await made.flush();
    expect(batches.map((batch) => batch.length)).toEqual([200]);
    await made.close();
  });

  it('writes what waits after the interval, and at close', async () => {
    vi.useFakeTimers();
    try {
      const { made, batches } = writer({ flushEveryMs: 1000 });
      made.record(answered);
      made.record(answered);
      expect(batches).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1000);
      expect(batches.map((batch) => batch.length)).toEqual([2]);
      made.record(answered);
      await made.close();
      expect(batches.map((batch) => batch.length)).toEqual([2, 1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves out the build files served as asked, and keeps the ones that failed', async () => {
    const { made, batches } = writer();
    made.record({ ...answered, url: '/assets/index-Ab12Cd34.js' });
    made.record({ ...answered, url: '/assets/index-Ab12Cd34.js', status: 304 });
    made.record({ ...answered, url: '/assets/gone-Zz99.js', status: 404 });
    made.record({ ...answered, url: '/o/riverside/tvguide' });
    await made.close();
    expect(batches.flat().map((line) => line.message)).toEqual([
      'GET /assets/gone-Zz99.js',
      'GET /o/riverside/tvguide',
    ]);
  });

  it('keeps at most maxPending lines while behind, dropping the newer', async () => {
    const { made, batches } = writer({ maxPending: 3, batchSize: 1000 });
    for (let i = 0; i < 10; i++) made.record(answered);
    await made.close();
    expect(batches.map((batch) => batch.length)).toEqual([3]);
  });

  it('makes PocketBase’s line, without the address or record id unless turned on', () => {
    const { made } = writer();
    const line = made.lineOf({ ...answered, status: 404, error: 'Not found.' });
    expect(line).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{15}$/),
      created: '2026-11-29 16:00:00.000Z',
      level: 8,
      message: 'GET /api/health',
      data: {
        type: 'request',
        method: 'GET',
        url: '/api/health',
        status: 404,
        execTime: 1.5,
        auth: 'guest',
        error: 'Not found.',
      },
    });
    const on = writer({}, { logIP: true, logAuthId: true }).made.lineOf({
      ...answered,
      authCollection: 'users',
      authId: 'abc',
    });
    expect(on.data).toMatchObject({ auth: 'users', authId: 'abc', userIP: '203.0.113.9' });
    expect(on.level).toBe(0);
  });
});
