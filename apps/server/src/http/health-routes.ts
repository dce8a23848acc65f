import type { HealthResponse } from '@airgrid/schema';
import type { FastifyInstance } from 'fastify';

/** GET /api/health, exactly as API-CONTRACT §8.2 (note: `code`, not `status`). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (): Promise<HealthResponse> => {
    return { message: 'API is healthy.', code: 200, data: {} };
  });
}
