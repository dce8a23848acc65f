import { describe, expect, it } from 'vitest';
import {
  type AudienceReport,
  audienceHeatmap,
  audienceTable,
  type CampaignsReport,
  type CaptionsReport,
  campaignsTable,
  captionsTable,
  csvName,
  describeChange,
  formatShare,
  periodSearch,
  type RerunsReport,
  readPeriod,
  rerunsTable,
  summaryFigures,
  tableCsv,
} from './analytics-model';

const period = {
  from: '2026-03-01T05:00:00.000Z',
  to: '2026-03-31T04:00:00.000Z',
  timeZone: 'America/New_York',
};

const reruns = (airings: number, airtimeSec: number): RerunsReport => ({
  ...period,
  airings,
  airtimeSec,
  shows: [
    {
      show: 'a',
      title: 'Town Meeting, live',
      airings,
      airtimeSec,
      share: 1,
      channels: [{ channel: 'c', name: 'One', airings }],
      lastAiring: '2026-03-10T23:00:00.000Z',
      nextAiring: null,
    },
  ],
});
const captions = (share: number, airtimeSec = 3600): CaptionsReport => ({
  ...period,
  channels: [
    {
      channel: 'c',
      name: 'One',
      number: 1,
      language: 'en',
      airtimeSec,
      captionedSec: airtimeSec * share,
      share,
    },
  ],
  total: { airtimeSec, captionedSec: airtimeSec * share, share },
  uncaptioned: [],
});
const campaigns = (placedInPeriod: number): CampaignsReport => ({
  ...period,
  campaigns: [
    {
      campaign: 'x',
      name: 'Bakery',
      sponsorName: 'Bakery',
      status: 'booked',
      flightStart: '2026-03-01',
      flightEnd: '2026-03-31',
      goal: 10,
      placed: 8,
      shortfall: 2,
      delivered: 0.8,
      placedInPeriod,
      airedInPeriod: 1,
    },
  ],
});

describe('the period in the address', () => {
  it('reads a preset, a custom period, and says what is wrong with one', () => {
    const read = (query: string) => readPeriod(new URLSearchParams(query), '2026-03-10');
    expect(read('')).toEqual({
      preset: 'last-30-days',
      days: { from: '2026-02-09', to: '2026-03-10' },
      problem: null,
    });
    expect(read('range=last-month').days).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(read('range=nonsense').preset).toBe('last-30-days');
    expect(read('range=custom&from=2026-01-01&to=2026-01-31')).toEqual({
      preset: 'custom',
      days: { from: '2026-01-01', to: '2026-01-31' },
      problem: null,
    });
    expect(read('range=custom&from=2026-02-30&to=2026-03-01').problem).toBe(
      'The first day must be a date.',
    );
    expect(read('range=custom&from=2026-03-02&to=2026-03-01').problem).toBe(
      'The last day must be on or after the first day.',
    );
    expect(read('range=custom&from=2024-01-01&to=2026-03-01').problem).toBe(
      'Reports cover at most 400 days: choose a shorter period.',
    );
    expect(periodSearch('last-7-days')).toBe('range=last-7-days');
    expect(periodSearch('custom', { from: '2026-01-01', to: '2026-01-31' })).toBe(
      'range=custom&from=2026-01-01&to=2026-01-31',
    );
  });
});

describe('the summary', () => {
  it('gives each number its change from the previous period', () => {
    const figures = summaryFigures(
      { reruns: reruns(15, 7200), captions: captions(0.5), campaigns: campaigns(4) },
      { reruns: reruns(10, 7200), captions: captions(0.25), campaigns: campaigns(0) },
    );
    expect(figures.map((figure) => [figure.key, figure.value, figure.change])).toEqual([
      ['airings', '15', 'up 50% on the previous period'],
      ['airtime', '2:00', 'the same as the previous period'],
      ['shows', '1', 'the same as the previous period'],
      ['captioned', '50%', 'up 25 points on the previous period'],
      ['spots', '4', 'none in the previous period'],
    ]);
    expect(
      summaryFigures({ reruns: reruns(1, 60), captions: captions(0), campaigns: campaigns(0) })[0],
    ).toMatchObject({ change: null, direction: null });
    expect(
      describeChange(
        { current: 1, previous: 4, difference: -3, ratio: -0.75, direction: 'down' },
        'count',
      ),
    ).toBe('down 75% on the previous period');
  });

  it('writes shares as people read them', () => {
    expect(formatShare(0.5)).toBe('50%');
    expect(formatShare(1 / 3)).toBe('33.3%');
    expect(formatShare(0, 0)).toBe('—');
  });
});

describe('the tables and their CSV', () => {
  it('writes each report as the page shows it', () => {
    const table = rerunsTable(reruns(3, 5400));
    expect(table.rows).toEqual([
      ['Town Meeting, live', 3, '1:30', '100%', 'One (3)', 'Mar 10, 2026, 7:00 PM', '—'],
    ]);
    expect(tableCsv(table).split('\r\n')[1]).toBe(
      '"Town Meeting, live",3,1:30,100%,One (3),"Mar 10, 2026, 7:00 PM",—',
    );
    expect(captionsTable(captions(0.5)).rows.at(-1)).toEqual([
      'All channels',
      '',
      '1:00',
      '0:30',
      '50%',
    ]);
    expect(campaignsTable(campaigns(2)).rows[0]).toEqual([
      'Bakery',
      'Bakery',
      'booked',
      '2026-03-01 – 2026-03-31',
      10,
      8,
      2,
      '80%',
      2,
      1,
    ]);
    expect(csvName('reruns', { from: '2026-03-01', to: '2026-03-31' })).toBe(
      'reruns-2026-03-01-to-2026-03-31.csv',
    );
  });
});

describe('the audience', () => {
  const report = (groups: { key: string; label: string; views: number; watchSeconds: number }[]) =>
    ({
      from: '',
      to: '',
      by: 'weekday-hour',
      grain: '1h',
      timeZone: 'UTC',
      total: { views: 0, watchSeconds: 0, averageWatchSeconds: 0, peakConcurrent: 0 },
      groups: groups.map((group) => ({
        ...group,
        averageWatchSeconds: group.views > 0 ? Math.round(group.watchSeconds / group.views) : 0,
        peakConcurrent: 1,
      })),
      truncated: false,
    }) as AudienceReport;

  it('lists each group with its name, or what it is when it has none', () => {
    const table = audienceTable(
      report([
        { key: 'c1', label: 'Community One', views: 3, watchSeconds: 5400 },
        { key: '', label: '', views: 1, watchSeconds: 30 },
      ]),
      'Show',
      'Between programmes',
    );
    expect(table.columns).toEqual([
      'Show',
      'Views',
      'Watch time',
      'Average per view',
      'Peak viewers',
    ]);
    expect(table.rows).toEqual([
      ['Community One', 3, '1:30:00', '30:00', 1],
      ['Between programmes', 1, '0:30', '0:30', 1],
    ]);
  });

  it('lays watch time out by weekday and hour, and finds the busiest hour', () => {
    const heatmap = audienceHeatmap(
      report([
        { key: '1-18', label: '1-18', views: 2, watchSeconds: 600 },
        { key: '7-00', label: '7-00', views: 1, watchSeconds: 60 },
      ]),
    );
    expect(heatmap.values).toHaveLength(7);
    expect(heatmap.values[0]?.[18]).toBe(600);
    expect(heatmap.values[6]?.[0]).toBe(60);
    expect(heatmap.best).toEqual({ day: 0, hour: 18, value: 600 });
    expect(heatmap.table.rows[0]?.[0]).toBe('Mon');
    expect(heatmap.table.columns).toHaveLength(25);
  });
});
