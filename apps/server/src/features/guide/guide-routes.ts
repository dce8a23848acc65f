import { toRecordDate } from '@airgrid/domain';
import type { GuideResponse } from '@airgrid/schema';
import type { FastifyInstance } from 'fastify';
import { SUPERUSERS } from '../../auth/auth-service.js';
import { ApiError } from '../../errors/api-error.js';
import { parseGuideQuery } from './guide-query.js';
import type { GuideRepository } from './guide-repository.js';

const NAME_THE_ORGANIZATION =
  'Name the organization whose guide you want: organization=<its id or slug>.';
const NO_ORGANIZATION = 'No organization has that id or slug.';

/**
 * GET /api/v1/guide: the schedule of a window as viewers see it, for the app's guide and the
 * embeds (PRODUCT.md, "Outputs that must never disagree"). Members see every channel of their
 * organization; anyone else, signed in or not, sees the public channels of the organization
 * they name. Archived channels and cancelled timeslots never appear.
 */
export function guideRoutes(guide: GuideRepository) {
  return async (app: FastifyInstance) => {
    app.get('/api/v1/guide', async (request): Promise<GuideResponse> => {
      const parsed = parseGuideQuery((request.query ?? {}) as Record<string, unknown>);
      if (!parsed.ok) throw new ApiError(400, parsed.message, parsed.errors);
      const { query } = parsed;

      const auth = request.auth;
      const isSuperuser = auth?.collection.name === SUPERUSERS;
      const ownOrganization =
        auth?.collection.name === 'users' && typeof auth.record.organization === 'string'
          ? auth.record.organization
          : '';
      const key = query.organization ?? ownOrganization;
      if (key === '') {
        throw new ApiError(400, NAME_THE_ORGANIZATION, {
          organization: { code: 'validation_required', message: NAME_THE_ORGANIZATION },
        });
      }
      // No id or slug holds a NUL, and PostgreSQL would refuse to look for one.
      const organization = key.includes('\0') ? undefined : await guide.findOrganization(key);
      const seesAll =
        isSuperuser || (organization !== undefined && organization.id === ownOrganization);
      if (!organization || (organization.archived && !seesAll))
        throw new ApiError(404, NO_ORGANIZATION);

      const channels = await guide.channels(organization.id, {
        publicOnly: !seesAll,
        ids: query.channels,
      });
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
    });
  };
}
