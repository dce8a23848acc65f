import type { GuideResponse } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import { type CancelledTimeslot, cancelledBars, toChart, withCancelled } from './guide-chart';

const show = {
  id: 's1',
  title: 'Morning News',
  subtitle: '',
  description: '',
  category: 'News',
  rating: '',
  durationSec: 3600,
  thumbnail: '',
  season: 0,
  episode: 0,
  descriptions: '',
};

const guide: GuideResponse = {
  organization: {
    id: 'o1',
    slug: 'riverside',
    name: 'Riverside',
    timeZone: 'UTC',
    logo: '',
    accentColor: '',
  },
  from: '2026-03-10 00:00:00.000Z',
  to: '2026-03-11 00:00:00.000Z',
  channels: [
    {
      id: 'c1',
      name: 'RCTV 1',
      number: 1,
      slug: 'rctv-1',
      logo: '',
      color: '',
      timeZone: 'UTC',
      public: true,
    },
  ],
  timeslots: [
    {
      id: 't1',
      channel: 'c1',
      start: '2026-03-10 06:00:00.000Z',
      end: '2026-03-10 07:00:00.000Z',
      durationSec: 3600,
      show,
    },
    {
      id: 't2',
      channel: 'c1',
      start: '2026-03-10 07:00:00.000Z',
      end: '2026-03-10 07:30:00.000Z',
      durationSec: 1800,
      show: { ...show, id: 's2', title: 'Weather', category: '' },
    },
  ],
};

describe('toChart', () => {
  it('makes a row per channel and a bar per timeslot, labelled with the show', () => {
    const { rows, bars } = toChart(guide);
    expect(rows).toEqual([{ id: 'c1', label: 'RCTV 1', sublabel: 'Channel 1' }]);
    expect(bars).toEqual([
      {
        id: 't1',
        rowId: 'c1',
        start: Date.parse('2026-03-10T06:00:00Z'),
        durationSec: 3600,
        label: 'Morning News',
        category: 'News',
      },
      {
        id: 't2',
        rowId: 'c1',
        start: Date.parse('2026-03-10T07:00:00Z'),
        durationSec: 1800,
        label: 'Weather',
      },
    ]);
  });
});

describe('toChart, row colours', () => {
  it('passes a channel’s own colour to its row, and none when it has not chosen one', () => {
    const coloured = toChart({
      ...guide,
      channels: [{ ...(guide.channels[0] as GuideResponse['channels'][number]), color: '#1a3d6b' }],
    });
    expect(coloured.rows[0]?.color).toBe('#1a3d6b');
    expect(toChart(guide).rows[0]).not.toHaveProperty('color');
  });
});

describe('cancelledBars', () => {
  const slot: CancelledTimeslot = {
    id: 'x1',
    channel: 'c1',
    start: '2026-03-10 09:00:00.000Z',
    durationSec: 1800,
    expand: { show: { title: 'Council Meeting', category: 'Civic' } },
  };

  it('makes a cancelled, status-bearing bar of each, titled by its show', () => {
    expect(cancelledBars([slot], 'Cancelled', 'Untitled show')).toEqual([
      {
        id: 'x1',
        rowId: 'c1',
        start: Date.parse('2026-03-10T09:00:00Z'),
        durationSec: 1800,
        label: 'Council Meeting',
        category: 'Civic',
        cancelled: true,
        status: 'Cancelled',
      },
    ]);
  });

  it('names one whose show is gone, and leaves out one without a readable start', () => {
    const bars = cancelledBars(
      [
        { ...slot, id: 'x2', expand: {} },
        { ...slot, id: 'x3', start: 'soon' },
      ],
      'Cancelled',
      'Untitled show',
    );
    expect(bars.map((bar) => [bar.id, bar.label, bar.category])).toEqual([
      ['x2', 'Untitled show', undefined],
    ]);
  });
});

describe('withCancelled', () => {
  const { bars } = toChart(guide);
  const dropped = cancelledBars(
    [
      {
        id: 'x1',
        channel: 'c1',
        start: '2026-03-10 06:30:00.000Z',
        durationSec: 1800,
        expand: { show: { title: 'Gone' } },
      },
      {
        id: 't2',
        channel: 'c1',
        start: '2026-03-10 07:00:00.000Z',
        durationSec: 1800,
        expand: { show: { title: 'Weather' } },
      },
    ],
    'Cancelled',
    'Untitled show',
  );

  it('puts the cancelled bars among the guide’s in start order', () => {
    expect(withCancelled(bars, dropped.slice(0, 1)).map((bar) => bar.id)).toEqual([
      't1',
      'x1',
      't2',
    ]);
  });

  it('draws a timeslot both reads hold as the guide says (it is scheduled there)', () => {
    const merged = withCancelled(bars, dropped);
    expect(merged.filter((bar) => bar.id === 't2')).toEqual([bars[1]]);
  });

  it('returns the guide’s bars as they were when nothing is cancelled', () => {
    expect(withCancelled(bars, [])).toEqual(bars);
  });
});
