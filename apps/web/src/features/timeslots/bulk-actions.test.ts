import { describe, expect, it } from 'vitest';
import {
  BATCH_LIMIT,
  type BulkWrite,
  batches,
  batchFailureText,
  bulkSuccessText,
  bulkWrites,
  type ListSlot,
  moveMinutesProblem,
  runBatches,
} from './bulk-actions';

const at = (iso: string) => Date.parse(iso);
const slot = (id: string, start: string, status = 'scheduled'): ListSlot => ({
  id,
  start: at(start),
  durationSec: 1800,
  status,
  title: `Show ${id}`,
  zone: 'America/New_York',
});

const a = slot('a', '2026-03-10T23:00:00Z');
const b = slot('b', '2026-03-10T23:30:00Z');
const c = slot('c', '2026-03-11T00:00:00Z', 'cancelled');

describe('moveMinutesProblem', () => {
  it('accepts 15-minute steps either way, up to a week', () => {
    expect(moveMinutesProblem(15)).toBeNull();
    expect(moveMinutesProblem(-30)).toBeNull();
    expect(moveMinutesProblem(10_080)).toBeNull();
  });

  it('names what is wrong', () => {
    expect(moveMinutesProblem(0)).toMatch(/how many minutes/);
    expect(moveMinutesProblem(Number.NaN)).toMatch(/how many minutes/);
    expect(moveMinutesProblem(20)).toBe('Moves go in 15-minute steps: 20 is not a multiple of 15.');
    expect(moveMinutesProblem(10_095)).toMatch(/at most a week/);
  });
});

describe('bulkWrites', () => {
  it('deletes every chosen timeslot', () => {
    expect(bulkWrites({ kind: 'delete' }, [a, c])).toEqual([
      { id: 'a', method: 'delete' },
      { id: 'c', method: 'delete' },
    ]);
  });

  it('cancels only what is not cancelled yet', () => {
    expect(bulkWrites({ kind: 'cancel' }, [a, b, c])).toEqual([
      { id: 'a', method: 'update', body: { status: 'cancelled' } },
      { id: 'b', method: 'update', body: { status: 'cancelled' } },
    ]);
  });

  it('moves later from the latest and earlier from the earliest, so neighbours never collide', () => {
    expect(bulkWrites({ kind: 'move', minutes: 30 }, [a, b])).toEqual([
      { id: 'b', method: 'update', body: { start: '2026-03-11 00:00:00.000Z' } },
      { id: 'a', method: 'update', body: { start: '2026-03-10 23:30:00.000Z' } },
    ]);
    expect(bulkWrites({ kind: 'move', minutes: -15 }, [b, a]).map((write) => write.id)).toEqual([
      'a',
      'b',
    ]);
  });

  it('refuses a move off the 15-minute grid', () => {
    expect(() => bulkWrites({ kind: 'move', minutes: 7 }, [a])).toThrow('15-minute steps');
  });
});

describe('batches and runBatches', () => {
  const writes: BulkWrite[] = Array.from({ length: 120 }, (_, index) => ({
    id: `t${index}`,
    method: 'delete',
  }));

  it('splits into batches of at most 50', () => {
    expect(batches(writes).map((part) => part.length)).toEqual([50, 50, 20]);
    expect(BATCH_LIMIT).toBe(50);
  });

  it('sends every batch in turn', async () => {
    const sent: number[] = [];
    const run = await runBatches(writes, async (part) => {
      sent.push(part.length);
    });
    expect(sent).toEqual([50, 50, 20]);
    expect(run).toEqual({ applied: 120, failure: null, batchCount: 3 });
  });

  it('stops at a refused batch: the ones before stay applied, none after is sent', async () => {
    let calls = 0;
    const refusal = new Error('refused');
    const run = await runBatches(writes, async () => {
      calls++;
      if (calls === 2) throw refusal;
    });
    expect(calls).toBe(2);
    expect(run.applied).toBe(50);
    expect(run.failure?.error).toBe(refusal);
    expect(run.failure?.writes[0]?.id).toBe('t50');
  });
});

describe('batchFailureText', () => {
  const byId = new Map([a, b].map((one) => [one.id, one]));
  const writes = bulkWrites({ kind: 'move', minutes: 30 }, [a, b]);

  it('names the timeslot the failing write was for, and the show in the way', () => {
    const body = {
      status: 400,
      message: 'Batch transaction failed.',
      data: {
        requests: {
          '1': {
            code: 'batch_request_failed',
            message: 'Batch request failed.',
            response: {
              status: 400,
              message: 'Failed to update record.',
              data: {
                start: {
                  code: 'validation_timeslot_overlap',
                  message:
                    'Overlaps "Council Meeting" on RCTV 1 from 19:00 to 20:00 (America/New_York)',
                },
              },
            },
          },
        },
      },
    };
    // The second write moves "a", which starts at 7:00 PM in New York.
    expect(batchFailureText(body, writes, byId)).toBe(
      '"Show a" at 7:00 PM 03/10/2026 could not be changed: Overlaps "Council Meeting" on RCTV 1 from 19:00 to 20:00 (America/New_York). Nothing in this batch was changed.',
    );
  });

  it('falls back to the server message when the batch itself was refused', () => {
    expect(batchFailureText({ message: 'Invalid batch request data.' }, writes, byId)).toBe(
      'Invalid batch request data. Nothing in this batch was changed.',
    );
    expect(batchFailureText(null, writes, byId)).toMatch(/^The server refused the change\./);
  });

  it('says a delete could not be done', () => {
    const deletes = bulkWrites({ kind: 'delete' }, [a]);
    const body = {
      data: { requests: { '0': { response: { message: 'The timeslot is locked.' } } } },
    };
    expect(batchFailureText(body, deletes, byId, '24h')).toBe(
      '"Show a" at 19:00 03/10/2026 could not be deleted: The timeslot is locked. Nothing in this batch was changed.',
    );
  });
});

describe('bulkSuccessText', () => {
  it('says what was done', () => {
    expect(bulkSuccessText({ kind: 'delete' }, 1)).toBe('Deleted 1 timeslot.');
    expect(bulkSuccessText({ kind: 'cancel' }, 3)).toBe('Cancelled 3 timeslots.');
    expect(bulkSuccessText({ kind: 'move', minutes: -45 }, 2)).toBe(
      'Moved 2 timeslots 45 minutes earlier.',
    );
  });
});
