import type { GuideChannel, GuideResponse, GuideShow, GuideTimeslot } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  airingText,
  channelListing,
  channelLogoUrl,
  clockSetting,
  dayHeading,
  filterRows,
  GUIDE_STEP_MS,
  type GuideProgramme,
  guideDay,
  guideSource,
  isAiring,
  isIsoDate,
  programmeLabel,
  progressAt,
  sameTimeOn,
  seasonEpisode,
  showThumbnailUrl,
  stepView,
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
    descriptions: '',
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

describe('stepView (Earlier and Later)', () => {
  const H = 3_600_000;
  const day = { from: 0, to: 24 * H };

  it('moves two hours inside the day', () => {
    expect(stepView(10 * H, 13 * H, day, GUIDE_STEP_MS)).toEqual({ at: 12 * H, day: 0 });
    expect(stepView(10 * H, 13 * H, day, -GUIDE_STEP_MS)).toEqual({ at: 8 * H, day: 0 });
  });

  it('stops at the start of the day first, then goes into the evening before', () => {
    expect(stepView(1 * H, 4 * H, day, -GUIDE_STEP_MS)).toEqual({ at: 0, day: 0 });
    expect(stepView(0, 3 * H, day, -GUIDE_STEP_MS)).toEqual({ at: -2 * H, day: -1 });
  });

  it('stops at the end of the day first, then goes into the next morning', () => {
    expect(stepView(20 * H, 23 * H, day, GUIDE_STEP_MS)).toEqual({ at: 21 * H, day: 0 });
    expect(stepView(21 * H, 24 * H, day, GUIDE_STEP_MS)).toEqual({ at: 24 * H, day: 1 });
  });

  it('moves a single instant (the phone list) the same way', () => {
    expect(stepView(23 * H, 23 * H, day, GUIDE_STEP_MS)).toEqual({ at: 25 * H, day: 1 });
    expect(stepView(22 * H, 22 * H, day, GUIDE_STEP_MS)).toEqual({ at: 24 * H, day: 1 });
    expect(stepView(21 * H, 21 * H, day, GUIDE_STEP_MS)).toEqual({ at: 23 * H, day: 0 });
  });
});

describe('channelListing (the phone list)', () => {
  const M = 60_000;
  const programme = (id: string, startMin: number, minutes: number): GuideProgramme => ({
    id,
    channel: 'c',
    start: startMin * M,
    end: (startMin + minutes) * M,
    durationSec: minutes * 60,
    show: { title: id } as GuideShow,
  });
  const row = [
    programme('a', 0, 60),
    programme('b', 60, 30),
    programme('c', 90, 30),
    programme('d', 120, 60),
    programme('e', 240, 60),
  ];

  it('lists what is on, what is next and the two after', () => {
    const listing = channelListing(row, 70 * M);
    expect(listing.now?.id).toBe('b');
    expect(listing.next?.id).toBe('c');
    expect(listing.later.map((one) => one.id)).toEqual(['d', 'e']);
  });

  it('has nothing on in a gap, and lists what comes after it', () => {
    const listing = channelListing(row, 200 * M);
    expect(listing.now).toBeNull();
    expect(listing.next?.id).toBe('e');
    expect(listing.later).toEqual([]);
  });

  it('counts a programme from its start, up to but not including its end', () => {
    expect(channelListing(row, 60 * M).now?.id).toBe('b');
    expect(channelListing(row, 59 * M).now?.id).toBe('a');
  });

  it('has nothing next after the day’s last programme, and nothing at all on an empty row', () => {
    expect(channelListing(row, 250 * M)).toEqual({ now: row[4], next: null, later: [] });
    expect(channelListing([], 0)).toEqual({ now: null, next: null, later: [] });
  });

  it('takes the latest-starting programme where two overlap, and skips what starts inside it', () => {
    const overlapping = [
      programme('long', 0, 120),
      programme('short', 30, 30),
      programme('after', 120, 30),
    ];
    const listing = channelListing(overlapping, 40 * M);
    expect(listing.now?.id).toBe('short');
    expect(listing.next?.id).toBe('after');
  });

  it('says how far through a programme an instant is', () => {
    const one = programme('x', 0, 100);
    expect(progressAt(one, 25 * M)).toBe(0.25);
    expect(progressAt(one, -M)).toBe(0);
    expect(progressAt(one, 200 * M)).toBe(1);
  });
});
