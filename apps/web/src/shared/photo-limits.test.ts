import { describe, expect, it } from 'vitest';
import { PHOTO_ACCEPT, PHOTO_HINT, photoFileProblem, photoImageProblem } from './photo-limits';

const png = { name: 'me.png', type: 'image/png', size: 20_000 };

describe('the photo hint and accepted types', () => {
  it('are the seed text and the avatar field types', () => {
    expect(PHOTO_HINT).toBe('SVG, PNG, JPG or GIF (max, 800 X 800px)');
    expect(PHOTO_ACCEPT).toBe('image/svg+xml,image/png,image/jpeg,image/gif');
  });
});

describe('photoFileProblem', () => {
  it('accepts SVG, PNG, JPG and GIF', () => {
    for (const type of ['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif']) {
      expect(photoFileProblem({ ...png, type }), type).toBeNull();
    }
  });

  it('refuses other types, naming the file and what is allowed', () => {
    expect(photoFileProblem({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe(
      '"notes.txt" is of type text/plain: only SVG, PNG, JPG or GIF files are allowed.',
    );
    expect(photoFileProblem({ name: 'me.webp', type: 'image/webp', size: 10 })).toBe(
      '"me.webp" is of type image/webp: only SVG, PNG, JPG or GIF files are allowed.',
    );
    expect(photoFileProblem({ name: 'mystery', type: '', size: 10 })).toBe(
      '"mystery" is of an unknown type: only SVG, PNG, JPG or GIF files are allowed.',
    );
  });

  it('refuses a file over the 5 MB the avatar field allows', () => {
    expect(photoFileProblem({ ...png, size: 5 * 1024 * 1024 })).toBeNull();
    expect(photoFileProblem({ ...png, size: 5 * 1024 * 1024 + 1 })).toBe(
      '"me.png" is larger than the 5 MB allowed.',
    );
  });
});

describe('photoImageProblem', () => {
  it('accepts up to 800 × 800 px', () => {
    expect(photoImageProblem(png, { width: 800, height: 800 })).toBeNull();
    expect(photoImageProblem(png, { width: 1, height: 1 })).toBeNull();
  });

  it('refuses a larger image in the server’s words', () => {
    expect(photoImageProblem(png, { width: 900, height: 900 })).toBe(
      'The image must be at most 800 × 800 px (this one is 900 × 900).',
    );
    expect(photoImageProblem(png, { width: 801, height: 10 })).toBe(
      'The image must be at most 800 × 800 px (this one is 801 × 10).',
    );
  });

  it('refuses a raster file the browser cannot read', () => {
    expect(photoImageProblem(png, 'unreadable')).toBe('"me.png" cannot be read as an image.');
  });

  it('leaves an SVG without a size to the server', () => {
    const svg = { name: 'logo.svg', type: 'image/svg+xml', size: 300 };
    expect(photoImageProblem(svg, null)).toBeNull();
    expect(photoImageProblem(svg, 'unreadable')).toBeNull();
    expect(photoImageProblem(svg, { width: 1000, height: 200 })).toBe(
      'The image must be at most 800 × 800 px (this one is 1000 × 200).',
    );
  });
});
