import { readFile } from 'node:fs/promises';
import { testPatternPlaylist, testPatternSegment } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { TEST_PATTERN_PATH } from '../../assets.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { shiftTimestamps } from './mpegts-timestamps.js';
import { livePlaylist, SEGMENT_FILES, segmentOf } from './test-pattern.js';

const ASSETS = new URL('../../../assets/test-pattern/', import.meta.url);

/** Public, so any player (and the M3U feed's IPTV apps) may fetch it from any origin. */
const CORS = { 'access-control-allow-origin': '*' };

/**
 * The built-in test stream (test-pattern.ts): GET {@link TEST_PATTERN_PATH} and its segments,
 * through their contracts (packages/schema/src/contracts/feeds.ts).
 * The four segment files are read once at start-up (about 360 KB).
 */
export function streamRoutes(clock: Clock) {
  return async (app: FastifyInstance) => {
    const files = new Map<string, Buffer>();
    for (let index = 0; index < SEGMENT_FILES; index++) {
      const name = `segment-${index}.ts`;
      files.set(name, await readFile(new URL(name, ASSETS)));
    }

    registerEndpoint(app, testPatternPlaylist, (_, _request, reply) =>
      reply
        .headers({
          ...CORS,
          'content-type': 'application/vnd.apple.mpegurl',
          'cache-control': 'no-cache, no-store',
        })
        .send(livePlaylist(clock.now())),
    );

    registerEndpoint(app, testPatternSegment, ({ params }, _request, reply) => {
      const segment = segmentOf(params.segment);
      const file = segment ? files.get(segment.file) : undefined;
      if (!segment || !file) throw new ApiError(404, 'No such segment of the test pattern.');
      const body = Buffer.from(shiftTimestamps(file, segment.shiftTicks));
      // A sequence number always plays the same bytes: safe to cache for good.
      return reply
        .headers({
          ...CORS,
          'content-type': 'video/mp2t',
          'cache-control': 'public, max-age=31536000, immutable',
        })
        .send(body);
    });
  };
}
