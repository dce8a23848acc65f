import { defineCollection, type RecordOf } from '../collection.js';
import { date, relation, select, text } from '../fields.js';

/**
 * A reservation's life: a member requests, staff confirm, check out and check in (returned);
 * requested and confirmed ones may be cancelled.
 */
export const RESERVATION_STATUSES = [
  'requested',
  'confirmed',
  'out',
  'returned',
  'cancelled',
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** The statuses that hold the item: no other reservation may overlap one of these. */
export const RESERVATION_HOLDS: readonly ReservationStatus[] = ['requested', 'confirmed', 'out'];

/**
 * A member's reservation of one item from `starts` to `ends`: requested, confirmed by staff,
 * checked out, returned (or cancelled). Items reserved together (a kit) share a `booking`.
 * While requested, confirmed or out, no other reservation of the item may overlap it.
 */
export const reservations = defineCollection({
  id: 'pbc_1473635903',
  name: 'reservations',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('equipment', 'equipment', { required: true, cascadeDelete: true }),
    relation('member', 'users', { required: true, cascadeDelete: true }),
    date('starts', { required: true }),
    date('ends', { required: true }),
    select('status', RESERVATION_STATUSES),
    text('booking', { max: 32 }),
    date('checkedOutAt', { system: true }),
    date('checkedInAt', { system: true }),
    text('checkoutNote', { max: 2000 }),
    text('returnNote', { max: 2000 }),
    text('note', { max: 2000 }),
    // When the member was told it is overdue (server-set; once).
    date('remindedAt', { system: true }),
  ],
  indexes: [
    { name: 'equipment_starts', columns: ['equipment', 'starts'] },
    { name: 'member', columns: ['member', 'starts'] },
    { name: 'organization_starts', columns: ['organization', 'starts'] },
    { name: 'status_ends', columns: ['status', 'ends'] },
  ],
});

/** `status` is never empty: the server sets it on create (requested, or confirmed by staff). */
export type ReservationRecord = RecordOf<typeof reservations, { status: ReservationStatus }>;
