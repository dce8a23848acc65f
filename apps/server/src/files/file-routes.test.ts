import { describe, expect, it } from 'vitest';
import { parseRange, servedContentType } from './file-routes.js';

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=90-500', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=0-0', 1, { start: 0, end: 0 }],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it.each([
    ['bytes=100-', 100],
    ['bytes=5-3', 100],
    ['bytes=-0', 100],
    ['bytes=-', 100],
    ['bytes=a-b', 100],
    ['items=0-1', 100],
    ['bytes=0-', 0],
  ])('%s of %i bytes is unsatisfiable', (header, size) => {
    expect(parseRange(header, size)).toBe('unsatisfiable');
  });

  it('serves the whole file for several ranges', () => {
    expect(parseRange('bytes=0-1, 5-6', 100)).toBeNull();
  });
});

describe('servedContentType', () => {
  it('never serves a type a browser would run, whatever the name or the sniffed type', () => {
    for (const [key, stored] of [
      ['a/b/player_abc.js', 'text/plain'],
      ['a/b/player_abc.mjs', 'text/plain'],
      ['a/b/style_abc.css', 'text/plain'],
      ['a/b/page_abc.html', 'text/html'],
      ['a/b/page_abc.txt', 'text/javascript'],
      ['a/b/page_abc.txt', 'application/javascript; charset=utf-8'],
      ['a/b/page_abc.xhtml', 'application/xhtml+xml'],
      ['a/b/feed_abc.xml', 'application/xml'],
      ['a/b/mod_abc.wasm', 'application/wasm'],
    ]) {
      expect(['text/plain', 'application/octet-stream']).toContain(
        servedContentType(key ?? '', stored ?? ''),
      );
    }
  });

  it('keeps media, images and office documents as they are', () => {
    expect(servedContentType('a/b/clip.mp4', 'video/mp4')).toBe('video/mp4');
    expect(servedContentType('a/b/logo.svg', 'text/plain')).toBe('image/svg+xml');
    expect(servedContentType('a/b/sheet.xlsx', 'application/zip')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });
});
