import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecurringRun, scheduleRecurringRun } from './recurring-run.js';

function fakeLog() {
  const warn = vi.fn();
  return { log: { warn } as unknown as FastifyBaseLogger, warn };
}

/** A job whose claim answers from `wins` in turn, and that records the instants it ran at. */
function job(wins: boolean[], overrides: Partial<RecurringRun> = {}) {
  const ran: number[] = [];
  const claims: number[] = [];
  const recurring: RecurringRun = {
    name: 'test run',
    checkEveryMs: 1000,
    claim: async (now) => {
      claims.push(now);
      return wins.shift() ?? false;
    },
    run: async (now) => {
      ran.push(now);
    },
    ...overrides,
  };
  return { recurring, ran, claims };
}

describe('scheduleRecurringRun', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());
  const clock = { now: () => Date.now() };

  it('looks every checkEveryMs and runs only the looks this node claims', async () => {
    const { recurring, ran, claims } = job([false, true, false]);
    const stop = scheduleRecurringRun(recurring, fakeLog().log, clock);
    await vi.advanceTimersByTimeAsync(3000);
    expect(claims).toEqual([1000, 2000, 3000]);
    expect(ran).toEqual([2000]);
    stop();
  });

  it('takes a first look early when asked, then keeps to the interval', async () => {
    const { recurring, claims } = job([], { checkEveryMs: 1000, firstLookAfterMs: 100 });
    const stop = scheduleRecurringRun(recurring, fakeLog().log, clock);
    await vi.advanceTimersByTimeAsync(1000);
    expect(claims).toEqual([100, 1000]);
    stop();
  });

  it('logs a failed claim or run, and looks again next time', async () => {
    const { log, warn } = fakeLog();
    let calls = 0;
    const { recurring, ran } = job([true, true], {
      run: async (now) => {
        calls++;
        if (calls === 1) throw new Error('disk full');
        ran.push(now);
      },
    });
    const stop = scheduleRecurringRun(recurring, log, clock);
    await vi.advanceTimersByTimeAsync(2000);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toBe('test run failed');
    expect(ran).toEqual([2000]);
    stop();
  });

  it('stops looking once stopped', async () => {
    const { recurring, claims } = job([], { firstLookAfterMs: 500 });
    const stop = scheduleRecurringRun(recurring, fakeLog().log, clock);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(claims).toEqual([]);
  });
});
