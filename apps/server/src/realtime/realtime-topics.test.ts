import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTopic } from './realtime-topics.js';

describe('parseTopic', () => {
  it('reads a collection, a wildcard and a record', () => {
    expect(parseTopic('channels')).toMatchObject({ collection: 'channels', recordId: null });
    expect(parseTopic('channels/*')).toMatchObject({ collection: 'channels', recordId: null });
    expect(parseTopic('channels/abc123def456ghi')).toMatchObject({
      collection: 'channels',
      recordId: 'abc123def456ghi',
    });
  });

  it('reads options as the SDK sends them', () => {
    const options = encodeURIComponent(
      JSON.stringify({
        query: { filter: 'number > 2', expand: 'organization', n: 5 },
        headers: { 'X-Token': 'abc' },
      }),
    );
    const topic = parseTopic(`channels/*?options=${options}`);
    expect(topic).toEqual({
      raw: `channels/*?options=${options}`,
      collection: 'channels',
      recordId: null,
      query: { filter: 'number > 2', expand: 'organization', n: '5' },
      headers: { x_token: 'abc' },
    });
  });

  it('ignores unreadable options and refuses names that are not collections', () => {
    expect(parseTopic('channels?options=%7Bnot-json')).toMatchObject({
      collection: 'channels',
      query: {},
    });
    expect(parseTopic('@oauth2')).toBeNull();
    expect(parseTopic('')).toBeNull();
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const topic = parseTopic(raw);
        expect(topic === null || topic.raw === raw).toBe(true);
      }),
    );
  });
});
