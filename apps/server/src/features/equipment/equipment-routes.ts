import { isEditorRole } from '@airgrid/schema';
import { equipmentLabels } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { equipmentLabelsPdf, MAX_LABELS } from './equipment-labels.js';
import type { EquipmentRepository } from './equipment-repository.js';

/**
 * GET /api/v1/equipment/labels.pdf[?ids=a,b,c]: the label sheet for the named items, or for
 * every item not retired, for staff (editors and above) of the organization (its contract:
 * packages/schema/src/contracts/equipment.ts).
 */
export function equipmentRoutes(repository: EquipmentRepository, appUrl: string) {
  return async (app: FastifyInstance) => {
    registerEndpoint(
      app,
      equipmentLabels,
      async ({ query }, request, reply) => {
        const organization = String(request.auth?.record.organization ?? '');
        const items = await repository.labelItems(organization, query.ids, MAX_LABELS);
        if (items.length === 0)
          throw new ApiError(400, 'There is no equipment to print labels for.');
        const pdf = await equipmentLabelsPdf(
          items,
          appUrl,
          await repository.stationName(organization),
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', 'inline; filename="equipment-labels.pdf"')
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
      {
        authorize: (request) => {
          const auth = request.auth;
          const organization =
            auth?.collection.name === 'users' ? String(auth.record.organization ?? '') : '';
          if (!organization)
            throw new ApiError(401, 'Sign in as staff of the station to print labels.');
          if (!isEditorRole(auth?.record.role))
            throw new ApiError(403, 'Only staff (editors and above) print equipment labels.');
        },
      },
    );
  };
}
