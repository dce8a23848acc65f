import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { EMPTY_REPEAT } from './recurrence-form';
import {
  changedMessage,
  check,
  collisionMessages,
  initialValues,
  seriesChanges,
  type Values,
} from './recurrence-model';
import type { ListedRecurrence } from './series-queries';

/** Monday 9 March 2026 at 8 pm in New York, half an hour, weekly on Mondays. */
const recurrence = {
  id: 'rec1',
  channel: 'chan1',
  show: 'show1',
  rrule: 'FREQ=WEEKLY;BYDAY=MO',
  timeZone: 'America/New_York',
  startLocal: '2026-03-09T20:00',
  durationSec: 1800,
} as ListedRecurrence;

const valid: Values = {
  channel: 'chan1',
  show: 'show1',
  date: '2026-03-09',
  time: '20:00',
  durationMin: 30,
};

describe('initialValues', () => {
  it('starts a new recurrence empty, half an hour long', () => {
    expect(initialValues(null)).toEqual({
      channel: '',
      show: '',
      date: '',
      time: '',
      durationMin: 30,
    });
  });

  it('starts an edit from today in the recurrence’s zone, once the series has begun', () => {
    // 02:00 UTC on 20 March is still 19 March in New York.
    expect(initialValues(recurrence, Date.parse('2026-03-20T02:00Z'))).toEqual({
      channel: 'chan1',
      show: 'show1',
      date: '2026-03-19',
      time: '20:00',
      durationMin: 30,
    });
  });

  it('starts an edit at the first airing while it is still ahead', () => {
    expect(initialValues(recurrence, Date.parse('2026-03-01T12:00Z')).date).toBe('2026-03-09');
  });
});

describe('check', () => {
  const weekly = { ...EMPTY_REPEAT, days: ['MO' as const] };

  it('passes complete values and builds the rule', () => {
    expect(check(valid, weekly)).toEqual({ errors: {}, rrule: 'FREQ=WEEKLY;BYDAY=MO' });
  });

  it('names every field that is missing', () => {
    const { errors, rrule } = check(
      { channel: '', show: '', date: '', time: '', durationMin: '' },
      weekly,
    );
    expect(errors).toEqual({
      channel: 'Choose a channel.',
      show: 'Choose a show.',
      date: 'Choose the first airing’s date.',
      time: 'Choose the time it starts.',
      durationMin: 'Must be at least 15 minutes, in steps of 15.',
    });
    expect(rrule).toBe('FREQ=WEEKLY;BYDAY=MO');
  });

  it('keeps starts and lengths on the quarter hour', () => {
    const { errors } = check({ ...valid, time: '20:10', durationMin: 40 }, weekly);
    expect(errors.time).toBe('Must be on the quarter hour (:00, :15, :30 or :45).');
    expect(errors.durationMin).toBe('Must be at least 15 minutes, in steps of 15.');
  });

  it('puts the rule’s problem under its field, with no rule', () => {
    const { errors, rrule } = check(valid, EMPTY_REPEAT);
    expect(errors.days).toBe('Choose at least one day.');
    expect(rrule).toBeNull();
  });
});

describe('seriesChanges', () => {
  it('is empty when nothing differs', () => {
    expect(seriesChanges(recurrence, valid, 'FREQ=WEEKLY;BYDAY=MO')).toEqual({});
  });

  it('holds only what differs, the length in seconds', () => {
    expect(
      seriesChanges(
        recurrence,
        { ...valid, show: 'show2', time: '21:15', durationMin: 45 },
        'FREQ=WEEKLY;BYDAY=TU',
      ),
    ).toEqual({ show: 'show2', time: '21:15', durationSec: 2700, rrule: 'FREQ=WEEKLY;BYDAY=TU' });
    expect(seriesChanges(recurrence, { ...valid, channel: 'chan2' }, null)).toEqual({
      channel: 'chan2',
    });
  });

  it('leaves the rule alone when the form’s does not build', () => {
    expect(seriesChanges(recurrence, valid, null)).toEqual({});
  });
});

describe('changedMessage', () => {
  it('says what changed, capitalised', () => {
    expect(changedMessage({ updated: 3, created: 1, removed: 2 })).toBe(
      'Changed 3 airings, added 1, removed 2',
    );
    expect(changedMessage({ updated: 1, created: 0, removed: 0 })).toBe('Changed 1 airing');
  });

  it('says the rule was saved when no airing changed', () => {
    expect(changedMessage({ updated: 0, created: 0, removed: 0 })).toBe('Saved the rule');
  });
});

describe('collisionMessages', () => {
  it('reads the server’s words for each collision', () => {
    const error = new ClientResponseError({
      status: 400,
      response: {
        message: 'Refused.',
        data: { collisions: [{ message: 'Mon 9 Mar: News' }, {}, { message: 'Mon 16 Mar: News' }] },
      },
    });
    expect(collisionMessages(error)).toEqual(['Mon 9 Mar: News', 'Mon 16 Mar: News']);
  });

  it('is empty for any other error', () => {
    expect(collisionMessages(new ClientResponseError({ status: 400, response: {} }))).toEqual([]);
    expect(collisionMessages(new Error('offline'))).toEqual([]);
  });
});
