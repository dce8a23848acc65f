import { fromRecordDate } from '@airgrid/domain';
import * as z from 'zod';
import { addProblem, problem } from './endpoint.js';

// Pieces the contracts' input schemas share.

/** A required text field left out, not text, or empty. */
export const CANNOT_BE_BLANK = problem('validation_required', 'Cannot be blank.');

/** A field that must be text and was sent as something else. */
export const MUST_BE_TEXT = problem('validation_invalid_value', 'Must be text.');

/**
 * An optional field where blank (`''` or null) reads as left out, as the hand-written parsers
 * before the contracts did. Its input type is the schema's, blank allowed.
 */
export function blankAsMissing<S extends z.ZodType>(schema: S) {
  const read = z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    schema.optional(),
  );
  return read.optional() as unknown as z.ZodOptional<
    z.ZodType<z.output<S>, z.input<S> | '' | null>
  >;
}

export const INSTANT_HINT = problem(
  'validation_invalid_datetime',
  'Must be an instant with its zone, e.g. 2026-03-10T23:00:00Z.',
);
export const INSTANT_RANGE_HINT = problem(
  'validation_invalid_datetime',
  'Must be an instant from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.',
);

/**
 * An instant in a body: a record date or ISO 8601 text with a zone, within years 1 to 9999 (the
 * dates a record holds). Answers the milliseconds, or the message saying what is wrong.
 */
export function readInstant(value: unknown): number | { message: string } {
  if (typeof value !== 'string' || value.trim() === '') return { message: INSTANT_HINT };
  const text = value.trim();
  // Without a zone an instant would depend on the server's own: refuse it.
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return { message: INSTANT_HINT };
  const ms = fromRecordDate(text);
  if (ms !== null) return ms;
  const outside = !Number.isNaN(Date.parse(text.replace(' ', 'T')));
  return { message: outside ? INSTANT_RANGE_HINT : INSTANT_HINT };
}

/** The text of an instant, for a schema: a string (its checks are the contract's refinement). */
export function instantText(description: string) {
  return z.string({ error: INSTANT_HINT }).meta({
    description: `${description} A record date or ISO 8601 text with its zone.`,
    examples: ['2026-03-10T23:00:00Z'],
  });
}

/** A record id (15 lower-case letters and digits). */
export const RECORD_ID = /^[a-z0-9]{15}$/;

/** A real calendar date (no 31 February), YYYY-MM-DD. */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

export const MODE_MESSAGE = problem('validation_invalid_value', 'Must be "push" or "no-overlap".');

/** The overlap mode of a schedule change. */
export const changeMode = z.enum(['push', 'no-overlap'], { error: MODE_MESSAGE }).meta({
  description:
    'push: what the change lands on moves later; no-overlap: a change that would overlap is refused.',
});

/**
 * A field its object's refinement reads, because its problems depend on other fields (a scope's
 * occurrence) or its codes on the value (blank or wrong): typed, and described for the document
 * with JSON Schema keywords in its meta. zod takes any value here, a missing one too (the
 * refinement says what is missing, in the API's own words), so JSON Schema would call every
 * such field optional: a required one says so with `x-required`, for the OpenAPI document.
 */
export function checkedByObject<T>(meta: { description: string } & Record<string, unknown>) {
  return z
    .unknown()
    .optional()
    .meta({ ...meta, 'x-required': true }) as unknown as z.ZodType<T, T>;
}

/** An optional field its object's refinement reads (see checkedByObject). */
export function optionalCheckedByObject<T>(
  meta: { description: string } & Record<string, unknown>,
) {
  return z.unknown().optional().meta(meta) as unknown as z.ZodOptional<z.ZodType<T, T>>;
}

/**
 * A query of two instants, `from` and `to`, both required, `to` after `from` and at most
 * `maxDays` later: read as epoch milliseconds. `what` starts the message for too long a window
 * ("The as-run log is exported" … "at most 31 days at a time.").
 */
export function instantWindow(options: {
  maxDays: number;
  what: string;
  from: string;
  to: string;
}) {
  return z
    .object({
      from: instantText(options.from),
      to: instantText(`${options.to}, at most ${options.maxDays} days after from.`),
    })
    .partial()
    .superRefine((query, ctx) => checkInstantWindow(query, ctx, options), { when: () => true })
    .transform((query) => ({
      from: readInstant(query.from) as number,
      to: readInstant(query.to) as number,
    }));
}

/**
 * {@link instantWindow}'s checks, for a query that holds more than the window: both instants
 * given and readable, `to` after `from` and at most `maxDays` later.
 */
export function checkInstantWindow(
  query: { from?: unknown; to?: unknown },
  ctx: z.core.$RefinementCtx,
  options: { maxDays: number; what: string },
): void {
  const maxMs = options.maxDays * 86_400_000;
  const at: Partial<Record<'from' | 'to', number>> = {};
  for (const field of ['from', 'to'] as const) {
    const value: unknown = query[field];
    if (value === undefined || value === '') {
      addProblem(ctx, [field], 'validation_required', CANNOT_BE_BLANK);
      continue;
    }
    const instant = readInstant(value);
    if (typeof instant === 'number') at[field] = instant;
    else addProblem(ctx, [field], 'validation_invalid_datetime', instant.message);
  }
  if (at.from === undefined || at.to === undefined) return;
  if (at.to <= at.from) addProblem(ctx, ['to'], 'validation_invalid_range', 'Must be after from.');
  else if (at.to - at.from > maxMs)
    addProblem(
      ctx,
      ['to'],
      'validation_invalid_range',
      `${options.what} at most ${options.maxDays} days at a time.`,
    );
}
