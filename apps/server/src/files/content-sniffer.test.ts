import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseMime, mimeAllowed } from '../records/mime-types.js';
import { isSvg, sniffContent } from './content-sniffer.js';

// What a file is, from its bytes: the client's Content-Type plays no part.

async function raster(format: 'png' | 'jpeg' | 'gif' | 'webp') {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
    .toFormat(format)
    .toBuffer();
}

describe('sniffContent', () => {
  it('recognizes the image formats by their magic numbers', async () => {
    expect(await sniffContent(await raster('png'))).toEqual({ mime: 'image/png', ext: '.png' });
    expect(await sniffContent(await raster('jpeg'))).toEqual({ mime: 'image/jpeg', ext: '.jpg' });
    expect(await sniffContent(await raster('gif'))).toEqual({ mime: 'image/gif', ext: '.gif' });
    expect(await sniffContent(await raster('webp'))).toEqual({ mime: 'image/webp', ext: '.webp' });
  });

  it('recognizes a PDF whatever it is called', async () => {
    expect(await sniffContent(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toMatchObject({
      mime: 'application/pdf',
    });
  });

  it('recognizes SVG as text, with or without an XML declaration, comments or a doctype', async () => {
    const svgs = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      '\uFEFF<!-- drawn by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg></svg>',
      '  <SVG viewBox="0 0 10 10">',
    ];
    for (const text of svgs) {
      expect(await sniffContent(Buffer.from(text)), text).toEqual({
        mime: 'image/svg+xml',
        ext: '.svg',
      });
    }
  });

  it('does not take text that merely mentions <svg for an SVG', async () => {
    expect(await sniffContent(Buffer.from('<html><body><svg></svg></body></html>'))).toMatchObject({
      mime: 'text/plain; charset=utf-8',
    });
    expect(await sniffContent(Buffer.from('<?xml version="1.0"?><feed/>'))).toMatchObject({
      mime: 'application/xml',
    });
    expect(await sniffContent(Buffer.from('plain words about <svg> tags'))).toMatchObject({
      mime: 'text/plain; charset=utf-8',
    });
  });

  it('calls UTF-8 text text, and unknown binary octet-stream', async () => {
    expect(await sniffContent(Buffer.from('Show notes\n\nHéllo'))).toEqual({
      mime: 'text/plain; charset=utf-8',
      ext: '.txt',
    });
    expect(await sniffContent(Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHi'))).toEqual({
      mime: 'text/vtt',
      ext: '.vtt',
    });
    // A character cut at the end of the sample is still text.
    expect(await sniffContent(Buffer.from('é', 'utf8').subarray(0, 1))).toMatchObject({
      mime: 'text/plain; charset=utf-8',
    });
    expect(await sniffContent(Buffer.from([0, 1, 2, 3, 255, 254]))).toEqual({
      mime: 'application/octet-stream',
      ext: '',
    });
    expect(await sniffContent(Buffer.alloc(0))).toMatchObject({ mime: 'application/octet-stream' });
  });
});

describe('isSvg', () => {
  it('needs svg as the root element', () => {
    expect(isSvg('<svg/>')).toBe(true);
    expect(isSvg('<svgx/>')).toBe(false);
    expect(isSvg('<div><svg/></div>')).toBe(false);
  });
});

describe('mimeAllowed', () => {
  it('compares base types, reads image/jpg as image/jpeg and understands type/*', () => {
    expect(mimeAllowed('image/png', ['image/png'])).toBe(true);
    expect(mimeAllowed('IMAGE/PNG', ['image/png'])).toBe(true);
    expect(mimeAllowed('image/jpeg', ['image/jpg'])).toBe(true);
    expect(mimeAllowed('text/plain; charset=utf-8', ['text/plain'])).toBe(true);
    expect(mimeAllowed('video/mp4', ['video/*'])).toBe(true);
    expect(mimeAllowed('application/pdf', ['image/*', 'image/png'])).toBe(false);
    expect(baseMime('image/svg+xml; charset=utf-8')).toBe('image/svg+xml');
  });
});
