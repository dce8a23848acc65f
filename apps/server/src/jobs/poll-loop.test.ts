import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollLoop } from './poll-loop.js';

/** A look the test ends by hand, and a count of how many began. */
function controlledLooks() {
  const pending: Array<() => void> = [];
  const look = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        pending.push(resolve);
      }),
  );
  /** Ends the oldest look still running, and lets the loop react. */
  const finishOne = async () => {
    pending.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { look, finishOne, running: () => pending.length };
}

describe('PollLoop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks at once on start, then every pollMs', async () => {
    const look = vi.fn(async () => {});
    const loop = new PollLoop(look, { pollMs: 1000, onError: () => {} });
    loop.start();
    expect(look).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(look).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(look).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(look).toHaveBeenCalledTimes(5);
    await loop.stop();
  });

  it('runs exactly one more look for any number of pokes during a look', async () => {
    const { look, finishOne, running } = controlledLooks();
    const loop = new PollLoop(look, { pollMs: 60_000, onError: () => {} });
    loop.poke();
    expect(look).toHaveBeenCalledTimes(1);
    loop.poke();
    loop.poke();
    loop.poke();
    // Never two looks at once.
    expect(look).toHaveBeenCalledTimes(1);
    expect(running()).toBe(1);
    await finishOne();
    expect(look).toHaveBeenCalledTimes(2);
    expect(loop.looking).toBe(true);
    await finishOne();
    // Nothing poked during the second look: no third.
    expect(look).toHaveBeenCalledTimes(2);
    expect(loop.looking).toBe(false);
  });

  it('idle waits for the look a poke queued behind the running one', async () => {
    const { look, finishOne } = controlledLooks();
    const loop = new PollLoop(look, { pollMs: 60_000, onError: () => {} });
    loop.poke();
    loop.poke();
    let idle = false;
    void loop.idle().then(() => {
      idle = true;
    });
    await finishOne();
    expect(idle).toBe(false);
    await finishOne();
    expect(idle).toBe(true);
  });

  it('stop waits for the running look, and nothing looks after it', async () => {
    const { look, finishOne } = controlledLooks();
    const loop = new PollLoop(look, { pollMs: 1000, onError: () => {} });
    loop.start();
    loop.poke(); // queued behind the running look: dropped by stop
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await finishOne();
    await stopping;
    expect(stopped).toBe(true);
    loop.poke();
    loop.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(look).toHaveBeenCalledTimes(1);
    expect(loop.looking).toBe(false);
  });

  it('reports a failed look and goes on looking', async () => {
    const onError = vi.fn();
    const failure = new Error('queue unreachable');
    const look = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const loop = new PollLoop(look, { pollMs: 1000, onError });
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(loop.looking).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(look).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(1);
    await loop.stop();
  });
});
