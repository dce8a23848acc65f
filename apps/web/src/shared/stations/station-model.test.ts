import type { GuideChannel, GuideTimeslot } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import { pickLiveChannel, resolveStation } from './station-model';

describe('resolveStation', () => {
  it('takes the path first, then the link, the channel, the member and the only station', () => {
    const all = {
      pathStation: 'path',
      linkStation: 'link',
      channelStation: 'channel',
      ownStation: 'own',
      singleStation: 'single',
    };
    expect(resolveStation(all)).toEqual({ key: 'path', source: 'path' });
    expect(resolveStation({ ...all, pathStation: undefined })).toEqual({
      key: 'link',
      source: 'link',
    });
    expect(resolveStation({ ...all, pathStation: undefined, linkStation: ' ' })).toEqual({
      key: 'channel',
      source: 'channel',
    });
    expect(resolveStation({ ownStation: 'own', singleStation: 'single' })).toEqual({
      key: 'own',
      source: 'own',
    });
    expect(resolveStation({ ownStation: '', singleStation: 'single' })).toEqual({
      key: 'single',
      source: 'single',
    });
  });

  it('knows no station when nothing names one', () => {
    expect(resolveStation({})).toBeNull();
    expect(resolveStation({ linkStation: '', singleStation: null })).toBeNull();
  });
});

function channel(id: string): GuideChannel {
  return {
    id,
    name: id,
    number: 1,
    slug: `${id}-slug`,
    logo: '',
    color: '',
    timeZone: 'UTC',
    public: true,
  };
}

function slot(channelId: string): GuideTimeslot {
  return {
    id: `slot-${channelId}`,
    channel: channelId,
    start: '2026-12-01 05:00:00.000Z',
    end: '2026-12-01 06:00:00.000Z',
    durationSec: 3600,
    show: {
      id: 's',
      title: 'Show',
      subtitle: '',
      description: '',
      category: '',
      rating: '',
      durationSec: 3600,
      thumbnail: '',
      season: 0,
      episode: 0,
      descriptions: '',
    },
  };
}

describe('pickLiveChannel', () => {
  it('opens the first channel with a programme on now', () => {
    expect(
      pickLiveChannel({
        channels: [channel('a'), channel('b'), channel('c')],
        timeslots: [slot('c'), slot('b')],
      }),
    ).toEqual({ id: 'b', slug: 'b-slug' });
  });

  it('falls back to the first channel, and to none', () => {
    expect(pickLiveChannel({ channels: [channel('a'), channel('b')], timeslots: [] })).toEqual({
      id: 'a',
      slug: 'a-slug',
    });
    expect(pickLiveChannel({ channels: [], timeslots: [] })).toBeNull();
  });
});
