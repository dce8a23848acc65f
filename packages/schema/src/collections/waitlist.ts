import { defineCollection } from '../collection.js';
import { email, text } from '../fields.js';

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
});
