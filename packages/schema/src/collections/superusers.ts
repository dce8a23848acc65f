import { defineCollection, type RecordOf } from '../collection.js';

export const superusers = defineCollection({
  id: 'pbc_3142635823',
  name: '_superusers',
  type: 'auth',
  fields: [],
  indexes: [
    { name: 'email', columns: ['lower(email)'], unique: true, where: "email <> ''" },
    { name: 'token_key', columns: ['tokenKey'], unique: true },
  ],
});

export type SuperuserRecord = RecordOf<typeof superusers>;
