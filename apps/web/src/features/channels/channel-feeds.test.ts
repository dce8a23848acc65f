import { describe, expect, it } from 'vitest';
import { feedUrls, imageFileProblem, imageHint, imageSizeProblem } from './channel-feeds';

describe('feedUrls', () => {
  it('gives the XMLTV, M3U and iCalendar addresses of PRODUCT.md', () => {
    expect(feedUrls('https://tv.example.org/', 'riverside', 'channel-2').map((f) => f.url)).toEqual(
      [
        'https://tv.example.org/api/v1/feeds/riverside/xmltv.xml',
        'https://tv.example.org/api/v1/feeds/riverside/channels.m3u',
        'https://tv.example.org/api/v1/feeds/riverside/channel-2.ics',
      ],
    );
  });

  it('gives a private channel no calendar: the server answers it with 404', () => {
    expect(
      feedUrls('https://tv.example.org', 'riverside', 'channel-2', false).map((f) => f.url),
    ).toEqual([
      'https://tv.example.org/api/v1/feeds/riverside/xmltv.xml',
      'https://tv.example.org/api/v1/feeds/riverside/channels.m3u',
    ]);
  });
});

describe('channel image limits', () => {
  const png = (size: number) => ({ name: 'logo.png', type: 'image/png', size });

  it('hints the seed words with each field’s pixel limit', () => {
    expect(imageHint('logo')).toBe('SVG, PNG, JPG or GIF (max, 800 X 800px)');
    expect(imageHint('bumperImage')).toBe('SVG, PNG, JPG or GIF (max, 3840 X 2160px)');
  });

  it('refuses other types and files over the field’s byte limit', () => {
    expect(imageFileProblem('logo', { name: 'a.webp', type: 'image/webp', size: 10 })).toBe(
      '"a.webp" is of type image/webp: only SVG, PNG, JPG or GIF files are allowed.',
    );
    expect(imageFileProblem('logo', png(6 * 1024 * 1024))).toBe(
      '"logo.png" is larger than the 5 MB allowed.',
    );
    expect(imageFileProblem('bumperImage', png(6 * 1024 * 1024))).toBeNull();
  });

  it('reads a real File, whose name and type are getters', () => {
    const logo = new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' });
    expect(imageFileProblem('logo', logo)).toBeNull();
    const webp = new File([new Uint8Array(10)], 'a.webp', { type: 'image/webp' });
    expect(imageFileProblem('bumperImage', webp)).toBe(
      '"a.webp" is of type image/webp: only SVG, PNG, JPG or GIF files are allowed.',
    );
  });

  it('refuses images larger than the field allows', () => {
    expect(imageSizeProblem('logo', png(10), { width: 801, height: 600 })).toBe(
      'The image must be at most 800 × 800 px (this one is 801 × 600).',
    );
    expect(imageSizeProblem('bumperImage', png(10), { width: 1920, height: 1080 })).toBeNull();
    expect(imageSizeProblem('logo', png(10), 'unreadable')).toBe(
      '"logo.png" cannot be read as an image.',
    );
  });
});
