import { describe, expect, it } from 'vitest';
import {
  canManageChannels,
  channelPayload,
  checkChannelForm,
  emptyListMessage,
  newChannelValues,
  nextChannelNumber,
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
      streamUrl: 'https://x.org/a.m3u8',
      public: true,
      color: '',
      description: '',
    });
  });
});
