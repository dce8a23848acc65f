import { STATIONS_PER_PAGE } from '@airgrid/schema';
import { appConfig, station, stationList } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { SUPERUSERS } from '../../auth/auth-service.js';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { type CurrentSlugOf, redirectFormerSlug } from '../../public-reads/former-slugs.js';
import { memberOrganizationOf } from '../../request-types.js';
import type { PublicOrganizationRepository } from './public-organization-repository.js';

const NO_STATION = 'No station has that id or slug.';

/**
 * GET /api/v1/app-config: what the web app needs to know before anyone signs in.
 * GET /api/v1/stations?search=&page=: the public stations (not archived, with a public channel),
 * for the station picker. GET /api/v1/stations/:key: one organization by id or slug, as its
 * public pages show it (archived ones only to their members and superusers).
 * All are guest-readable and answer only name, slug, zone, logo and accent colour.
 */
export function appConfigRoutes(options: {
  organizations: PublicOrganizationRepository;
  feedbackUrl: string | undefined;
  /** An organization's current slug by a former one: /api/v1/stations/{old} redirects (301). */
  currentSlugOf: CurrentSlugOf;
}) {
  const { organizations, feedbackUrl, currentSlugOf } = options;
  return async (app: FastifyInstance) => {
    // Read on every call (one query of at most two rows), so a second station or an archived
    // one shows at once.
    registerEndpoint(app, appConfig, async () => ({
      feedbackUrl: feedbackUrl ?? null,
      publicOrganization: await organizations.onlyPublicSlug(),
    }));

    registerEndpoint(app, stationList, async ({ query }) => {
      const { search, page } = query;
      const found = await organizations.list(search, page, STATIONS_PER_PAGE);
      return {
        page,
        perPage: STATIONS_PER_PAGE,
        totalItems: found.totalItems,
        totalPages: Math.ceil(found.totalItems / STATIONS_PER_PAGE),
        items: found.items,
      };
    });

    registerEndpoint(app, station, async ({ params }, request, reply) => {
      const key = params.key.trim();
      // No id or slug is this long or holds a NUL (PostgreSQL would refuse to look for one).
      if (key === '' || key.length > 64 || key.includes('\0')) throw new ApiError(404, NO_STATION);
      const found = await organizations.find(key);
      if (!found) {
        const moved = await redirectFormerSlug(reply, currentSlugOf, key, 4);
        if (moved) return moved;
        throw new ApiError(404, NO_STATION);
      }
      const auth = request.auth;
      const isMember = memberOrganizationOf(auth) === found.id;
      if (found.archived && !isMember && auth?.collection.name !== SUPERUSERS)
        throw new ApiError(404, NO_STATION);
      const { archived: _archived, ...shown } = found;
      return shown;
    });
  };
}
