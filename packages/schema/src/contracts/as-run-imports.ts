import * as z from 'zod';
import { addProblem, defineEndpoint, FIRST_PROBLEM } from './endpoint.js';
import { checkedByObject, INSTANT_HINT, optionalCheckedByObject, readInstant } from './inputs.js';

// POST /api/v1/channels/{channel}/as-run-imports (issue 40, item 6; decision 0051): the as-run
// log of a station's own playout, its lines already read from CSV by the web app's importer,
// reconciled with the channel's placements: each placement of the period aired or was missed,
// each line of the station's spots that proves none aired off-plan.

/** The most lines one import takes: a month of a busy channel's spots. */
export const AS_RUN_IMPORT_MAX_LINES = 5000;
/** The longest period one import covers. */
export const AS_RUN_IMPORT_MAX_DAYS = 31;
/** The longest spot a line may say it aired (an hour: a log line, not a programme). */
const MAX_SPOT_SEC = 3600;
const MAX_FILE_NAME = 255;
const MAX_SPOT_TEXT = 300;
const MAX_LINE_NUMBER = 1_000_000;

/** A line as sent. */
export interface AsRunLineInput {
  line: number;
  start: string;
  spot: string;
  durationSec?: number | null;
}

/** A line as read: its start in epoch ms. */
export interface AsRunLine {
  line: number;
  startMs: number;
  spot: string;
  /** Null: the log does not say. */
  durationSec: number | null;
}

export interface AsRunImportInput {
  fileName: string;
  /** Null: the channel's calendar days from the first line's to the last line's. */
  period: { fromMs: number; toMs: number } | null;
  lines: AsRunLine[];
}

type Ctx = Parameters<typeof addProblem>[0];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One line read, or null after adding its problem (named by line and field) to `ctx`. */
function readLine(item: unknown, index: number, ctx?: Ctx): AsRunLine | null {
  const refuse = (path: (string | number)[], code: string, message: string) => {
    if (ctx) addProblem(ctx, ['lines', ...path], code, message);
    return null;
  };
  const number = isObject(item) ? item.line : undefined;
  if (!isObject(item) || !Number.isInteger(number) || (number as number) < 1)
    return refuse(
      [index],
      'validation_invalid_value',
      `Line at position ${index + 1} must be {"line": <its number in the file>, "start", "spot"}.`,
    );
  const line = number as number;
  if (line > MAX_LINE_NUMBER)
    return refuse([line], 'validation_invalid_value', `Line ${line}: line is past the last line.`);
  const start = readInstant(item.start);
  if (typeof start !== 'number')
    return refuse(
      [line, 'start'],
      'validation_invalid_datetime',
      `Line ${line}: start must be a date and time with its zone, e.g. 2031-01-06T12:00:12Z.`,
    );
  const spot = typeof item.spot === 'string' ? item.spot.trim() : '';
  if (spot === '')
    return refuse(
      [line, 'spot'],
      'validation_required',
      `Line ${line}: spot cannot be blank (the spot’s title or id).`,
    );
  if (spot.length > MAX_SPOT_TEXT)
    return refuse(
      [line, 'spot'],
      'validation_length_out_of_range',
      `Line ${line}: spot must be at most ${MAX_SPOT_TEXT} characters.`,
    );
  const duration = item.durationSec;
  if (
    duration !== undefined &&
    duration !== null &&
    (typeof duration !== 'number' ||
      !Number.isFinite(duration) ||
      duration < 0 ||
      duration > MAX_SPOT_SEC)
  )
    return refuse(
      [line, 'durationSec'],
      'validation_invalid_value',
      `Line ${line}: durationSec must be seconds, 0 to ${MAX_SPOT_SEC}.`,
    );
  return {
    line,
    startMs: start,
    spot,
    durationSec: typeof duration === 'number' ? duration : null,
  };
}

/** The body read, or null after adding its problems to `ctx`. */
function readBody(body: Record<string, unknown>, ctx?: Ctx): AsRunImportInput | null {
  const refuse = (path: string, code: string, message: string) => {
    if (ctx) addProblem(ctx, [path], code, message);
    return null;
  };
  const { lines: value, from, to, fileName } = body;
  if (fileName !== undefined && fileName !== null && typeof fileName !== 'string')
    return refuse('fileName', 'validation_invalid_value', 'Must be text.');
  if (typeof fileName === 'string' && fileName.length > MAX_FILE_NAME)
    return refuse(
      'fileName',
      'validation_length_out_of_range',
      `Must be at most ${MAX_FILE_NAME} characters.`,
    );
  let period: AsRunImportInput['period'] = null;
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';
  if (given(from) || given(to)) {
    if (!given(from)) return refuse('from', 'validation_required', 'Send from with to.');
    if (!given(to)) return refuse('to', 'validation_required', 'Send to with from.');
    const fromMs = readInstant(from);
    if (typeof fromMs !== 'number')
      return refuse('from', 'validation_invalid_datetime', fromMs.message);
    const toMs = readInstant(to);
    if (typeof toMs !== 'number') return refuse('to', 'validation_invalid_datetime', toMs.message);
    if (toMs <= fromMs) return refuse('to', 'validation_invalid_range', 'Must be after from.');
    if (toMs - fromMs > AS_RUN_IMPORT_MAX_DAYS * 86_400_000)
      return refuse(
        'to',
        'validation_invalid_range',
        `An import covers at most ${AS_RUN_IMPORT_MAX_DAYS} days.`,
      );
    period = { fromMs, toMs };
  }
  if (!Array.isArray(value) || value.length === 0)
    return refuse(
      'lines',
      'validation_required',
      'Send the log’s lines: {"lines": [{"line": 2, "start": "…Z", "spot": "…"}]}.',
    );
  if (value.length > AS_RUN_IMPORT_MAX_LINES)
    return refuse(
      'lines',
      'validation_length_too_long',
      `At most ${AS_RUN_IMPORT_MAX_LINES} lines can be imported at once; this has ${value.length}. Split the log.`,
    );
  const lines: AsRunLine[] = [];
  const seen = new Set<number>();
  let refused = false;
  for (const [index, item] of value.entries()) {
    const line = readLine(item, index, ctx);
    if (!line) {
      refused = true;
      continue;
    }
    if (seen.has(line.line)) {
      refused = true;
      if (ctx)
        addProblem(
          ctx,
          ['lines', line.line],
          'validation_not_unique',
          `Line ${line.line}: line is sent twice.`,
        );
      continue;
    }
    seen.add(line.line);
    if (period && (line.startMs < period.fromMs || line.startMs >= period.toMs)) {
      refused = true;
      if (ctx)
        addProblem(
          ctx,
          ['lines', line.line, 'start'],
          'validation_invalid_range',
          `Line ${line.line}: start is outside from–to, the period the log covers.`,
        );
      continue;
    }
    lines.push(line);
  }
  if (refused) return null;
  return { fileName: typeof fileName === 'string' ? fileName.trim() : '', period, lines };
}

const outcomeLine = z.object({
  line: z.number(),
  status: z.enum(['aired', 'off-plan', 'skipped']).meta({
    description:
      'aired: proves a placement; off-plan: a station spot that proves none; skipped: names none of the station’s spots (a programme, another station’s spot).',
  }),
  start: z.string().meta({ description: 'ISO instant the line says it started.' }),
  spot: z.string().meta({ description: 'What the line named, as sent.' }),
  ad: z.string().nullable(),
  adTitle: z.string(),
  placement: z.string().nullable(),
  plannedStart: z
    .string()
    .nullable()
    .meta({ description: 'ISO instant the placement it proves was planned at.' }),
});

const missedPlacement = z.object({
  placement: z.string(),
  campaign: z.string(),
  campaignName: z.string(),
  ad: z.string(),
  adTitle: z.string(),
  plannedStart: z.string(),
});

export const asRunImportCreate = defineEndpoint({
  method: 'POST',
  path: '/api/v1/channels/:channel/as-run-imports',
  summary:
    'Imports a channel’s as-run log from the station’s own playout and reconciles it with the spots placed: each placement of the period aired (at the line’s second) or was missed, each line of the station’s spots that proves none aired off-plan (for editors, admins and owners).',
  description: `At most ${AS_RUN_IMPORT_MAX_LINES} lines. A line names a spot by id or exact title (case-blind); a line naming none of the station's spots (a programme) is skipped. A line proves a placement of its spot planned within 5 minutes of it, the nearest first. Without from and to, the log covers the channel's calendar days from its first line to its last (never past now). A newer import replaces what older ones said within its period. A refusal names the line and the field: "Line 12: start must be a date and time…".`,
  params: z.object({ channel: z.string().meta({ description: 'The channel’s id.' }) }),
  body: z
    .object({
      lines: checkedByObject<AsRunLineInput[]>({
        description: `1 to ${AS_RUN_IMPORT_MAX_LINES} lines: each its number in the file (the header is line 1), when the spot started (ISO 8601 with its zone), the spot (id or exact title), and its runtime in seconds if the log says.`,
        type: 'array',
        minItems: 1,
        maxItems: AS_RUN_IMPORT_MAX_LINES,
        items: {
          type: 'object',
          properties: {
            line: { type: 'integer', minimum: 1 },
            start: { type: 'string', examples: ['2031-01-06T12:00:12Z'] },
            spot: { type: 'string' },
            durationSec: { type: 'number', minimum: 0 },
          },
          required: ['line', 'start', 'spot'],
        },
      }),
      from: optionalCheckedByObject<string>({
        description: `The first instant the log covers (with to; at most ${AS_RUN_IMPORT_MAX_DAYS} days). ${INSTANT_HINT}`,
      }),
      to: optionalCheckedByObject<string>({
        description: 'The end of what the log covers (exclusive).',
      }),
      fileName: optionalCheckedByObject<string>({
        description: 'The file’s name, for the record of the import.',
      }),
    })
    .superRefine(
      (body, ctx) => {
        readBody(body, ctx);
      },
      { when: () => true },
    )
    .transform((body) => readBody(body) as AsRunImportInput),
  reply: z.object({
    import: z.string().meta({ description: 'The asRunImports record.' }),
    channel: z.string(),
    periodStart: z.string(),
    periodEnd: z.string(),
    aired: z.number(),
    missed: z.number(),
    offPlan: z.number(),
    skipped: z.number(),
    lines: z.array(outcomeLine).meta({ description: 'Every line, by its number.' }),
    missedPlacements: z
      .array(missedPlacement)
      .meta({ description: 'The placements of the period no line proves, in time order.' }),
  }),
  status: 201,
  invalidMessage: FIRST_PROBLEM,
});
