import * as z from 'zod';
import {
  CABLECAST_NEW_CHANNEL,
  CABLECAST_SYNC_INTERVALS,
  type CablecastChannelChoice,
  type CablecastCheck,
  type CablecastConnectionRecord,
  type CablecastSyncRecord,
} from '../index.js';
import { normalizeCablecastUrl } from './cablecast-url.js';
import { addProblem, defineEndpoint, recordReply, typedReply } from './endpoint.js';
import { checkedByObject, optionalCheckedByObject } from './inputs.js';

// The organization's Cablecast connection and sync (issue 19), for its owners and admins.
// Disconnecting is deleting the `cablecastConnections` record; the runs are `cablecastSyncs`.

type Ctx = Parameters<typeof addProblem>[0];

const CREDENTIALS_SHAPE = 'Must be user:password, or empty.';
const CREDENTIALS_FORM =
  'Enter the Cablecast user name and password as user:password, or leave it empty to read a public server.';

/** The address in its normal form (decision 0030), or its problem added. */
function readBaseUrl(value: unknown, ctx?: Ctx): string | null {
  const reading = normalizeCablecastUrl(typeof value === 'string' ? value : '');
  if (reading.ok) return reading.serverUrl;
  if (ctx) addProblem(ctx, ['baseUrl'], 'validation_invalid_value', reading.problem);
  return null;
}

/** undefined: keep what is stored; '': none (anonymous reads); otherwise `user:password`. */
function readApiKey(value: unknown, ctx?: Ctx): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > 500) {
    if (ctx) addProblem(ctx, ['apiKey'], 'validation_invalid_value', CREDENTIALS_SHAPE);
    return undefined;
  }
  const trimmed = value.trim();
  if (trimmed !== '' && !trimmed.includes(':') && ctx) {
    addProblem(ctx, ['apiKey'], 'validation_invalid_value', CREDENTIALS_FORM);
  }
  return trimmed;
}

const BASE_URL = {
  description:
    'The Cablecast server’s address, as typed (written in its normal form, https:// when no scheme is given).',
  type: 'string',
};
const API_KEY = {
  description:
    'user:password; "" for a public server; left out (or null): keep what is stored. Sent up only.',
  type: 'string',
};

/** A connection's record as the card sees it (no credentials). */
const connection = recordReply<CablecastConnectionRecord>(
  'cablecastConnections',
  'The cablecastConnections record, without its sealed credentials.',
);

export const cablecastGet = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cablecast',
  summary: 'The organization’s Cablecast connection, or null when there is none.',
  reply: recordReply<CablecastConnectionRecord | null>(
    'cablecastConnections',
    'The cablecastConnections record (without its credentials), or null.',
    { nullable: true },
  ),
});

export const cablecastSave = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/cablecast',
  summary: 'Saves the Cablecast server’s address and, when given, its credentials.',
  description:
    'The credentials are sealed for the address: a new address needs them again (or "" for none).',
  body: z
    .object({
      baseUrl: checkedByObject<string>(BASE_URL),
      apiKey: optionalCheckedByObject<string | null>(API_KEY),
    })
    // One problem at a time, the address's first: the credentials are read for a good address.
    .superRefine((body, ctx) => {
      if (readBaseUrl(body.baseUrl, ctx) !== null) readApiKey(body.apiKey, ctx);
    })
    .transform((body) => ({
      baseUrl: readBaseUrl(body.baseUrl) ?? '',
      apiKey: readApiKey(body.apiKey),
    })),
  reply: connection,
});

export const cablecastTest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cablecast/test',
  summary:
    'Tries the Cablecast server with what is given, or what is saved for what is not: what it found, or why it failed.',
  description:
    'Always 200 once the form is right: a server that cannot be reached is a finding. Testing exactly what is saved keeps the outcome (lastCheck).',
  body: z
    .object({
      baseUrl: optionalCheckedByObject<string>({
        ...BASE_URL,
        description: `${BASE_URL.description} Left out or "": the saved one.`,
      }),
      apiKey: optionalCheckedByObject<string | null>(API_KEY),
    })
    .superRefine((body, ctx) => {
      const given = body.baseUrl === undefined || body.baseUrl === '';
      if (given || readBaseUrl(body.baseUrl, ctx) !== null) readApiKey(body.apiKey, ctx);
    })
    .transform((body) => ({
      baseUrl:
        body.baseUrl === undefined || body.baseUrl === ''
          ? undefined
          : (readBaseUrl(body.baseUrl) ?? undefined),
      apiKey: readApiKey(body.apiKey),
    })),
  reply: typedReply<CablecastCheck>(
    'What the test found (ok: true, its channels and show count) or why it failed (ok: false).',
  ),
});

const INTERVAL_PROBLEM = `Choose one of ${CABLECAST_SYNC_INTERVALS.join(', ')} minutes (0: only when you press Sync now).`;

/** The minutes between runs: left out is 0, never by itself. */
function readInterval(value: unknown): number {
  return value === undefined ? 0 : Number(value);
}

/** A choice's problem, in the words the sync always used (the server checks it was found). */
export function cablecastChoiceProblem(cablecast: unknown): string {
  return `Cablecast channel ${String(cablecast)} is not one the last test found (or is listed twice): test the connection again.`;
}

export const cablecastSyncSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/cablecast/sync-settings',
  summary:
    'Saves which Cablecast channel feeds which Airgrid channel, and how often the sync runs.',
  body: z
    .object({
      channels: checkedByObject<{ cablecast: number; channel: CablecastChannelChoice }[]>({
        description: `One choice per Cablecast channel the last test found: an Airgrid channel id, "${CABLECAST_NEW_CHANNEL}" to make one, or "" to leave it out.`,
        type: 'array',
        items: {
          type: 'object',
          properties: { cablecast: { type: 'integer' }, channel: { type: 'string' } },
          required: ['cablecast', 'channel'],
        },
      }),
      syncEveryMinutes: optionalCheckedByObject<number>({
        description: 'Minutes between runs; 0 (or left out): only when Sync now is pressed.',
        enum: [...CABLECAST_SYNC_INTERVALS],
      }),
    })
    .superRefine(
      (body, ctx) => {
        const every = readInterval(body.syncEveryMinutes);
        if (!(CABLECAST_SYNC_INTERVALS as readonly number[]).includes(every)) {
          addProblem(ctx, ['syncEveryMinutes'], 'validation_invalid_value', INTERVAL_PROBLEM);
          return;
        }
        if (!Array.isArray(body.channels)) {
          addProblem(
            ctx,
            ['channels'],
            'validation_invalid_value',
            'Send one choice per Cablecast channel.',
          );
          return;
        }
        const seen = new Set<number>();
        for (const entry of body.channels as unknown[]) {
          const { cablecast, channel } = (entry ?? {}) as Record<string, unknown>;
          if (typeof cablecast !== 'number' || typeof channel !== 'string' || seen.has(cablecast)) {
            addProblem(
              ctx,
              ['channels'],
              'validation_invalid_value',
              cablecastChoiceProblem(cablecast),
            );
            return;
          }
          seen.add(cablecast);
        }
      },
      { when: () => true },
    )
    .transform((body) => ({
      channels: body.channels.map(({ cablecast, channel }) => ({ cablecast, channel })),
      syncEveryMinutes: readInterval(body.syncEveryMinutes),
    })),
  reply: connection,
});

export const cablecastSyncNow = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cablecast/sync',
  summary:
    'Sync now: 202 with the queued cablecastSyncs record, or 200 with the one already queued or running.',
  reply: recordReply<CablecastSyncRecord>(
    'cablecastSyncs',
    'The cablecastSyncs record of the run.',
  ),
  status: 202,
});
