import { describe, expect, it } from 'vitest';
import { fileUrl, xmltvChannelId } from './feed-urls.js';
import {
  ratingSystem,
  XMLTV_FOOTER,
  type XmltvProgrammeDetails,
  xmltvChannel,
  xmltvHeader,
  xmltvProgramme,
  xmltvProgrammeChildren,
} from './xmltv-writer.js';

/** A programme at noon on 1 December in New York, with the given details. */
function programme(overrides: Partial<XmltvProgrammeDetails> = {}): string {
  const airing = {
    channel: 'rctv-1.station.airgrid',
    start: '20261201120000 -0500',
    stop: '20261201130000 -0500',
  };
  return xmltvProgramme(airing, xmltvProgrammeChildren({ ...details(), ...overrides }));
}

function details(): XmltvProgrammeDetails {
  return {
    title: 'Council Meeting',
    subTitle: '',
    desc: '',
    category: '',
    icon: '',
    season: 0,
    episode: 0,
    rating: '',
  };
}

describe('xmltvHeader and footer', () => {
  it('open with the declaration and <tv>, and close </tv>', () => {
    const header = xmltvHeader({
      generatorName: 'Airgrid',
      generatorUrl: 'https://tv.example.org',
      sourceName: 'R&D "TV"',
      sourceUrl: 'https://tv.example.org',
    });
    expect(header).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<tv source-info-url="https://tv.example.org" source-info-name="R&amp;D &quot;TV&quot;"' +
        ' generator-info-name="Airgrid" generator-info-url="https://tv.example.org">\n',
    );
    expect(XMLTV_FOOTER).toBe('</tv>\n');
  });
});

describe('xmltvChannel', () => {
  it('writes the id, every display name and the icon', () => {
    expect(
      xmltvChannel({
        id: xmltvChannelId('rctv-1', 'station'),
        displayNames: ['RCTV <1>', '21'],
        icon: fileUrl('https://tv.example.org', 'channels', 'abc', 'logo a&b.png'),
      }),
    ).toBe(
      '  <channel id="rctv-1.station.airgrid">\n' +
        '    <display-name>RCTV &lt;1&gt;</display-name>\n' +
        '    <display-name>21</display-name>\n' +
        '    <icon src="https://tv.example.org/api/files/channels/abc/logo%20a%26b.png"/>\n' +
        '  </channel>\n',
    );
  });

  it('leaves out empty names and a missing icon, but always keeps one name', () => {
    expect(xmltvChannel({ id: 'a.b.airgrid', displayNames: ['Name', ''], icon: '' })).toBe(
      '  <channel id="a.b.airgrid">\n    <display-name>Name</display-name>\n  </channel>\n',
    );
    expect(xmltvChannel({ id: 'a.b.airgrid', displayNames: ['  '], icon: '' })).toContain(
      '<display-name>a.b.airgrid</display-name>',
    );
  });
});

describe('xmltvProgramme', () => {
  it('writes only the title when nothing else is known', () => {
    expect(programme()).toBe(
      '  <programme start="20261201120000 -0500" stop="20261201130000 -0500" channel="rctv-1.station.airgrid">\n' +
        '    <title>Council Meeting</title>\n' +
        '  </programme>\n',
    );
  });

  it("writes every child in the DTD's order", () => {
    const xml = programme({
      title: 'Tom & Jerry',
      subTitle: 'The <Chase>',
      desc: 'Line one\nline "two"',
      category: 'Kids',
      icon: 'https://tv.example.org/api/files/shows/s1/t.png',
      season: 2,
      episode: 1,
      rating: 'TV-Y7',
    });
    expect(xml).toBe(
      '  <programme start="20261201120000 -0500" stop="20261201130000 -0500" channel="rctv-1.station.airgrid">\n' +
        '    <title>Tom &amp; Jerry</title>\n' +
        '    <sub-title>The &lt;Chase&gt;</sub-title>\n' +
        '    <desc>Line one line &quot;two&quot;</desc>\n' +
        '    <category>Kids</category>\n' +
        '    <icon src="https://tv.example.org/api/files/shows/s1/t.png"/>\n' +
        '    <episode-num system="xmltv_ns">1.0.0/1</episode-num>\n' +
        '    <episode-num system="onscreen">S02E01</episode-num>\n' +
        '    <rating system="VCHIP"><value>TV-Y7</value></rating>\n' +
        '  </programme>\n',
    );
  });

  it('keeps the required title element even when the title is empty', () => {
    expect(programme({ title: '' })).toContain('<title></title>');
  });

  it('writes only onscreen for a show without a season', () => {
    const xml = programme({ season: 0, episode: 5 });
    expect(xml).not.toContain('xmltv_ns');
    expect(xml).toContain('<episode-num system="onscreen">E05</episode-num>');
  });
});

describe('ratingSystem', () => {
  it('tells V-chip and MPAA ratings apart, and names no system for others', () => {
    expect(ratingSystem('TV-PG')).toBe('VCHIP');
    expect(ratingSystem('tv-ma')).toBe('VCHIP');
    expect(ratingSystem('TV-Y7-FV')).toBe('VCHIP');
    expect(ratingSystem('PG-13')).toBe('MPAA');
    expect(ratingSystem('NC-17')).toBe('MPAA');
    expect(ratingSystem('12A')).toBe('');
    expect(ratingSystem('')).toBe('');
  });
});
