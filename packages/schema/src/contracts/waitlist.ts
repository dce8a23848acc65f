import * as z from 'zod';
import { defineEndpoint } from './endpoint.js';
import { CANNOT_BE_BLANK as BLANK, MUST_BE_TEXT } from './inputs.js';

// The waitlist (apps/server/src/features/waitlist): people asking for an account.

export const waitlistJoin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/waitlist',
  summary: 'Join the waitlist, or update your entry: one entry per email address.',
  description:
    'Anyone may call it. The answer is the same whether the address was listed already or not, ' +
    'so it tells nobody who is waiting. The fields are checked as the waitlist collection ' +
    'defines them (a valid email; name and station up to 120 characters, the note up to 2000).',
  body: z.object({
    email: z.string({ error: BLANK }).trim().min(1, BLANK).meta({ description: 'Your email.' }),
    name: z.string({ error: MUST_BE_TEXT }).optional().meta({ description: 'Your name.' }),
    station: z.string({ error: MUST_BE_TEXT }).optional().meta({ description: 'Your station.' }),
    note: z
      .string({ error: MUST_BE_TEXT })
      .optional()
      .meta({ description: 'Anything to tell us.' }),
  }),
  reply: z.object({ joined: z.literal(true) }),
});
