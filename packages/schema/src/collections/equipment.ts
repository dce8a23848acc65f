import { defineCollection, type RecordOf } from '../collection.js';
import { image, LARGE_IMAGE, number, relation, select, text } from '../fields.js';

/** An item's state now: out while checked out; retired items are kept for their history. */
export const EQUIPMENT_STATUSES = ['available', 'out', 'maintenance', 'retired'] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];

/**
 * An item of the station's equipment. `status` is what it is now (out while checked out);
 * `certificationRequired` names the certification a member needs to reserve it; items sharing
 * a `kit` name are reserved together (one batch, one booking).
 */
export const equipment = defineCollection({
  id: 'pbc_3071488795',
  name: 'equipment',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('name', { required: true, max: 120 }),
    text('category', { max: 64 }),
    text('serial', { max: 120 }),
    // What its label's QR code or barcode reads ('' : the label carries the record id).
    text('barcode', { max: 64 }),
    select('status', EQUIPMENT_STATUSES),
    text('location', { max: 120 }),
    image('photo', LARGE_IMAGE),
    text('notes', { max: 2000 }),
    relation('certificationRequired', 'certificationKinds'),
    number('replacementValue', { min: 0 }),
    // Items sharing a kit name are reserved together ('' : on its own).
    text('kit', { max: 80 }),
  ],
  indexes: [{ name: 'organization', columns: ['organization', 'name'] }],
});

/** `status` is never empty: the server sets "available" on create. */
export type EquipmentRecord = RecordOf<typeof equipment, { status: EquipmentStatus }>;
