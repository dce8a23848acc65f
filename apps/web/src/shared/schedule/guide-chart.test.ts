import type { GuideResponse } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import { toChart } from './guide-chart';

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
