import { describe, expectTypeOf, it } from 'vitest';
import type {
  ApiKeyRecord,
  EmbedRecord,
  MemberRecord,
  ReservationRecord,
  ShowRecord,
  TimeslotRecord,
  WebhookRecord,
} from './index.js';

// Record types are derived from the definitions (`RecordOf`): these hold what the derivation
// promises. `npm run typecheck` checks them; Vitest runs the file too.

describe('record types derived from the definitions', () => {
  it('type a single select as its values, or "" when it is not required', () => {
    expectTypeOf<ShowRecord['status']>().toEqualTypeOf<'draft' | 'ready' | 'archived' | ''>();
    expectTypeOf<ApiKeyRecord['role']>().toEqualTypeOf<'viewer' | 'editor'>();
    expectTypeOf<TimeslotRecord['source']>().toEqualTypeOf<
      'manual' | 'recurrence' | 'import' | ''
    >();
  });

  it('type lists (maxSelect above 1) as arrays', () => {
    expectTypeOf<EmbedRecord['channels']>().toEqualTypeOf<string[]>();
    expectTypeOf<WebhookRecord['events']>().toEqualTypeOf<
      (
        | 'timeslot.created'
        | 'timeslot.updated'
        | 'timeslot.deleted'
        | 'show.changed'
        | 'submission.received'
        | 'sync.finished'
      )[]
    >();
  });

  it('type numbers, bools, relations and files', () => {
    expectTypeOf<ShowRecord['durationSec']>().toEqualTypeOf<number>();
    expectTypeOf<ShowRecord['series']>().toEqualTypeOf<string>();
    expectTypeOf<ShowRecord['media']>().toEqualTypeOf<string>();
    expectTypeOf<EmbedRecord['archived']>().toEqualTypeOf<boolean>();
  });

  it('keep refinements of JSON fields and of values the server always sets', () => {
    expectTypeOf<ShowRecord['tags']>().toEqualTypeOf<string[]>();
    expectTypeOf<ReservationRecord['status']>().toEqualTypeOf<
      'requested' | 'confirmed' | 'out' | 'returned' | 'cancelled'
    >();
  });

  it('leave hidden fields out', () => {
    expectTypeOf<ApiKeyRecord>().not.toHaveProperty('keyHash');
    expectTypeOf<WebhookRecord>().not.toHaveProperty('secret');
    expectTypeOf<MemberRecord>().not.toHaveProperty('password');
  });
});
