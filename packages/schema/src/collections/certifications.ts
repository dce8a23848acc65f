import { defineCollection, type RecordOf } from '../collection.js';
import { date, relation, text } from '../fields.js';

/**
 * A certification granted to a member: valid from `granted` until `expires` ('' : no end).
 * Staff (editors and above) grant them; a member sees their own.
 */
export const certifications = defineCollection({
  id: 'pbc_484836162',
  name: 'certifications',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('member', 'users', { required: true, cascadeDelete: true }),
    relation('kind', 'certificationKinds', { required: true, cascadeDelete: true }),
    date('granted', { required: true }),
    date('expires'),
    text('note', { max: 1000 }),
    // When the member was told it expires soon (server-set; once).
    date('remindedAt', { system: true }),
  ],
  indexes: [
    { name: 'expires', columns: ['expires'] },
    { name: 'member_kind', columns: ['member', 'kind'] },
    { name: 'organization', columns: ['organization', 'created'] },
  ],
});

export type CertificationRecord = RecordOf<typeof certifications>;
