import { waitlistJoin } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import type { WaitlistService } from './waitlist-service.js';

/** POST /api/v1/waitlist `{ email, name?, station?, note? }`: join, or update one's entry. */
export function waitlistRoutes(waitlist: WaitlistService) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, waitlistJoin, ({ body }) => waitlist.join(body));
  };
}
