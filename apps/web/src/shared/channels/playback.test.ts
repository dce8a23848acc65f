import { describe, expect, it } from 'vitest';
import { alwaysOnAir, channelSource, playbackUrl } from './playback';

describe('channelSource', () => {
  it('reads an empty or unknown source as the stream URL', () => {
    expect(channelSource({ source: '' })).toBe('stream');
    expect(channelSource({})).toBe('stream');
    expect(channelSource({ source: null })).toBe('stream');
    expect(channelSource({ source: 'satellite' })).toBe('stream');
    expect(channelSource({ source: 'playout' })).toBe('playout');
    expect(channelSource({ source: 'test-pattern' })).toBe('test-pattern');
  });
});

describe('alwaysOnAir', () => {
  it('holds for Airgrid playout and the test pattern, not for a stream URL', () => {
    expect(alwaysOnAir({ source: 'playout' })).toBe(true);
    expect(alwaysOnAir({ source: 'test-pattern' })).toBe(true);
    expect(alwaysOnAir({ source: 'stream' })).toBe(false);
    expect(alwaysOnAir({ source: '' })).toBe(false);
  });
});

describe('playbackUrl', () => {
  const origin = 'https://tv.example.org';

  it('makes the playout playlist and the test pattern absolute on the server', () => {
    expect(
      playbackUrl({ id: 'abc', source: 'playout', streamUrl: 'https://x/y.m3u8' }, origin),
    ).toBe('https://tv.example.org/api/v1/channels/abc/live.m3u8');
    expect(playbackUrl({ id: 'abc', source: 'test-pattern' }, origin)).toBe(
      'https://tv.example.org/api/v1/streams/test-pattern/live.m3u8',
    );
  });

  it('keeps a stream URL as the station wrote it, trimmed, and is empty without one', () => {
    expect(
      playbackUrl(
        { id: 'abc', source: '', streamUrl: ' https://cdn.example.com/live.m3u8 ' },
        origin,
      ),
    ).toBe('https://cdn.example.com/live.m3u8');
    expect(playbackUrl({ id: 'abc', source: 'stream', streamUrl: '' }, origin)).toBe('');
    expect(playbackUrl({ id: 'abc' }, origin)).toBe('');
  });
});
