import { describe, expect, it } from 'vitest';
import type { RecordEvent } from '../../records/record-events.js';
import { eventTypeOf } from './webhook-events.js';

const event = (collection: string, action: string, record: Record<string, unknown> = {}) =>
  ({ collection, action, record }) as unknown as RecordEvent;

describe('which changes are webhook events', () => {
  it('names timeslot and show changes', () => {
    expect(eventTypeOf(event('timeslots', 'create'))).toBe('timeslot.created');
    expect(eventTypeOf(event('timeslots', 'update'))).toBe('timeslot.updated');
    expect(eventTypeOf(event('timeslots', 'delete'))).toBe('timeslot.deleted');
    expect(eventTypeOf(event('shows', 'delete'))).toBe('show.changed');
  });

  it('sends sync.finished once, when a Cablecast sync ends', () => {
    expect(eventTypeOf(event('cablecastSyncs', 'create', { state: 'queued' }))).toBeUndefined();
    expect(eventTypeOf(event('cablecastSyncs', 'update', { state: 'running' }))).toBeUndefined();
    expect(eventTypeOf(event('cablecastSyncs', 'update', { state: 'done' }))).toBe('sync.finished');
    expect(eventTypeOf(event('cablecastSyncs', 'update', { state: 'failed' }))).toBe(
      'sync.finished',
    );
  });

  it('sends submission.received for a new submission only', () => {
    expect(eventTypeOf(event('submissions', 'create'))).toBe('submission.received');
    expect(eventTypeOf(event('submissions', 'update'))).toBeUndefined();
  });

  it('ignores the rest', () => {
    expect(eventTypeOf(event('channels', 'update'))).toBeUndefined();
  });
});
