import * as z from 'zod';
import { AFFIDAVIT_MAX_DAYS } from '../index.js';
import { addProblem, bytesReply, defineEndpoint, FIRST_PROBLEM } from './endpoint.js';
import { isCalendarDate } from './inputs.js';

// A campaign's affidavit of performance and its invoice (issue 40, item 7): what aired in a
// period, certified by the station, and the bill for it. Periods are whole days on the
// station's calendar, as flights are.

/** The formats an affidavit is exported in. */
export const AFFIDAVIT_FORMATS = ['pdf', 'csv'] as const;
export type AffidavitFormat = (typeof AFFIDAVIT_FORMATS)[number];

const DATE_MESSAGE = 'Must be a calendar date, YYYY-MM-DD.';
const FORMAT_MESSAGE = 'Must be "pdf" or "csv".';

/** Whole days from one calendar date to another (both YYYY-MM-DD, read as UTC days). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A date's text as sent: trimmed, blank as left out. */
function dateText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/**
 * `from` and `to`, the first and last day of the period (both optional: the flight's first and
 * last day), each a real date, `to` not before `from`, at most AFFIDAVIT_MAX_DAYS days in all.
 */
const periodFields = {
  from: z.unknown().optional().meta({
    description:
      'The period’s first day on the station’s calendar (YYYY-MM-DD); left out: the flight’s first day.',
    type: 'string',
    format: 'date',
  }) as unknown as z.ZodOptional<z.ZodType<string, string>>,
  to: z
    .unknown()
    .optional()
    .meta({
      description: `The period’s last day, included (YYYY-MM-DD), at most ${AFFIDAVIT_MAX_DAYS} days after the first; left out: the flight’s last day.`,
      type: 'string',
      format: 'date',
    }) as unknown as z.ZodOptional<z.ZodType<string, string>>,
};

type PeriodQuery = { from?: unknown; to?: unknown };

/** Adds the period's problems: each field's own, then the range's on `to`. */
function checkPeriod(query: PeriodQuery, ctx: Parameters<typeof addProblem>[0]): void {
  const read: Partial<Record<'from' | 'to', string>> = {};
  for (const field of ['from', 'to'] as const) {
    const text = dateText(query[field]);
    if (text === undefined) continue;
    if (isCalendarDate(text)) read[field] = text;
    else addProblem(ctx, [field], 'validation_invalid_date', DATE_MESSAGE);
  }
  if (read.from === undefined || read.to === undefined) return;
  const days = daysBetween(read.from, read.to) + 1;
  if (days < 1)
    addProblem(ctx, ['to'], 'validation_invalid_range', 'Must be on or after the first day.');
  else if (days > AFFIDAVIT_MAX_DAYS)
    addProblem(
      ctx,
      ['to'],
      'validation_invalid_range',
      `A period is at most ${AFFIDAVIT_MAX_DAYS} days: choose a shorter one.`,
    );
}

/** The period as given: each day, or null for the flight's. */
const readPeriod = (query: PeriodQuery) => ({
  from: dateText(query.from) ?? null,
  to: dateText(query.to) ?? null,
});

const params = z.object({ campaign: z.string().meta({ description: 'The campaign’s id.' }) });

export const campaignAffidavit = defineEndpoint({
  method: 'GET',
  path: '/api/v1/campaigns/:campaign/affidavit',
  summary:
    'A campaign’s affidavit of performance for a period, as PDF or CSV: every spot that aired (date and time on its channel’s clock, channel, programme, spot, duration, proof), the missed ones, totals against the contract, and the station’s certification (for the station’s members).',
  description:
    'Proof is said in words: "As-run log (Airgrid playout)", "Imported as-run log", or "By schedule (unconfirmed)" for a past placement no log confirms. The CSV has one line per spot (aired, off-plan or missed) with its status; the PDF lists the missed ones apart and ends with a signature line.',
  params,
  query: z
    .object({
      ...periodFields,
      format: z
        .unknown()
        .optional()
        .meta({
          description: 'pdf (the default) or csv.',
          type: 'string',
          enum: [...AFFIDAVIT_FORMATS],
        }) as unknown as z.ZodOptional<z.ZodType<AffidavitFormat, AffidavitFormat>>,
    })
    .superRefine(
      (query, ctx) => {
        checkPeriod(query, ctx);
        const format = dateText(query.format);
        if (format !== undefined && !(AFFIDAVIT_FORMATS as readonly string[]).includes(format))
          addProblem(ctx, ['format'], 'validation_invalid_value', FORMAT_MESSAGE);
      },
      { when: () => true },
    )
    .transform((query) => ({
      ...readPeriod(query),
      format: (dateText(query.format) ?? 'pdf') as AffidavitFormat,
    })),
  reply: bytesReply('The affidavit: a PDF, or CSV (RFC 4180) with a header line.'),
  replyType: 'application/pdf',
  invalidMessage: FIRST_PROBLEM,
});

export const campaignInvoice = defineEndpoint({
  method: 'GET',
  path: '/api/v1/campaigns/:campaign/invoice',
  summary:
    'A campaign’s invoice for a period, as PDF: the spots aired times the rate in the station’s currency (missed ones not billed), the sponsor’s billing address and the station’s remittance details (for the station’s owners and admins).',
  description:
    'The invoice number is the campaign’s id and the period’s first and last day (`{CAMPAIGN}-{YYYYMMDD}-{YYYYMMDD}`, upper case): the same campaign and period always have the same number.',
  params,
  query: z
    .object(periodFields)
    .superRefine((query, ctx) => checkPeriod(query, ctx), { when: () => true })
    .transform(readPeriod),
  reply: bytesReply('The invoice, a PDF.'),
  replyType: 'application/pdf',
  invalidMessage: FIRST_PROBLEM,
});
