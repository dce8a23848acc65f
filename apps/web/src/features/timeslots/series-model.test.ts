import { describe, expect, it } from 'vitest';
import { repeatFromRule } from './recurrence-form';
import { copyEnd, copyTargets, describeException } from './series-model';

describe('describeException', () => {
  const title = (id: string) => (id === 'news' ? 'Evening News' : id);
  it('says what happens to the airing, on the channel’s clock', () => {
    const zone = 'America/New_York';
    expect(describeException('2026-03-17T19:00', { cancelled: true }, zone, '12h', title)).toBe(
      'Tue, Mar 17 7:00 PM: skipped',
    );
    expect(
      describeException(
        '2026-03-24T19:00',
        { startLocal: '2026-03-25T20:30', durationSec: 5400, show: 'news' },
        zone,
        '24h',
        title,
      ),
    ).toBe('Tue, Mar 24 19:00: moved to Wed, Mar 25 20:30, runs 1 h 30 min, airs Evening News');
  });
});

describe('copy dates', () => {
  it('repeats a week weekly and a day daily', () => {
    expect(copyTargets('2026-03-09', 3, 'week')).toEqual([
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
    ]);
    expect(copyTargets('2026-03-09', 2, 'day')).toEqual(['2026-03-09', '2026-03-10']);
    expect(copyEnd('2026-03-02', 'week')).toBe('2026-03-08');
    expect(copyEnd('2026-03-02', 'day')).toBe('2026-03-02');
  });
});

describe('repeatFromRule', () => {
  it('gives back the choices a rule was made with, or its text', () => {
    expect(repeatFromRule('FREQ=WEEKLY;BYDAY=TU,TH', '2026-03-03')).toMatchObject({
      kind: 'weekly',
      days: ['TU', 'TH'],
      end: 'never',
    });
    expect(repeatFromRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=5', '')).toMatchObject({
      kind: 'every-n-weeks',
      interval: 2,
      end: 'count',
      count: 5,
    });
    expect(repeatFromRule('FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20261231', '')).toMatchObject({
      kind: 'monthly',
      ordinal: -1,
      weekday: 'FR',
      end: 'until',
      until: '2026-12-31',
    });
    expect(repeatFromRule('FREQ=DAILY', '')).toMatchObject({
      kind: 'custom',
      custom: 'FREQ=DAILY',
    });
  });
});
