import type { AppConfig, HealthResponse } from '@airgrid/schema';
import type { FastifyInstance } from 'fastify';
import { SUPERUSERS } from '../auth/auth-service.js';
import { PublicOrganizationRepository } from '../features/guide/public-organization-repository.js';

/** GET /api/health, exactly as API-CONTRACT §8.2 (note: `code`, not `status`). */
export function healthRoutes(options: { canBackup: boolean; feedbackUrl: string | undefined }) {
  return async (app: FastifyInstance) => {
    // Read from the app's database handle (decorated by buildApp) so this module needs no
    // more options than it always had.
    const organizations = new PublicOrganizationRepository(app.database.db);

    // Public: the web app reads it before anyone signs in. Read on every call (one query of
    // at most two rows of a table with one row per station), so a second station or an archived one shows at once.
    app.get(
      '/api/v1/app-config',
      async (): Promise<AppConfig> => ({
        feedbackUrl: options.feedbackUrl ?? null,
        publicOrganization: await organizations.onlyPublicSlug(),
      }),
    );

    app.get('/api/health', async (request): Promise<HealthResponse> => {
      if (request.auth?.collection.name !== SUPERUSERS)
        return { message: 'API is healthy.', code: 200, data: {} };
      const proxyHeader = [
        'x-forwarded-for',
        'x-real-ip',
        'cf-connecting-ip',
        'fly-client-ip',
      ].find((header) => request.headers[header] !== undefined);
      return {
        message: 'API is healthy.',
        code: 200,
        data: {
          canBackup: options.canBackup,
          realIP: request.ip,
          possibleProxyHeader: proxyHeader ?? '',
        },
      };
    });
  };
}
