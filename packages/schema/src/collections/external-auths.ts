import { defineCollection } from '../collection.js';
import { text } from '../fields.js';

export const externalAuths = defineCollection({
  id: 'pbc_2281828961',
  name: '_externalAuths',
  type: 'base',
  fields: [
    text('collectionRef', { required: true }),
    text('recordRef', { required: true }),
    text('provider', { required: true }),
    text('providerId', { required: true }),
  ],
  indexes: [
    { name: 'provider_id', columns: ['collectionRef', 'provider', 'providerId'], unique: true },
    { name: 'record_provider', columns: ['collectionRef', 'recordRef', 'provider'], unique: true },
  ],
});
