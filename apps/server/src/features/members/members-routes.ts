import { transferOwnership } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { recordRequest } from '../../http/request-context.js';
import type { MembersService } from './members-service.js';

/**
 * POST /api/v1/members/transfer-ownership `{ member }`: the owner asking makes that member
 * the owner and becomes an admin. Answers `{ owner, previous }`, both user records. Roles,
 * removal and leaving are record updates (`users` rules); invites are `invites` records.
 */
export function memberRoutes(members: MembersService) {
  return async (app: FastifyInstance) => {
    registerEndpoint(
      app,
      transferOwnership,
      ({ body }, request) => members.transferOwnership(recordRequest(request), body.member),
      { authorize: (request) => members.requireOwner(recordRequest(request)) },
    );
  };
}
