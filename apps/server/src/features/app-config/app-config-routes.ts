import type { AppConfig } from '@airgrid/schema';
import type { FastifyInstance } from 'fastify';
import type { PublicOrganizationRepository } from './public-organization-repository.js';

/** GET /api/v1/app-config: what the web app needs to know before anyone signs in. */
export function appConfigRoutes(options: {
  organizations: PublicOrganizationRepository;
  feedbackUrl: string | undefined;
}) {
  const { organizations, feedbackUrl } = options;
  return async (app: FastifyInstance) => {
    // Public: the web app reads it before anyone signs in. Read on every call (one query of
    // at most two rows of a table with one row per station), so a second station or an archived one shows at once.
    app.get(
      '/api/v1/app-config',
      async (): Promise<AppConfig> => ({
        feedbackUrl: feedbackUrl ?? null,
        publicOrganization: await organizations.onlyPublicSlug(),
      }),
    );
  };
}
