import { describe, expect, it } from 'vitest';
import { m3uAttribute, m3uPlaylist } from './m3u-writer.js';

describe('m3uPlaylist', () => {
  it('names the guide in the header and writes one entry per channel', () => {
    const playlist = m3uPlaylist('https://tv.example.org/api/v1/feeds/station/xmltv.xml', [
      {
        tvgId: 'rctv-1.station.airgrid',
        number: 21,
        name: 'RCTV 1',
        logo: 'https://tv.example.org/api/files/channels/abc/logo.png',
        group: 'Station',
        streamUrl: 'https://cdn.example.org/rctv1.m3u8',
      },
      {
        tvgId: 'studio.station.airgrid',
        number: 0,
        name: 'Studio',
        logo: '',
        group: 'Station',
        streamUrl: 'https://cdn.example.org/studio.m3u8',
      },
    ]);
    expect(playlist).toBe(
      '#EXTM3U url-tvg="https://tv.example.org/api/v1/feeds/station/xmltv.xml" x-tvg-url="https://tv.example.org/api/v1/feeds/station/xmltv.xml"\n' +
        '#EXTINF:-1 tvg-id="rctv-1.station.airgrid" tvg-chno="21" tvg-name="RCTV 1" tvg-logo="https://tv.example.org/api/files/channels/abc/logo.png" group-title="Station",RCTV 1\n' +
        'https://cdn.example.org/rctv1.m3u8\n' +
        '#EXTINF:-1 tvg-id="studio.station.airgrid" tvg-name="Studio" group-title="Station",Studio\n' +
        'https://cdn.example.org/studio.m3u8\n',
    );
  });

  it('is only the header without channels', () => {
    expect(m3uPlaylist('https://h/x.xml', [])).toBe(
      '#EXTM3U url-tvg="https://h/x.xml" x-tvg-url="https://h/x.xml"\n',
    );
  });

  it('keeps quotes and line breaks from ending a value or an entry', () => {
    const playlist = m3uPlaylist('https://h/x.xml', [
      {
        tvgId: 'a.b.airgrid',
        number: 1,
        name: 'The "Best"\nChannel, really',
        logo: '',
        group: 'R&D "West"',
        streamUrl: 'https://h/s.m3u8',
      },
    ]);
    expect(playlist.split('\n')).toEqual([
      '#EXTM3U url-tvg="https://h/x.xml" x-tvg-url="https://h/x.xml"',
      `#EXTINF:-1 tvg-id="a.b.airgrid" tvg-chno="1" tvg-name="The 'Best' Channel, really" group-title="R&D 'West'",The "Best" Channel, really`,
      'https://h/s.m3u8',
      '',
    ]);
  });
});

describe('m3uAttribute', () => {
  it('replaces double quotes and line breaks', () => {
    expect(m3uAttribute(' a "b"\r\n c ')).toBe("a 'b' c");
  });
});
