import type { GuideChannel, GuideResponse, GuideShow, GuideTimeslot } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  airingText,
  channelLogoUrl,
  clockSetting,
  dayHeading,
  filterRows,
  guideDay,
  guideSource,
  isAiring,
  isIsoDate,
  programmeLabel,
  sameTimeOn,
  seasonEpisode,
  showThumbnailUrl,
  timeFormatter,
  timeRange,
  toRows,
  withHead,
} from './tvguide-model';

const NY = 'America/New_York';
const HOUR = 3_600_000;

function buildChannel(overrides: Partial<GuideChannel> = {}): GuideChannel {
  return {
    id: 'channel1aaaaaaa',
    name: 'RCTV 1',
    number: 1,
    slug: 'rctv-1',
    logo: '',
    color: '',
    timeZone: NY,
    public: true,
    ...overrides,
  };
}

function buildShow(overrides: Partial<GuideShow> = {}): GuideShow {
  return {
    id: 'show1aaaaaaaaaa',
    title: 'Evening News',
    subtitle: '',
    description: '',
    category: 'News',
    rating: 'TV-G',
    durationSec: 3600,
    thumbnail: '',
    season: 0,
    episode: 0,
    ...overrides,
  };
}

function buildTimeslot(overrides: Partial<GuideTimeslot> = {}): GuideTimeslot {
  return {
    id: 'slot1aaaaaaaaaa',
    channel: 'channel1aaaaaaa',
    start: '2026-03-10 23:00:00.000Z',
    end: '2026-03-11 00:00:00.000Z',
    durationSec: 3600,
    show: buildShow(),
    ...overrides,
  };
}

describe('a day of the guide', () => {
  it('runs from local midnight to local midnight in the station zone', () => {
    const day = guideDay('2026-03-10', NY);
    expect(new Date(day.from).toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(new Date(day.to).toISOString()).toBe('2026-03-11T04:00:00.000Z');
    expect(day.columns).toBe(96);
  });

  it('has 92 columns on the 23-hour day the clocks go forward', () => {
    const day = guideDay('2026-03-08', NY);
    expect(day.to - day.from).toBe(23 * HOUR);
    expect(day.columns).toBe(92);
  });

  it('has 100 columns on the 25-hour day the clocks go back', () => {
    const day = guideDay('2026-11-01', NY);
    expect(day.to - day.from).toBe(25 * HOUR);
    expect(day.columns).toBe(100);
  });

  it('is a whole UTC day in UTC and starts at a :30 offset in India', () => {
    const utc = guideDay('2026-03-10', 'UTC');
    expect(new Date(utc.from).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    const india = guideDay('2026-03-10', 'Asia/Kolkata');
    expect(new Date(india.from).toISOString()).toBe('2026-03-09T18:30:00.000Z');
    expect(india.columns).toBe(96);
  });

  it('opens another day at the wall-clock time it is now, and today at now', () => {
    const now = Date.parse('2026-03-10T23:20:00Z'); // 7:20 PM in New York
    expect(sameTimeOn('2026-03-10', NY, now)).toBe(now);
    expect(new Date(sameTimeOn('2026-03-12', NY, now)).toISOString()).toBe(
      '2026-03-12T23:20:00.000Z',
    );
    // Across the spring change: 7:20 PM EDT is an hour earlier in UTC.
    expect(
      new Date(sameTimeOn('2026-03-07', NY, Date.parse('2026-03-09T23:20:00Z'))).toISOString(),
    ).toBe('2026-03-08T00:20:00.000Z');
  });

  it('accepts only real dates written YYYY-MM-DD', () => {
    expect(isIsoDate('2026-03-10')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('03/10/2026')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('heads a day with its weekday and US date', () => {
    expect(dayHeading('2026-03-10')).toBe('Tuesday 03/10/2026');
    expect(dayHeading('2026-11-01')).toBe('Sunday 11/01/2026');
  });
});

describe("the user's clock", () => {
  it('is 12-hour unless the localization setting says 24', () => {
    expect(clockSetting(null)).toBe('12h');
    expect(clockSetting({})).toBe('12h');
    expect(clockSetting({ settings: { localization: { clock: '12h' } } })).toBe('12h');
    expect(clockSetting({ settings: { localization: { clock: '24h' } } })).toBe('24h');
    expect(clockSetting({ settings: { localization: { clock: 'sundial' } } })).toBe('12h');
  });
});

describe('the rows', () => {
  const guide: GuideResponse = {
    organization: {
      id: 'org',
      slug: 'riverside',
      name: 'Riverside',
      timeZone: NY,
      logo: '',
      accentColor: '',
    },
    from: '2026-03-10 04:00:00.000Z',
    to: '2026-03-11 04:00:00.000Z',
    channels: [
      buildChannel({ id: 'b', name: 'Second', number: 2 }),
      buildChannel({ id: 'a', name: 'First', number: 1 }),
      buildChannel({ id: 'c', name: 'Empty', number: 3 }),
    ],
    timeslots: [
      buildTimeslot({ id: 't2', channel: 'a', start: '2026-03-10 06:00:00.000Z' }),
      buildTimeslot({ id: 't1', channel: 'a', start: '2026-03-10 05:00:00.000Z' }),
      buildTimeslot({
        id: 't3',
        channel: 'b',
        start: '2026-03-10 03:30:00.000Z',
        durationSec: 5400,
      }),
      buildTimeslot({ id: 'stray', channel: 'elsewhere' }),
      buildTimeslot({ id: 'bad', channel: 'a', start: 'not a date' }),
    ],
  };
  const rows = toRows(guide);

  it('keeps the channel order of the answer, with programmes by start', () => {
    expect(rows.map((row) => row.channel.id)).toEqual(['b', 'a', 'c']);
    expect(rows[1]?.programmes.map((programme) => programme.id)).toEqual(['t1', 't2']);
    expect(rows[2]?.programmes).toEqual([]);
  });

  it('turns record dates into instants and ends', () => {
    expect(rows[0]?.programmes[0]).toMatchObject({
      id: 't3',
      start: Date.parse('2026-03-10T03:30:00Z'),
      end: Date.parse('2026-03-10T05:00:00Z'),
    });
  });

  it('drops timeslots of channels it does not list, and unreadable dates', () => {
    const ids = rows.flatMap((row) => row.programmes.map((programme) => programme.id));
    expect(ids).not.toContain('stray');
    expect(ids).not.toContain('bad');
  });

  it('shows every channel while only the first ones have arrived, the rest pending', () => {
    const head: GuideResponse = {
      ...guide,
      channels: [guide.channels[0] as GuideChannel],
      timeslots: guide.timeslots.filter((slot) => slot.channel === 'b'),
    };
    const partial = withHead(guide.channels, head);
    expect(partial.map((row) => [row.channel.id, row.pending ?? false])).toEqual([
      ['b', false],
      ['a', true],
      ['c', true],
    ]);
    expect(partial[0]?.programmes.map((programme) => programme.id)).toEqual(['t3']);
    expect(partial[1]?.programmes).toEqual([]);
  });

  it('keeps all rows with no filter, else the picked ones in guide order', () => {
    expect(filterRows(rows, []).map((row) => row.channel.id)).toEqual(['b', 'a', 'c']);
    expect(filterRows(rows, ['c', 'b']).map((row) => row.channel.id)).toEqual(['b', 'c']);
    expect(filterRows(rows, ['gone'])).toEqual([]);
  });
});

describe('what is on now', () => {
  it('includes the start and excludes the end', () => {
    const programme = { start: 1000, end: 2000 };
    expect(isAiring(programme, 999)).toBe(false);
    expect(isAiring(programme, 1000)).toBe(true);
    expect(isAiring(programme, 1999)).toBe(true);
    expect(isAiring(programme, 2000)).toBe(false);
  });
});

describe('the words', () => {
  const start = Date.parse('2026-03-10T23:00:00Z'); // 7:00 PM in New York
  const programme = {
    id: 'slot',
    channel: 'channel',
    start,
    end: start + HOUR,
    durationSec: 3600,
    show: buildShow(),
  };

  it('formats times on the station clock, 12- or 24-hour, remembering what it wrote', () => {
    const twelve = timeFormatter(NY, '12h');
    expect(twelve(start)).toBe('7:00 PM');
    expect(twelve(start)).toBe('7:00 PM');
    expect(timeFormatter(NY, '24h')(start)).toBe('19:00');
    expect(timeRange(programme, twelve)).toBe('7:00 PM – 8:00 PM');
  });

  it('labels a programme for screen readers with title, times and channel', () => {
    const format = timeFormatter(NY, '12h');
    expect(programmeLabel(programme, 'RCTV 1', format, start - 1)).toBe(
      'Evening News, 7:00 PM to 8:00 PM, RCTV 1',
    );
    expect(programmeLabel(programme, 'RCTV 1', format, start)).toBe(
      'Evening News, 7:00 PM to 8:00 PM, RCTV 1, on now',
    );
  });

  it('says season and episode when the show has them', () => {
    expect(seasonEpisode({ season: 3, episode: 12 })).toBe('Season 3, episode 12');
    expect(seasonEpisode({ season: 2, episode: 0 })).toBe('Season 2');
    expect(seasonEpisode({ season: 0, episode: 4 })).toBe('Episode 4');
    expect(seasonEpisode({ season: 0, episode: 0 })).toBe('');
  });

  it('says when a programme airs, with the end date when it runs past midnight', () => {
    const format = timeFormatter(NY, '12h');
    expect(airingText(programme, NY, format)).toBe('Tuesday 03/10/2026, 7:00 PM – 8:00 PM');
    const late = {
      start: Date.parse('2026-03-11T03:30:00Z'),
      end: Date.parse('2026-03-11T05:00:00Z'),
    };
    expect(airingText(late, NY, format)).toBe('Tuesday 03/10/2026, 11:30 PM – 03/11/2026 1:00 AM');
  });

  it('serves logos and thumbnails through the files API, and nothing for none', () => {
    expect(channelLogoUrl({ id: 'c1', logo: 'logo_ab12.png' })).toBe(
      '/api/files/channels/c1/logo_ab12.png',
    );
    expect(channelLogoUrl({ id: 'c1', logo: '' })).toBeNull();
    expect(showThumbnailUrl({ id: 's1', thumbnail: 'thumb.jpg' })).toBe(
      '/api/files/shows/s1/thumb.jpg',
    );
    expect(showThumbnailUrl({ id: 's1', thumbnail: '' })).toBeNull();
  });
});

describe('whose guide the page shows', () => {
  it('follows a link that names an organization, signed in or not', () => {
    expect(guideSource('riverside', 'own-org', null)).toEqual({
      kind: 'named',
      organization: 'riverside',
    });
    expect(guideSource(' riverside ', '', 'other')).toEqual({
      kind: 'named',
      organization: 'riverside',
    });
  });

  it("shows a member their own organization's guide", () => {
    expect(guideSource(null, 'own-org', 'riverside')).toEqual({ kind: 'own' });
    expect(guideSource('', 'own-org', null)).toEqual({ kind: 'own' });
  });

  it("shows anyone else the deployment's only station, or asks for the link", () => {
    expect(guideSource(null, '', 'riverside')).toEqual({
      kind: 'public',
      organization: 'riverside',
    });
    expect(guideSource(null, '', null)).toEqual({ kind: 'unknown' });
  });
});
