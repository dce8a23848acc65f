import { describe, expect, it } from 'vitest';
import { SubmissionThrottle } from './submission-throttle.js';

describe('the submission throttle', () => {
  it('allows `limit` per window per address, counting only what was kept', () => {
    const throttle = new SubmissionThrottle({ max: 2, windowMs: 1000 });
    expect(throttle.allows('a', 0)).toBe(true);
    throttle.count('a', 0);
    throttle.count('a', 100);
    expect(throttle.allows('a', 500)).toBe(false);
    expect(throttle.allows('b', 500)).toBe(true);
    // The first falls out of the window.
    expect(throttle.allows('a', 1001)).toBe(true);
  });

  it('forgets the least recently seen address past its bound', () => {
    const throttle = new SubmissionThrottle({ max: 1, windowMs: 1000 }, 2);
    throttle.count('a', 0);
    throttle.count('b', 1);
    throttle.count('c', 2);
    expect(throttle.allows('a', 3)).toBe(true);
    expect(throttle.allows('c', 3)).toBe(false);
  });

  it('lets everything through when the limit is off', () => {
    const throttle = new SubmissionThrottle(null);
    for (let at = 0; at < 100; at += 1) throttle.count('a', at);
    expect(throttle.allows('a', 100)).toBe(true);
  });
});
