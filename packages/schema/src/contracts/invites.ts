import * as z from 'zod';
import { ROLES } from '../index.js';
import { defineEndpoint } from './endpoint.js';
import { CANNOT_BE_BLANK } from './inputs.js';

// Joining an organization by invite (creating and revoking one are `invites` record writes).

const organization = z.object({
  id: z.string(),
  name: z.string(),
});
const role = z.enum(ROLES);

export const inviteLookup = defineEndpoint({
  method: 'GET',
  path: '/api/v1/invites/:token',
  summary: 'A pending invite by its token: who invites, which address, with which role.',
  params: z.object({ token: z.string().meta({ description: 'The invite link’s token.' }) }),
  reply: z.object({
    organization: organization.meta({ description: 'The organization that invites.' }),
    email: z.string().meta({ description: 'The address the invite was sent to.' }),
    role,
    expires: z.string().meta({ description: 'A record date: when the invite stops working.' }),
  }),
});

export const inviteAccept = defineEndpoint({
  method: 'POST',
  path: '/api/v1/invites/accept',
  summary: 'The user signed in with the invited address joins the organization.',
  body: z.object({
    token: z
      .string({ error: CANNOT_BE_BLANK })
      .min(1, CANNOT_BE_BLANK)
      .meta({ description: 'The invite link’s token.' }),
  }),
  reply: z.object({
    organization: organization.meta({ description: 'The organization joined.' }),
    role,
  }),
});

export const inviteResend = defineEndpoint({
  method: 'POST',
  path: '/api/v1/invites/:id/resend',
  summary: 'An owner or admin sends a pending invite’s mail again, with a new week to accept it.',
  params: z.object({ id: z.string().meta({ description: 'The invite (an invites id).' }) }),
  reply: z.object({
    id: z.string(),
    email: z.string(),
    role,
    expires: z.string().meta({ description: 'A record date: the new end of the invite.' }),
  }),
});
