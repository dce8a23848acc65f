import * as z from 'zod';
import {
  API_KEY_ROLES,
  type ApiKeyRecord,
  WEBHOOK_EVENTS,
  type WebhookEvent,
  type WebhookRecord,
} from '../index.js';
import { addProblem, defineEndpoint, problem, recordReply } from './endpoint.js';
import {
  CANNOT_BE_BLANK,
  checkedByObject,
  MUST_BE_TEXT,
  optionalCheckedByObject,
} from './inputs.js';

// Integrations an owner or an admin sets up (decision 0032 for webhooks, issue 19 for API keys).
// Listing, viewing, deleting and the delivery log are record requests (`webhooks`,
// `webhookDeliveries`, `apiKeys`).

const WEBHOOK_DESCRIPTION_MAX = 500;

const URL_RULES =
  'https, no user name or password, not a private address; the server resolves the name before it saves.';

const DESCRIPTION_TOO_LONG = problem(
  'validation_length_out_of_range',
  `Must be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
);
const TRUE_OR_FALSE = problem('validation_invalid_value', 'Must be true or false.');

/** The events a body names: a list, or one event as text. */
function readEvents(value: unknown): unknown[] {
  return Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];
}

const URL_META = { description: `The receiver’s address: ${URL_RULES}`, type: 'string' };
const EVENTS_META = {
  description: 'The events it receives (at least one; one event may be sent as text).',
  type: 'array',
  items: { enum: [...WEBHOOK_EVENTS] },
};

/** The fields beside the address and the events. */
function otherFields() {
  return {
    description: (
      z
        .preprocess(
          (value) => (value === null ? undefined : value),
          z
            .string({ error: MUST_BE_TEXT })
            .max(WEBHOOK_DESCRIPTION_MAX, DESCRIPTION_TOO_LONG)
            .transform((text) => text.trim())
            .optional(),
        )
        .optional() as unknown as z.ZodOptional<z.ZodType<string | undefined, string | null>>
    ).meta({ description: `What it is for, at most ${WEBHOOK_DESCRIPTION_MAX} characters.` }),
    enabled: z
      .boolean({ error: TRUE_OR_FALSE })
      .optional()
      .meta({ description: 'Whether it sends (true when made).' }),
  };
}

/** The events' problem: none chosen (required when creating), or one unknown. */
function checkEvents(required: boolean) {
  return (body: { events?: unknown }, ctx: z.RefinementCtx) => {
    if (!required && body.events === undefined) return;
    const given = readEvents(body.events);
    const unknown = given.filter(
      (event) => !(WEBHOOK_EVENTS as readonly unknown[]).includes(event),
    );
    if (given.length === 0) {
      addProblem(
        ctx,
        ['events'],
        'validation_required',
        `Choose at least one of: ${WEBHOOK_EVENTS.join(', ')}.`,
      );
    } else if (unknown.length > 0) {
      addProblem(
        ctx,
        ['events'],
        'validation_invalid_value',
        `Unknown event ${JSON.stringify(unknown[0]).slice(0, 80)}: must be among ${WEBHOOK_EVENTS.join(', ')}.`,
      );
    }
  };
}

/** What the server writes: the events a list without repeats; the address as sent. */
function webhookFields<B extends { url?: string; events?: WebhookEvent[] | WebhookEvent }>({
  events,
  ...rest
}: B) {
  return {
    ...rest,
    ...(events === undefined ? {} : { events: [...new Set(readEvents(events) as WebhookEvent[])] }),
  };
}

// The address's rules depend on the server's outbound policy: the routes check it (any value
// reaches them here).
const createBody = z
  .object({
    url: checkedByObject<string>(URL_META),
    events: checkedByObject<WebhookEvent[] | WebhookEvent>(EVENTS_META),
    ...otherFields(),
  })
  .superRefine(checkEvents(true), { when: () => true })
  .transform(webhookFields);

const updateBody = z
  .object({
    url: optionalCheckedByObject<string>(URL_META),
    events: optionalCheckedByObject<WebhookEvent[] | WebhookEvent>(EVENTS_META),
    ...otherFields(),
  })
  .superRefine(checkEvents(false), { when: () => true })
  .transform(webhookFields);

const webhook = recordReply<WebhookRecord>(
  'webhooks',
  'A webhooks record (its secret is not in it).',
);
const webhookId = z.object({
  id: z.string().meta({ description: 'The webhook (a webhooks id).' }),
});

export const webhookCreate = defineEndpoint({
  method: 'POST',
  path: '/api/v1/webhooks',
  summary: 'An owner or an admin adds a webhook; the only answer that holds its signing secret.',
  body: createBody,
  reply: z.intersection(
    webhook,
    z.object({ secret: z.string().meta({ description: 'The signing secret, whsec_…' }) }),
  ),
});

export const webhookUpdate = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/webhooks/:id',
  summary:
    'Changes a webhook; turning it back on or pointing it elsewhere clears its failure state.',
  params: webhookId,
  body: updateBody,
  reply: webhook,
});

export const webhookSecret = defineEndpoint({
  method: 'GET',
  path: '/api/v1/webhooks/:id/secret',
  summary: 'A webhook’s signing secret, to configure the receiver.',
  params: webhookId,
  reply: z.object({ secret: z.string() }),
});

export const webhookTest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/webhooks/:id/test',
  summary: 'Sends a ping to the webhook now and answers how it went.',
  params: webhookId,
  reply: z.object({
    delivery: z.string().meta({ description: 'The webhookDeliveries record of the ping.' }),
    status: z.enum(['delivered', 'failed']),
    responseStatus: z.number().meta({ description: 'The receiver’s HTTP status; 0: none.' }),
    responseMs: z.number(),
    error: z.string().meta({ description: 'What went wrong; "" when delivered.' }),
  }),
});

// API keys.

const API_KEY_NAME_MAX = 100;
const INVALID_DATE = problem('validation_invalid_date', 'Must be a valid date.');

/** An API key's expiry as sent, in milliseconds; NaN when it is not a date. */
export function apiKeyExpiry(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value.replace(' ', 'T')) : Number.NaN;
}

export const apiKeyCreate = defineEndpoint({
  method: 'POST',
  path: '/api/v1/api-keys',
  summary:
    'An owner or an admin makes an API key for the organization; the only answer that holds the key.',
  body: z.object({
    name: z
      .string({ error: CANNOT_BE_BLANK })
      .trim()
      .min(1, CANNOT_BE_BLANK)
      .max(
        API_KEY_NAME_MAX,
        problem(
          'validation_length_out_of_range',
          `Must be at most ${API_KEY_NAME_MAX} characters.`,
        ),
      )
      .meta({ description: 'What the key is for, to tell keys apart.' }),
    role: z
      .enum(API_KEY_ROLES, {
        error: problem('validation_invalid_value', `Must be one of: ${API_KEY_ROLES.join(', ')}.`),
      })
      .meta({ description: 'What the key may do: read (viewer) or also write (editor).' }),
    expires: z
      .preprocess(
        (value) => (value === '' || value === null ? undefined : value),
        z
          .unknown()
          .refine((value) => Number.isFinite(apiKeyExpiry(value)), INVALID_DATE)
          .transform(apiKeyExpiry)
          .optional(),
      )
      .optional()
      .meta({
        description: 'When the key stops working, a date in the future; absent or "": never.',
        type: 'string',
      }) as unknown as z.ZodOptional<z.ZodType<number, string | null | undefined>>,
  }),
  reply: z.intersection(
    recordReply<ApiKeyRecord>('apiKeys', 'An apiKeys record.'),
    z.object({ key: z.string().meta({ description: 'The key itself, agk_…, sent this once.' }) }),
  ),
});
