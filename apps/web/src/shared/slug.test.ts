import { describe, expect, it } from 'vitest';

describe('timeZones', () => {
  it('always offers UTC and the browser’s own zone', async () => {
    const { timeZones, browserTimeZone } = await import('./slug');
    const zones = timeZones();
    expect(zones).toContain('UTC');
    expect(zones).toContain(browserTimeZone());
    expect(new Set(zones).size).toBe(zones.length);
  });
});
