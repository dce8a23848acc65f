import { isEditorRole } from '@airgrid/schema';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { equipmentLabelsPdf, MAX_LABELS } from './equipment-labels.js';
import type { EquipmentRepository } from './equipment-repository.js';

/** Ids are 15 characters of [a-z0-9]. */
const ID = /^[a-z0-9]{15}$/;

/**
 * GET /api/v1/equipment/labels.pdf[?ids=a,b,c]: the label sheet for the named items, or for
 * every item not retired, for staff (editors and above) of the organization.
 */
export function equipmentRoutes(repository: EquipmentRepository, appUrl: string) {
  return async (app: FastifyInstance) => {
    app.get<{ Querystring: { ids?: string } }>(
      '/api/v1/equipment/labels.pdf',
      async (request, reply) => {
        const auth = request.auth;
        const organization =
          auth?.collection.name === 'users' ? String(auth.record.organization ?? '') : '';
        if (!organization)
          throw new ApiError(401, 'Sign in as staff of the station to print labels.');
        if (!isEditorRole(auth?.record.role))
          throw new ApiError(403, 'Only staff (editors and above) print equipment labels.');
        const ids = readIds(request.query.ids);
        const items = await repository.labelItems(organization, ids, MAX_LABELS);
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
    );
  };
}

function readIds(value: string | undefined): string[] | null {
  if (value === undefined || value.trim() === '') return null;
  const ids = [
    ...new Set(
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MAX_LABELS)
    throw new ApiError(400, `Choose at most ${MAX_LABELS} items per sheet.`);
  if (ids.some((id) => !ID.test(id))) throw new ApiError(400, 'Unknown item in ids.');
  return ids;
}
