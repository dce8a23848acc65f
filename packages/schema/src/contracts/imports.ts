import * as z from 'zod';
import {
  IMPORT_TARGETS,
  type ImportResult,
  type ImportRowInput,
  MAX_IMPORT_ROWS,
} from '../index.js';
import { addProblem, defineEndpoint } from './endpoint.js';
import { checkedByObject } from './inputs.js';

// POST /api/v1/import/{target} (decision 0012): the csv-upload modal's rows, all saved or none.

/** The rows of a body, its first problem added (always on `rows`). */
function readRows(value: unknown, ctx?: Parameters<typeof addProblem>[0]): ImportRowInput[] {
  const problem = (message: string, code = 'validation_invalid_value') => {
    if (ctx) addProblem(ctx, ['rows'], code, message);
    return [];
  };
  if (!Array.isArray(value) || value.length === 0)
    return problem(
      'Send the rows to import: {"rows": [{"row": 2, "values": {...}}]}.',
      'validation_required',
    );
  if (value.length > MAX_IMPORT_ROWS)
    return problem(
      `At most ${MAX_IMPORT_ROWS} rows can be imported at once; this has ${value.length}. Split the file.`,
      'validation_length_too_long',
    );
  const rows: ImportRowInput[] = [];
  for (const [index, item] of value.entries()) {
    const { row, values } = (item ?? {}) as { row?: unknown; values?: unknown };
    if (
      !Number.isInteger(row) ||
      typeof values !== 'object' ||
      values === null ||
      Array.isArray(values)
    )
      return problem(`Row ${index + 1} must be {"row": <its row number>, "values": {...}}.`);
    rows.push({ row: row as number, values: values as Record<string, unknown> });
  }
  return rows;
}

export const importRows = defineEndpoint({
  method: 'POST',
  path: '/api/v1/import/:target',
  summary:
    'Creates every row with the rules of one create, in one transaction: all saved, or none and every refused row’s field errors.',
  description:
    'A refused import is a 400 "Nothing was imported: …" whose data.rows holds, by row number, each field’s { code, message }.',
  params: z.object({
    // An unknown target is a 404 (checked before the body is read).
    target: z.enum(IMPORT_TARGETS).meta({ description: 'What the rows become.' }),
  }),
  body: z
    .object({
      rows: checkedByObject<ImportRowInput[]>({
        description: `1 to ${MAX_IMPORT_ROWS} rows: each its spreadsheet row number (the header is row 1) and its values by field name.`,
        type: 'array',
        minItems: 1,
        maxItems: MAX_IMPORT_ROWS,
        items: {
          type: 'object',
          properties: { row: { type: 'integer' }, values: { type: 'object' } },
          required: ['row', 'values'],
        },
      }),
    })
    .superRefine(
      (body, ctx) => {
        readRows(body.rows, ctx);
      },
      { when: () => true },
    )
    .transform((body) => ({ rows: readRows(body.rows) })),
  reply: z.object({
    imported: z.number(),
    ids: z.array(z.string()).meta({ description: 'The records made, in the rows’ order.' }),
  }) satisfies z.ZodType<ImportResult>,
  invalidMessage: 'Invalid import.',
});
