import type { TimeslotRecord } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import { recreateFields, restoreSpans, revertFields, type SlotSpan, unplace } from './undo';

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
