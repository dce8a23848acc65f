import { defineCollection, type RecordOf } from '../collection.js';
import { email, text } from '../fields.js';

/**
 * People waiting for an account (the waitlist area: apps/server/src/features/waitlist). One
 * entry per address: joining again updates it. Only superusers read the list.
 */
export const waitlist = defineCollection({
  id: 'pbc_3894241073',
  name: 'waitlist',
  type: 'base',
  fields: [
    email('email', { required: true }),
    text('name', { max: 120 }),
    text('station', { max: 120 }),
    text('note', { max: 2000 }),
  ],
  indexes: [{ name: 'email', columns: ['lower(email)'], unique: true }],
});

export type WaitlistEntry = RecordOf<typeof waitlist>;
