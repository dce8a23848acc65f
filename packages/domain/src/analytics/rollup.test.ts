import { describe, expect, it } from 'vitest';
import { FIVE_MINUTES_MS, HOUR_MS } from './buckets.js';
import { type AudienceEvent, rollUp } from './rollup.js';

const T = Date.UTC(2031, 0, 6, 12, 0, 0);
const base = { organization: 'o', channel: 'c', show: 's', ad: '', embed: '', origin: '' };

function event(
  session: string,
  kind: AudienceEvent['kind'],
  at: number,
  extra = {},
): AudienceEvent {
  return { ...base, session, kind, at, ...extra };
}

describe('rollUp', () => {
  it('counts views, watch seconds, sessions and the peak minute per bucket', () => {
    const events = [
      event('a', 'start', T),
      event('a', 'beat', T + 30_000),
      event('a', 'beat', T + 60_000),
      event('b', 'start', T + 61_000),
      event('b', 'beat', T + 91_000),
      event('b', 'end', T + 100_000),
      // The next bucket: a's beat.
      event('a', 'beat', T + FIVE_MINUTES_MS + 1000),
    ];
    const rows = rollUp(events, FIVE_MINUTES_MS, 30).sort((x, y) => x.bucket - y.bucket);
    expect(rows).toEqual([
      { ...base, bucket: T, views: 2, watchSeconds: 90, sessions: 2, peak: 2 },
      { ...base, bucket: T + FIVE_MINUTES_MS, views: 0, watchSeconds: 30, sessions: 1, peak: 1 },
    ]);
    const [hour] = rollUp(events, HOUR_MS, 30);
    expect(hour).toMatchObject({ bucket: T, views: 2, watchSeconds: 120, sessions: 2, peak: 2 });
  });

  it('caps a session at the bucket’s length and keeps attributions apart', () => {
    const events = [
      ...Array.from({ length: 40 }, (_, i) => event('flood', 'beat', T + i * 1000)),
      event('x', 'start', T, { show: 'other' }),
      event('y', 'start', T, { embed: 'e', origin: 'https://a.org' }),
    ];
    const rows = rollUp(events, FIVE_MINUTES_MS, 30);
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.show === 's' && row.embed === '')).toMatchObject({
      watchSeconds: 300,
      sessions: 1,
      peak: 1,
    });
    expect(rows.find((row) => row.show === 'other')).toMatchObject({ views: 1, peak: 1 });
    expect(rows.find((row) => row.embed === 'e')).toMatchObject({ origin: 'https://a.org' });
  });
});
