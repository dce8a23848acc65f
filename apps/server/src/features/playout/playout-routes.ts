import { nextSegmentBoundary } from '@airgrid/domain';
import {
  playoutMasterPlaylist,
  playoutMediaPlaylist,
  playoutReadinessRead,
  playoutReadinessSummary,
  playoutSegment,
  playoutSubtitlesPlaylist,
} from '@airgrid/schema/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { FileStorage } from '../../files/file-storage.js';
import { registerEndpoint } from '../../http/endpoint.js';
import type { PublicReadCache } from '../../public-reads/public-read-cache.js';
import { sendPublicRead } from '../../public-reads/public-read-reply.js';
import { memberOrganizationOf } from '../../request-types.js';
import { packagePrefix } from './playout-packaging.js';
import type { PlayoutReadiness } from './playout-readiness.js';
import type { PlayoutRepository } from './playout-repository.js';
import { masterPlaylist, type PlayoutService, SEGMENT_SEC } from './playout-service.js';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
/** Any player, on any site, may read a channel's air. */
const CORS = { 'access-control-allow-origin': '*' };
/** A media playlist changes every segment: shared caches keep it for half of one. */
const MEDIA_PLAYLIST_CACHE = `public, max-age=${SEGMENT_SEC / 2}`;
const MASTER_PLAYLIST_CACHE = 'public, max-age=60';
const SEGMENT_CACHE = 'public, max-age=31536000, immutable';
/** Captions can be corrected: a subtitle segment is kept a minute. */
const SUBTITLE_CACHE = 'public, max-age=60';
const NO_SEGMENT = 'No such segment.';

const PACKAGE_ID = /^[a-z0-9]{15}$/;
const SEGMENT_NAME = /^(\d{5})\.(ts|vtt)$/;
/** How long a segment request trusts what it learnt of a channel (public, airing). */
const CHANNEL_CHECK_MS = 5000;
const SIGN_IN = 'Sign in to see what is ready to air.';

/** Readiness is the station's own: a guest is asked to sign in. */
function signedIn(request: FastifyRequest): void {
  if (!request.auth) throw new ApiError(401, SIGN_IN);
}

/**
 * The live HLS of channels airing through Airgrid playout: the master and media playlists
 * (public reads: built once per segment and per change, already compressed) and the segments,
 * streamed from the file storage.
 */
export function playoutRoutes(deps: {
  service: PlayoutService;
  readiness: PlayoutReadiness;
  repository: PlayoutRepository;
  publicReads: PublicReadCache;
  storage: FileStorage;
  clock: Clock;
}) {
  const { service, readiness, repository, publicReads, storage, clock } = deps;
  /** Channel id → its organization while it airs, and until when that was checked. */
  const airing = new Map<string, { organization: string; until: number }>();
  /** Package id → its organization and show (a package never moves). */
  const owners = new Map<string, { organization: string; show: string }>();

  async function airingOrganization(channel: string): Promise<string> {
    const known = airing.get(channel);
    if (known && known.until > Date.now()) return known.organization;
    const found = await service.airingChannel(channel);
    if (airing.size > 10_000) airing.clear();
    airing.set(channel, { organization: found.organization, until: Date.now() + CHANNEL_CHECK_MS });
    return found.organization;
  }

  async function ownerOf(id: string): Promise<{ organization: string; show: string } | undefined> {
    const known = owners.get(id);
    if (known) return known;
    const found = await repository.package(id);
    if (!found) return undefined;
    if (owners.size > 100_000) owners.clear();
    const owner = { organization: found.organization, show: found.show };
    owners.set(id, owner);
    return owner;
  }

  return async (app: FastifyInstance) => {
    registerEndpoint(app, playoutMasterPlaylist, async ({ params }, request, reply) => {
      const read = await publicReads.read(`playout-master:${params.channel}`, async () => {
        const channel = await service.airingChannel(params.channel);
        return {
          organization: channel.organization,
          contentType: PLAYLIST_TYPE,
          cacheControl: MASTER_PLAYLIST_CACHE,
          headers: CORS,
          text: masterPlaylist(channel),
          lastModified: null,
          expiresAt: null,
        };
      });
      return sendPublicRead(request, reply, read);
    });

    for (const [endpoint, rendition] of [
      [playoutMediaPlaylist, 'video'],
      [playoutSubtitlesPlaylist, 'subtitles'],
    ] as const) {
      registerEndpoint(app, endpoint, async ({ params }, request, reply) => {
        const read = await publicReads.read(`playout-${rendition}:${params.channel}`, async () => {
          const channel = await service.airingChannel(params.channel);
          const now = clock.now();
          const playlist = await service.mediaPlaylist(channel, now, rendition);
          return {
            organization: channel.organization,
            contentType: PLAYLIST_TYPE,
            cacheControl: MEDIA_PLAYLIST_CACHE,
            headers: CORS,
            text: playlist.text,
            lastModified: null,
            // The window slides at the next segment boundary.
            expiresAt: nextSegmentBoundary(now, SEGMENT_SEC),
          };
        });
        return sendPublicRead(request, reply, read);
      });
    }

    // What will not air as scheduled: the station's members (viewers too), their channels only.
    registerEndpoint(
      app,
      playoutReadinessRead,
      async ({ params, query }, request) =>
        readiness.read(
          params.channel,
          memberOrganizationOf(request.auth),
          Number(query.hours ?? '24'),
        ),
      { authorize: signedIn },
    );

    registerEndpoint(
      app,
      playoutReadinessSummary,
      async (_input, request) => readiness.summary(memberOrganizationOf(request.auth)),
      { authorize: signedIn },
    );

    registerEndpoint(app, playoutSegment, async ({ params }, _request, reply) => {
      const name = SEGMENT_NAME.exec(params.segment);
      if (!PACKAGE_ID.test(params.package) || !name) throw new ApiError(404, NO_SEGMENT);
      const organization = await airingOrganization(params.channel);
      // A package of another station is not this channel's, whatever its id.
      const owner = await ownerOf(params.package);
      if (owner?.organization !== organization) throw new ApiError(404, NO_SEGMENT);
      if (name[2] === 'vtt') {
        return reply
          .headers({
            ...CORS,
            'content-type': 'text/vtt; charset=utf-8',
            'cache-control': SUBTITLE_CACHE,
          })
          .send(await service.subtitleSegment(owner.show, Number(name[1])));
      }
      const key = `${packagePrefix(params.package)}${params.segment}`;
      const stat = await storage.stat(key);
      if (!stat) throw new ApiError(404, NO_SEGMENT);
      return reply
        .headers({
          ...CORS,
          'content-type': 'video/mp2t',
          'content-length': String(stat.size),
          'cache-control': SEGMENT_CACHE,
          etag: stat.etag,
        })
        .send(await storage.read(key));
    });
  };
}
