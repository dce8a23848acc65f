import { describe, expect, it } from 'vitest';
import { asRunLines, exportRange } from './as-run-model';

const entry = (kind: 'programme' | 'filler' | 'slate', start: string, end: string, title = '') => ({
  id: `${kind}-${start}`,
  kind,
  title,
  start,
  end,
});

describe('asRunLines', () => {
  it('reads each entry in the channel’s zone, to the second, with its kind and length', () => {
    const lines = asRunLines(
      [
        entry('programme', '2031-01-06 17:00:00.000Z', '2031-01-06 17:00:12.000Z', 'Evening news'),
        entry('filler', '2031-01-06 17:00:12.000Z', '2031-01-06 17:00:18.000Z', ''),
        entry('slate', '2031-01-06 17:00:18.000Z', '2031-01-06 18:02:00.000Z', 'ignored'),
      ],
      'America/New_York',
    );
    expect(lines).toEqual([
      {
        id: 'programme-2031-01-06 17:00:00.000Z',
        kind: 'programme',
        kindLabel: 'Programme',
        title: 'Evening news',
        date: '2031-01-06',
        times: '12:00:00–12:00:12',
        duration: '0:12',
      },
      expect.objectContaining({ kindLabel: 'Filler', title: 'A show that is gone' }),
      expect.objectContaining({
        kindLabel: 'Slate',
        title: '',
        times: '12:00:18–13:02:00',
        duration: '1:01:42',
      }),
    ]);
  });
});

describe('exportRange', () => {
  it('asks for whole local days, the last one included', () => {
    expect(exportRange('2031-01-06', '2031-01-07', 'America/New_York')).toEqual({
      from: '2031-01-06T05:00:00.000Z',
      to: '2031-01-08T05:00:00.000Z',
    });
    // A 23-hour day (the spring change) is still one day.
    expect(exportRange('2031-03-09', '2031-03-09', 'America/New_York')).toEqual({
      from: '2031-03-09T05:00:00.000Z',
      to: '2031-03-10T04:00:00.000Z',
    });
  });

  it('says what is wrong with a range it cannot ask for', () => {
    expect(exportRange('', '2031-01-07', 'UTC')).toEqual({
      error: 'Choose the first and last days.',
    });
    expect(exportRange('2031-01-07', '2031-01-06', 'UTC')).toEqual({
      error: 'The last day comes before the first.',
    });
    expect(exportRange('2031-01-01', '2031-01-31', 'UTC')).toHaveProperty('from');
    expect(exportRange('2031-01-01', '2031-02-01', 'UTC')).toEqual({
      error: 'A download covers at most 31 days.',
    });
  });
});
