import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { TEST_PATTERN_PATH } from '../../assets.js';
import { PLAYLIST_WINDOW } from './test-pattern.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('the built-in test stream', () => {
  it('serves a live playlist whose segments are MPEG-TS video, to any origin', async () => {
    const response = await server.fetch(TEST_PATTERN_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(response.headers.get('cache-control')).toContain('no-cache');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const playlist = await response.text();
    expect(playlist.startsWith('#EXTM3U\n')).toBe(true);
    const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
    expect(segments).toHaveLength(PLAYLIST_WINDOW);

    const segment = await server.fetch(`/api/v1/streams/test-pattern/${segments.at(-1)}`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    const bytes = new Uint8Array(await segment.arrayBuffer());
    // MPEG-TS: 188-byte packets, each starting with the sync byte 0x47.
    expect(bytes.length % 188).toBe(0);
    expect([bytes[0], bytes[188], bytes[376]]).toEqual([0x47, 0x47, 0x47]);
  });

  it('answers 404 for anything that is not a segment', async () => {
    for (const name of ['x.ts', '..%2Fsegment-0.ts', 'segment-0.ts']) {
      const response = await server.fetch(`/api/v1/streams/test-pattern/${name}`);
      expect(response.status, name).toBe(404);
    }
  });
});
