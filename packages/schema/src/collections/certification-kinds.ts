import { defineCollection, type RecordOf } from '../collection.js';
import { relation, text } from '../fields.js';

/**
 * What a member may be certified for ("Studio camera", "Field kit", "Edit suite"): the
 * organization names its own (issue 20; decision 0033). Members read them; editors and above
 * define them.
 */
export const certificationKinds = defineCollection({
  id: 'pbc_1402067479',
  name: 'certificationKinds',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('name', { required: true, max: 120 }),
    text('description', { max: 1000 }),
  ],
  indexes: [{ name: 'organization', columns: ['organization', 'name'] }],
});

export type CertificationKindRecord = RecordOf<typeof certificationKinds>;
