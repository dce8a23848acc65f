import { defineCollection, type RecordOf } from '../collection.js';
import { bool, date, email, relation, text } from '../fields.js';

/**
 * A sponsor of the station's spots (underwriting, issue 40): who pays, whom to call, where the
 * invoices go. Staff keep them; members read them. Archived, never deleted: campaigns and
 * proof-of-play reports will name them.
 */
export const sponsors = defineCollection({
  id: 'pbc_3665759510',
  name: 'sponsors',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('name', { required: true, max: 200 }),
    text('contactName', { max: 120 }),
    email('email'),
    text('phone', { max: 32, rules: 'phone' }),
    // Several lines, as it goes on an invoice.
    text('billingAddress', { max: 1000 }),
    text('notes', { max: 5000 }),
    bool('archived'),
    // When it was archived (server-set).
    date('archivedAt', { system: true }),
  ],
  indexes: [{ name: 'organization_name', columns: ['organization', 'name'] }],
});

export type SponsorRecord = RecordOf<typeof sponsors>;
