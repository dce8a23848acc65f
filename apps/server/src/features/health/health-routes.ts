import type { HealthResponse } from '@airgrid/schema';
import type { FastifyInstance } from 'fastify';
import { SUPERUSERS } from '../../auth/auth-service.js';

/** GET /api/health, exactly as API-CONTRACT §8.2 (note: `code`, not `status`). */
export function healthRoutes(options: { canBackup: boolean }) {
  return async (app: FastifyInstance) => {
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
