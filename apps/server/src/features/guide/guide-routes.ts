import { toRecordDate } from '@airgrid/domain';
import type { GuideResponse } from '@airgrid/schema';
import { type GuideQuery, guide as guideEndpoint } from '@airgrid/schema/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SUPERUSERS } from '../../auth/auth-service.js';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import type { GuideOrganization, GuideRepository } from '../../public-reads/guide-repository.js';
import type { PublicRead, PublicReadCache } from '../../public-reads/public-read-cache.js';
import { sendPublicRead } from '../../public-reads/public-read-reply.js';
import { memberOrganizationOf } from '../../request-types.js';

const NAME_THE_ORGANIZATION =
  'Name the organization whose guide you want: organization=<its id or slug>.';
const NO_ORGANIZATION = 'No organization has that id or slug.';

/**
 * The public view may sit in a CDN for a few seconds and be served a minute longer while it
 * revalidates (docs/decisions/0018-public-read-cache.md): an edit shows at the origin at once, at the edge within 15 s.
 */
const PUBLIC_GUIDE_CACHE_CONTROL = 'public, max-age=15, stale-while-revalidate=60';
/** A member's view holds private channels: no shared cache may keep it. */
const MEMBER_GUIDE_CACHE_CONTROL = 'private, no-cache';

/**
 * GET /api/v1/guide: the schedule of a window as viewers see it, for the app's guide and the
 * embeds (PRODUCT.md, "Outputs that must never disagree"). Members see every channel of their
 * organization; anyone else, signed in or not, sees the public channels of the organization
 * they name. Archived channels and cancelled timeslots never appear.
 *
 * The public view is built once per change of the organization and served from memory, already
 * compressed (public-reads/); members and superusers are answered from the database each time.
 */
export function guideRoutes(guide: GuideRepository, publicReads: PublicReadCache) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, guideEndpoint, async ({ query }, request, reply) => {
      const viewer = viewerOf(request);
      const key = query.organization ?? viewer.organization;
      if (key === '') {
        throw new ApiError(400, NAME_THE_ORGANIZATION, {
          organization: { code: 'validation_required', message: NAME_THE_ORGANIZATION },
        });
      }
      if (!viewer.isSuperuser) {
        const read = await publicView(guide, publicReads, key, query, viewer.organization !== '');
        // A member naming their own organization sees its private channels too: not this view.
        if (read && read.organization !== viewer.organization) {
          return sendPublicRead(request, reply, read);
        }
      }
      return memberView(guide, reply, key, query, viewer);
    });
  };
}

interface Viewer {
  isSuperuser: boolean;
  /** The signed-in user's organization id; '' for guests and users of none. */
  organization: string;
}

function viewerOf(request: FastifyRequest): Viewer {
  const auth = request.auth;
  return {
    isSuperuser: auth?.collection.name === SUPERUSERS,
    organization: memberOrganizationOf(auth),
  };
}

/**
 * The public view of the window from the cache (built on a miss). Undefined when there is none
 * but a member may still see one: an archived organization is hidden from the public only.
 */
async function publicView(
  guide: GuideRepository,
  publicReads: PublicReadCache,
  key: string,
  query: GuideQuery,
  mayBeMember: boolean,
): Promise<PublicRead | undefined> {
  const cacheKey = `guide\0${key}\0${query.from}\0${query.to}\0${query.channels?.join(',') ?? ''}`;
  try {
    return await publicReads.read(cacheKey, async () => {
      const organization = await findPublicOrganization(guide, key);
      const body = await readGuide(guide, organization, query, true);
      return {
        organization: organization.id,
        contentType: 'application/json; charset=utf-8',
        cacheControl: PUBLIC_GUIDE_CACHE_CONTROL,
        // Signed-in members get another answer at the same address.
        vary: 'Authorization',
        text: JSON.stringify(body),
        lastModified: null,
        // The guide's window is in the query, not taken from the clock: only edits age it.
        expiresAt: null,
      };
    });
  } catch (error) {
    if (mayBeMember && error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** Every channel for members of the organization and superusers; the public ones for others. */
async function memberView(
  guide: GuideRepository,
  reply: FastifyReply,
  key: string,
  query: GuideQuery,
  viewer: Viewer,
): Promise<GuideResponse> {
  // No id or slug holds a NUL, and PostgreSQL would refuse to look for one.
  const organization = key.includes('\0') ? undefined : await guide.findOrganization(key);
  const seesAll =
    viewer.isSuperuser || (organization !== undefined && organization.id === viewer.organization);
  if (!organization || (organization.archived && !seesAll))
    throw new ApiError(404, NO_ORGANIZATION);
  reply.header('Cache-Control', seesAll ? MEMBER_GUIDE_CACHE_CONTROL : PUBLIC_GUIDE_CACHE_CONTROL);
  return readGuide(guide, organization, query, !seesAll);
}

/** The organization named by id or slug; 404 when there is none or it is archived. */
async function findPublicOrganization(
  guide: GuideRepository,
  key: string,
): Promise<GuideOrganization> {
  const organization = key.includes('\0') ? undefined : await guide.findOrganization(key);
  if (!organization || organization.archived) {
    throw new ApiError(404, NO_ORGANIZATION);
  }
  return organization;
}

/** The guide of the window: the channels the viewer may see, and their timeslots in order. */
async function readGuide(
  guide: GuideRepository,
  organization: GuideOrganization,
  query: GuideQuery,
  publicOnly: boolean,
): Promise<GuideResponse> {
  const channels = await guide.channels(organization.id, { publicOnly, ids: query.channels });
  const order = new Map(channels.map((channel, index) => [channel.id, index]));
  const timeslots = (
    await guide.window(
      channels.map((channel) => channel.id),
      query.from,
      query.to,
    )
  ).sort((a, b) => (order.get(a.channel) ?? 0) - (order.get(b.channel) ?? 0));
  return {
    organization: {
      id: organization.id,
      slug: organization.slug,
      name: organization.name,
      timeZone: organization.timeZone,
      logo: organization.logo,
      accentColor: organization.accentColor,
    },
    from: toRecordDate(query.from),
    to: toRecordDate(query.to),
    channels,
    timeslots,
  };
}
