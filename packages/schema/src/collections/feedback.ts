import { defineCollection } from '../collection.js';
import { email, relation, text } from '../fields.js';

export const feedback = defineCollection({
  id: 'pbc_2456230977',
  name: 'feedback',
  type: 'base',
  fields: [
    relation('user', 'users'),
    email('email'),
    text('message', { required: true, max: 5000 }),
    text('page', { max: 500 }),
  ],
});
