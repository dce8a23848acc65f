import * as z from 'zod';
import type { MemberRecord } from '../index.js';
import { defineEndpoint, recordReply } from './endpoint.js';
import { CANNOT_BE_BLANK as BLANK } from './inputs.js';

// Managing members beyond single record writes (roles, removal and leaving are `users`
// updates; invites are `invites` records).

const userRecord = recordReply<MemberRecord>(
  'users',
  'A users record, as members of its organization see it.',
);

export const transferOwnership = defineEndpoint({
  method: 'POST',
  path: '/api/v1/members/transfer-ownership',
  summary: 'The owner asking makes a member the owner and becomes an admin, in one transaction.',
  body: z.object({
    member: z
      .string({ error: BLANK })
      .min(1, BLANK)
      .meta({ description: 'The member (a users id) who becomes the owner.' }),
  }),
  reply: z.object({
    owner: userRecord.meta({ description: 'The new owner.' }),
    previous: userRecord.meta({ description: 'The owner who asked, now an admin.' }),
  }),
});
