import { defineCollection, type RecordOf } from '../collection.js';
import { relation, text } from '../fields.js';

/**
 * Where a station's sponsor invoices ask to be paid. Its own collection, not fields of the
 * organization, because every member reads the organization and only admins may read this.
 */
export const remittances = defineCollection({
  id: 'pbc_72795330',
  name: 'remittances',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('bankName', { max: 120 }),
    text('accountName', { max: 120 }),
    text('routingNumber', { max: 9, rules: 'routing' }),
    // A line the invoice prints under the bank details: terms, a reference to quote.
    text('notes', { max: 500 }),
  ],
  indexes: [{ name: 'organization', columns: ['organization'], unique: true }],
});

/** Where sponsor invoices ask to be paid: one per organization, admins and owners only. */
export type RemittanceRecord = RecordOf<typeof remittances>;
