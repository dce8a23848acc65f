import type { TimeslotRecord } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  recreateFields,
  restoreSpans,
  revertFields,
  type SlotSpan,
  undoBulk,
  unplace,
} from './undo';

const at = (time: string) => `2026-06-01 ${time}:00.000Z`;
const span = (id: string, time: string, minutes = 60): SlotSpan => ({
  id,
  start: at(time),
  durationSec: minutes * 60,
});
const byId = (spans: SlotSpan[]) => new Map(spans.map((one) => [one.id, one]));

describe('restoreSpans', () => {
  it('undoes a push to the right from the earliest bar on (each moves back left)', () => {
    const before = [span('a', '00:00'), span('b', '01:00'), span('c', '02:00')];
    const after = [span('a', '00:30'), span('b', '01:30'), span('c', '02:30')];
    expect(
      restoreSpans(after, byId(before)).map((write) => write.kind === 'update' && write.id),
    ).toEqual(['a', 'b', 'c']);
  });

  it('undoes a push to the left from the latest bar back', () => {
    const before = [span('a', '00:30'), span('b', '01:30')];
    const after = [span('a', '00:00'), span('b', '01:00')];
    expect(restoreSpans(after, byId(before))).toEqual([
      { kind: 'update', id: 'b', fields: { start: at('01:30'), durationSec: 3600 } },
      { kind: 'update', id: 'a', fields: { start: at('00:30'), durationSec: 3600 } },
    ]);
  });

  it('undoes a resize that pushed: the resized bar shrinks first', () => {
    const before = [span('a', '00:00', 60), span('b', '01:00')];
    const after = [span('a', '00:00', 90), span('b', '01:30')];
    expect(restoreSpans(after, byId(before))).toEqual([
      { kind: 'update', id: 'a', fields: { start: at('00:00'), durationSec: 3600 } },
      { kind: 'update', id: 'b', fields: { start: at('01:00'), durationSec: 3600 } },
    ]);
  });

  it('leaves out bars that did not move or are unknown', () => {
    expect(
      restoreSpans([span('a', '00:00'), span('z', '05:00')], byId([span('a', '00:00')])),
    ).toEqual([]);
  });
});

describe('undo writes', () => {
  const record = {
    id: 'slot00000000001',
    organization: 'org',
    channel: 'ch1',
    show: 'show1',
    start: at('16:00'),
    durationSec: 3600,
    status: 'scheduled',
    recurrence: 'rec',
    occurrence: '2026-06-01T12:00',
    locked: false,
    bundle: '',
    source: 'recurrence',
    note: 'n',
    created: 'x',
    updated: 'y',
    collectionId: 'c',
    collectionName: 'timeslots',
  } as unknown as TimeslotRecord;

  it('recreates a deleted timeslot under its own id with its series link', () => {
    expect(recreateFields(record)).toEqual({
      id: 'slot00000000001',
      organization: 'org',
      channel: 'ch1',
      show: 'show1',
      start: at('16:00'),
      durationSec: 3600,
      status: 'scheduled',
      recurrence: 'rec',
      occurrence: '2026-06-01T12:00',
      locked: false,
      bundle: '',
      source: 'recurrence',
      note: 'n',
    });
  });

  it('puts back only the fields an edit changed', () => {
    expect(revertFields(record, { durationSec: 5400, note: 'new' })).toEqual({
      kind: 'update',
      id: 'slot00000000001',
      fields: { durationSec: 3600, note: 'n' },
    });
  });

  it('removes a placed timeslot before the ones it pushed go back', () => {
    expect(unplace('new', [span('a', '01:00')], byId([span('a', '00:30')]))).toEqual([
      { kind: 'delete', id: 'new' },
      { kind: 'update', id: 'a', fields: { start: at('00:30'), durationSec: 3600 } },
    ]);
  });
});

describe('undoBulk', () => {
  const slot = (id: string, time: string, status = 'scheduled') =>
    ({
      id,
      organization: 'org',
      channel: 'ch1',
      show: `show-${id}`,
      start: at(time),
      durationSec: 1800,
      status,
      recurrence: '',
      occurrence: '',
      locked: false,
      bundle: '',
      source: 'manual',
      note: '',
    }) as unknown as TimeslotRecord;
  // Back to back at 00:00, 00:30 and 01:00, as the List tab read them before the action.
  const records = [slot('a', '00:00'), slot('b', '00:30'), slot('c', '01:00', 'cancelled')];

  it('undoes a move later by moving each back earlier, the earliest first', () => {
    expect(undoBulk({ kind: 'move', minutes: 30 }, records)).toEqual([
      { kind: 'update', id: 'a', fields: { start: at('00:00'), durationSec: 1800 } },
      { kind: 'update', id: 'b', fields: { start: at('00:30'), durationSec: 1800 } },
      { kind: 'update', id: 'c', fields: { start: at('01:00'), durationSec: 1800 } },
    ]);
  });

  it('undoes a move earlier by moving each back later, the latest first', () => {
    const ids = undoBulk({ kind: 'move', minutes: -45 }, records).map(
      (write) => write.kind === 'update' && write.id,
    );
    expect(ids).toEqual(['c', 'b', 'a']);
  });

  it('undoes a cancel by restoring only what it cancelled', () => {
    expect(undoBulk({ kind: 'cancel' }, records)).toEqual([
      { kind: 'update', id: 'a', fields: { status: 'scheduled' } },
      { kind: 'update', id: 'b', fields: { status: 'scheduled' } },
    ]);
  });

  it('undoes a delete by recreating each under its own id', () => {
    const writes = undoBulk({ kind: 'delete' }, records);
    expect(writes.map((write) => write.kind)).toEqual(['create', 'create', 'create']);
    expect(writes[2]).toEqual({
      kind: 'create',
      fields: recreateFields(records[2] as TimeslotRecord),
    });
  });
});
