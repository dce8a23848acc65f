import type { ChannelRecord } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  canManageChannels,
  channelFormValues,
  channelPayload,
  checkChannelForm,
  emptyListMessage,
  listedSource,
  newChannelValues,
  nextChannelNumber,
  playoutProfileLabel,
  playoutProfileOptions,
  sourceOptions,
  visibleChannels,
} from './channel-model';

describe('canManageChannels', () => {
  it('lets editors and above change channels', () => {
    expect(canManageChannels('owner')).toBe(true);
    expect(canManageChannels('admin')).toBe(true);
    expect(canManageChannels('editor')).toBe(true);
  });

  it('keeps producers, viewers and users without a role to reading', () => {
    expect(canManageChannels('producer')).toBe(false);
    expect(canManageChannels('viewer')).toBe(false);
    expect(canManageChannels('')).toBe(false);
    expect(canManageChannels(undefined)).toBe(false);
  });
});

describe('visibleChannels', () => {
  const list = [
    { name: 'Riverside One', slug: 'riverside-one', number: 1, archived: false },
    { name: 'Council Live', slug: 'council', number: 12, archived: false },
    { name: 'Old Feed', slug: 'old-feed', number: 9, archived: true },
  ];

  it('hides archived channels unless asked for', () => {
    expect(visibleChannels(list, '', false).map((c) => c.slug)).toEqual([
      'riverside-one',
      'council',
    ]);
    expect(visibleChannels(list, '', true)).toHaveLength(3);
  });

  it('searches name, slug and number, ignoring case and spaces around', () => {
    expect(visibleChannels(list, '  LIVE ', false).map((c) => c.slug)).toEqual(['council']);
    expect(visibleChannels(list, 'old-', true).map((c) => c.slug)).toEqual(['old-feed']);
    expect(visibleChannels(list, '12', false).map((c) => c.slug)).toEqual(['council']);
  });
});

describe('emptyListMessage', () => {
  it('says why the list is empty', () => {
    expect(emptyListMessage(0, '', false)).toBe('No channels yet.');
    expect(emptyListMessage(3, ' zzz ', false)).toBe('No channels match “zzz”.');
    expect(emptyListMessage(2, '', false)).toBe(
      'Every channel is archived: turn on Show archived to see them.',
    );
  });
});

describe('nextChannelNumber', () => {
  it('is one past the highest number in use', () => {
    expect(nextChannelNumber([])).toBe(1);
    expect(nextChannelNumber([{ number: 4 }, { number: 2 }])).toBe(5);
  });
});

describe('checkChannelForm', () => {
  const zones = ['America/New_York', 'UTC'];
  const valid = { ...newChannelValues('America/New_York'), name: 'Two', slug: 'two' };

  it('accepts a complete form', () => {
    expect(checkChannelForm(valid, zones)).toEqual({});
    expect(
      checkChannelForm(
        {
          ...valid,
          streamUrl: 'https://example.org/live.m3u8',
          color: '#12abEF',
          language: 'es-MX',
        },
        zones,
      ),
    ).toEqual({});
  });

  it('names each problem under its field', () => {
    expect(
      checkChannelForm(
        {
          ...valid,
          name: '  ',
          slug: 'Two Words',
          number: 1.5,
          timeZone: 'Mars/Olympus',
          streamUrl: 'rtmp://example.org/live',
          color: 'red',
          language: 'English',
        },
        zones,
      ),
    ).toEqual({
      language: 'Use a language code such as en or es-MX.',
      name: 'Give the channel a name.',
      slug: 'Use lower-case letters and digits, joined by single hyphens (e.g. channel-2).',
      number: 'The channel number must be a whole number from 0 to 99999.',
      timeZone: 'Mars/Olympus is not an IANA time zone, e.g. America/New_York.',
      streamUrl: 'The stream URL must start with http:// or https://.',
      color: 'Pick a colour, or write it as #rrggbb.',
    });
  });

  it('checks the stream URL only when the channel airs it', () => {
    const wrong = { ...valid, streamUrl: 'rtmp://example.org/live' };
    expect(checkChannelForm(wrong, zones)).toEqual({
      streamUrl: 'The stream URL must start with http:// or https://.',
    });
    expect(checkChannelForm({ ...wrong, source: 'playout' }, zones)).toEqual({});
    expect(checkChannelForm({ ...wrong, source: 'test-pattern' }, zones)).toEqual({});
  });

  it('names an unknown source or playout profile', () => {
    expect(
      checkChannelForm(
        {
          ...valid,
          source: 'satellite' as 'stream',
          playoutProfile: '4k',
        },
        zones,
      ),
    ).toEqual({
      source: 'Choose where the channel’s picture comes from.',
      playoutProfile: 'Choose one of the playout profiles.',
    });
    expect(checkChannelForm({ ...valid, source: 'playout', playoutProfile: '' }, zones)).toEqual(
      {},
    );
  });

  it('requires a slug and a time zone, and keeps numbers in range', () => {
    const errors = checkChannelForm({ ...valid, slug: '', timeZone: '', number: 100000 }, zones);
    expect(errors.slug).toBe('The slug is required: it names the channel in feed URLs.');
    expect(errors.timeZone).toBe('Choose the time zone the channel airs in.');
    expect(errors.number).toBe('The channel number must be a whole number from 0 to 99999.');
  });
});

describe('channelPayload', () => {
  it('trims text and sends an empty number as 0', () => {
    expect(
      channelPayload({
        ...newChannelValues('UTC'),
        name: ' Two ',
        slug: ' two ',
        number: '',
        language: ' es-MX ',
        streamUrl: ' https://x.org/a.m3u8 ',
      }),
    ).toEqual({
      name: 'Two',
      slug: 'two',
      number: 0,
      timeZone: 'UTC',
      language: 'es-MX',
      source: 'stream',
      streamUrl: 'https://x.org/a.m3u8',
      playoutProfile: '',
      public: true,
      color: '',
      description: '',
    });
  });

  it('sends the source and the playout profile as chosen', () => {
    const payload = channelPayload({
      ...newChannelValues('UTC'),
      source: 'playout',
      playoutProfile: '1080p25',
    });
    expect(payload.source).toBe('playout');
    expect(payload.playoutProfile).toBe('1080p25');
  });

  it('keeps a stream URL under another source, unless it is not an address', () => {
    const playout = { ...newChannelValues('UTC'), source: 'playout' as const };
    expect(channelPayload({ ...playout, streamUrl: ' https://x.org/a.m3u8 ' }).streamUrl).toBe(
      'https://x.org/a.m3u8',
    );
    expect(channelPayload({ ...playout, streamUrl: 'rtmp://x.org/live' }).streamUrl).toBe('');
    // Under Stream URL it is sent as typed: the form says what is wrong with it.
    expect(
      channelPayload({ ...playout, source: 'stream', streamUrl: 'rtmp://x.org/live' }).streamUrl,
    ).toBe('rtmp://x.org/live');
  });
});

describe('channelFormValues', () => {
  const record = {
    name: 'One',
    slug: 'one',
    number: 1,
    timeZone: 'UTC',
    language: '',
    streamUrl: 'https://x.org/a.m3u8',
    public: true,
    color: '',
    description: '',
  } as unknown as ChannelRecord;

  it('reads a channel from before sources as a stream URL with the default profile', () => {
    const values = channelFormValues({ ...record, source: '', playoutProfile: '' });
    expect(values.source).toBe('stream');
    expect(values.playoutProfile).toBe('');
    expect(values.streamUrl).toBe('https://x.org/a.m3u8');
  });

  it('reads the source and profile a channel has', () => {
    const values = channelFormValues({ ...record, source: 'playout', playoutProfile: '480p30' });
    expect(values).toMatchObject({ source: 'playout', playoutProfile: '480p30' });
  });
});

describe('the source choices', () => {
  it('offers the three sources with their names, and the profiles as people read them', () => {
    expect(sourceOptions().map((option) => [option.value, option.label])).toEqual([
      ['stream', 'Stream URL'],
      ['playout', 'Airgrid playout'],
      ['test-pattern', 'Test pattern'],
    ]);
    expect(playoutProfileLabel('720p30')).toBe('720p, 30 fps');
    expect(playoutProfileOptions().map((option) => option.label)).toEqual([
      '480p, 30 fps',
      '720p, 30 fps',
      '720p, 25 fps',
      '1080p, 30 fps',
      '1080p, 25 fps',
    ]);
  });

  it('says in the list what airs: the source, or None for a stream source without an address', () => {
    const id = 'c1';
    expect(listedSource({ id, source: '', streamUrl: 'https://x.org/a.m3u8' })).toEqual({
      label: 'Stream',
      airs: true,
    });
    expect(listedSource({ id, source: 'stream', streamUrl: '' })).toEqual({
      label: 'None',
      airs: false,
    });
    expect(listedSource({ id, source: 'playout', streamUrl: '' })).toEqual({
      label: 'Airgrid playout',
      airs: true,
    });
    expect(listedSource({ id, source: 'test-pattern', streamUrl: '' })).toEqual({
      label: 'Test pattern',
      airs: true,
    });
  });
});
