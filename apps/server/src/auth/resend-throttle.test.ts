import { describe, expect, it } from 'vitest';
import { RESEND_INTERVAL_MS, ResendThrottle } from './resend-throttle.js';

function setUp() {
  const clock = { time: Date.UTC(2026, 10, 1, 6, 30), now: () => clock.time };
  return { clock, resends: new ResendThrottle(clock) };
}

describe('ResendThrottle', () => {
  it('lets the first mail go and holds a second one for two minutes', () => {
    const { clock, resends } = setUp();
    expect(RESEND_INTERVAL_MS).toBe(120_000);
    expect(resends.tryStart('passwordReset:users:a')).toBe(true);
    expect(resends.tryStart('passwordReset:users:a')).toBe(false);
    clock.time += RESEND_INTERVAL_MS - 1;
    expect(resends.tryStart('passwordReset:users:a')).toBe(false);
    clock.time += 1;
    expect(resends.tryStart('passwordReset:users:a')).toBe(true);
    expect(resends.tryStart('passwordReset:users:a')).toBe(false);
  });

  it('keeps keys apart', () => {
    const { resends } = setUp();
    expect(resends.tryStart('passwordReset:users:a')).toBe(true);
    expect(resends.tryStart('verification:users:a')).toBe(true);
    expect(resends.tryStart('passwordReset:users:b')).toBe(true);
  });

  it('lets a cleared key go again at once', () => {
    const { resends } = setUp();
    resends.tryStart('passwordReset:users:a');
    resends.clear('passwordReset:users:a');
    expect(resends.tryStart('passwordReset:users:a')).toBe(true);
  });

  it('forgets keys once their interval is over', () => {
    const { clock, resends } = setUp();
    for (let i = 0; i < 10; i += 1) {
      resends.tryStart(`verification:users:${i}`);
      clock.time += 10_000;
    }
    expect(resends.size).toBe(10);
    clock.time += RESEND_INTERVAL_MS - 50_000;
    resends.tryStart('verification:users:late');
    // Started at 0..90 s; now is 170 s: those started at 50 s or before are over.
    expect(resends.size).toBe(5);
  });
});
