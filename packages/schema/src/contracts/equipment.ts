import * as z from 'zod';
import { addProblem, bytesReply, defineEndpoint, FIRST_PROBLEM } from './endpoint.js';

// Equipment beyond record requests (the items, reservations and certifications are records).

/** Labels one sheet request prints at most: ten pages of 30 (Avery 5160). */
export const EQUIPMENT_LABELS_MAX = 300;

const ID = /^[a-z0-9]{15}$/;

/** The items a query names: null for every item not retired; its problem added. */
function readIds(value: unknown, ctx?: Parameters<typeof addProblem>[0]): string[] | null {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const ids =
    typeof value === 'string'
      ? [
          ...new Set(
            value
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean),
          ),
        ]
      : null;
  if (ids && ids.length > EQUIPMENT_LABELS_MAX) {
    if (ctx)
      addProblem(
        ctx,
        ['ids'],
        'validation_length_too_long',
        `Choose at most ${EQUIPMENT_LABELS_MAX} items per sheet.`,
      );
  } else if (!ids || ids.some((id) => !ID.test(id))) {
    if (ctx) addProblem(ctx, ['ids'], 'validation_invalid_value', 'Unknown item in ids.');
  }
  return ids;
}

export const equipmentLabels = defineEndpoint({
  method: 'GET',
  path: '/api/v1/equipment/labels.pdf',
  summary:
    'The QR label sheet (Avery 5160) for the named items, or every item not retired, for staff.',
  query: z
    .object({
      ids: z
        .unknown()
        .optional()
        .meta({
          description: `Item ids separated by commas, at most ${EQUIPMENT_LABELS_MAX}; left out: every item not retired.`,
          type: 'string',
        }) as unknown as z.ZodOptional<z.ZodType<string, string>>,
    })
    .superRefine(
      (query, ctx) => {
        readIds(query.ids, ctx);
      },
      { when: () => true },
    )
    .transform((query) => ({ ids: readIds(query.ids) })),
  reply: bytesReply('A PDF of label sheets.'),
  replyType: 'application/pdf',
  invalidMessage: FIRST_PROBLEM,
});
