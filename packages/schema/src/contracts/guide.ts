import { isRecordDateInRange } from '@airgrid/domain';
import * as z from 'zod';
import {
  GUIDE_MAX_CHANNELS,
  GUIDE_MAX_WINDOW_DAYS,
  type GuideResponse,
  RECORD_ID_LENGTH,
} from '../index.js';
import { addProblem, defineEndpoint, FIRST_PROBLEM, typedReply } from './endpoint.js';
import { checkedByObject, optionalCheckedByObject } from './inputs.js';

// GET /api/v1/guide: the schedule of a window as viewers see it (the app's guide, the embeds).

/** A guide request, checked: the window as epoch ms, optional channel ids and organization. */
export interface GuideQuery {
  from: number;
  to: number;
  /** null: every channel the requester may see. */
  channels: string[] | null;
  /** An organization id or slug; null when the requester did not name one. */
  organization: string | null;
}

const DAY_MS = 86_400_000;
const EXAMPLE = '2026-03-08T05:00:00Z';
/** ISO 8601 date and time with seconds optional and an explicit offset: an instant, not a wall time. */
const ISO_INSTANT =
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;
const RECORD_ID = new RegExp(`^[a-z0-9]{${RECORD_ID_LENGTH}}$`);

function text(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : '';
}

/** True when the date and time fields name a real calendar moment (no 30 February, no 24:61). */
function realDateTime(value: string): boolean {
  const wallClock = value.replace(/(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i, '');
  const [year, month, day, hour, minute, second = 0] = (wallClock.match(/\d+/g) ?? []).map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    (hour ?? 0) < 24 &&
    (minute ?? 0) < 60 &&
    second < 60
  );
}

/**
 * Epoch ms of an ISO instant, or null. Fractions past milliseconds are cut, not rounded. An
 * offset that carries a date out of years 1 to 9999 (the dates a record holds) gives null too.
 */
export function parseInstant(value: string): number | null {
  if (!ISO_INSTANT.test(value) || !realDateTime(value)) return null;
  const normalized = value.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1');
  const ms = Date.parse(normalized);
  return isRecordDateInRange(ms) ? ms : null;
}

/** True when the text is a well-formed instant whose offset carries it outside years 1 to 9999. */
function isOutOfRange(value: string): boolean {
  return (
    ISO_INSTANT.test(value) &&
    realDateTime(value) &&
    !Number.isNaN(Date.parse(value.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1')))
  );
}

type Ctx = Parameters<typeof addProblem>[0];

/**
 * Reads the query string. Every problem gets a field error under its parameter's name; the
 * envelope's message is the first one, a sentence a developer can act on.
 */
function readGuideQuery(raw: Readonly<Record<string, unknown>>, ctx?: Ctx): GuideQuery {
  const problem = (field: string, code: string, message: string) => {
    if (ctx) addProblem(ctx, [field], code, message);
  };

  const instants: Record<'from' | 'to', number | null> = { from: null, to: null };
  for (const name of ['from', 'to'] as const) {
    const value = text(raw[name]);
    if (value === '') {
      problem(
        name,
        'validation_required',
        `The ${name} parameter is required: an ISO 8601 instant such as ${EXAMPLE}.`,
      );
      continue;
    }
    instants[name] = parseInstant(value);
    if (instants[name] === null && isOutOfRange(value)) {
      problem(
        name,
        'validation_invalid_date',
        `The ${name} parameter must be an instant from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.`,
      );
    } else if (instants[name] === null) {
      problem(
        name,
        'validation_invalid_date',
        `The ${name} parameter must be an ISO 8601 instant with an offset, such as ${EXAMPLE}.`,
      );
    }
  }
  const { from, to } = instants;
  if (from !== null && to !== null) {
    if (to <= from) {
      problem('to', 'validation_guide_window_order', 'The to parameter must be later than from.');
    } else if (to - from > GUIDE_MAX_WINDOW_DAYS * DAY_MS) {
      problem(
        'to',
        'validation_guide_window_too_long',
        `The guide window can span at most ${GUIDE_MAX_WINDOW_DAYS} days: ask for the rest in another request.`,
      );
    }
  }

  let channels: string[] | null = null;
  const list = text(raw.channels);
  if (list !== '') {
    const ids = [...new Set(list.split(',').map((id) => id.trim()))].filter((id) => id !== '');
    if (!ids.every((id) => RECORD_ID.test(id))) {
      problem(
        'channels',
        'validation_invalid_channels',
        `The channels parameter must be a comma-separated list of channel ids (${RECORD_ID_LENGTH} characters, a-z and 0-9).`,
      );
    } else if (ids.length > GUIDE_MAX_CHANNELS) {
      problem(
        'channels',
        'validation_too_many_channels',
        `The channels parameter can name at most ${GUIDE_MAX_CHANNELS} channels.`,
      );
    } else {
      channels = ids;
    }
  }

  const organization = text(raw.organization) || null;
  return { from: from ?? 0, to: to ?? 0, channels, organization };
}

const instantParameter = (description: string) =>
  checkedByObject<string>({
    description: `${description} An ISO 8601 instant with an offset, such as ${EXAMPLE}.`,
    type: 'string',
  });

const guideQuery = z
  .object({
    from: instantParameter('The window’s start.'),
    to: instantParameter(`The window’s end, at most ${GUIDE_MAX_WINDOW_DAYS} days after from.`),
    channels: optionalCheckedByObject<string>({
      description: `Comma-separated channel ids (at most ${GUIDE_MAX_CHANNELS}); every channel the requester may see when left out.`,
      type: 'string',
    }),
    organization: optionalCheckedByObject<string>({
      description:
        'The organization’s id or slug; a member’s own when left out. Others see its public channels.',
      type: 'string',
    }),
  })
  .superRefine((query, ctx) => {
    readGuideQuery(query, ctx);
  })
  .transform((query) => readGuideQuery(query));

export const guide = defineEndpoint({
  method: 'GET',
  path: '/api/v1/guide',
  summary: 'The schedule of a window, as viewers see it.',
  description:
    'Members see every channel of their organization; anyone else the public channels of the organization they name. Archived channels and cancelled timeslots never appear.',
  query: guideQuery,
  reply: typedReply<GuideResponse>('The organization, the window, its channels and timeslots.'),
  invalidMessage: FIRST_PROBLEM,
});
