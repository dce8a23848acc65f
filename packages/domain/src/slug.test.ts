import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugify } from './slug.js';

describe('slugify', () => {
  it('makes a lower-case, hyphenated slug', () => {
    expect(slugify('Riverside Community TV')).toBe('riverside-community-tv');
    expect(slugify('  Canal 7 — Éducation! ')).toBe('canal-7-education');
    expect(slugify('***')).toBe('');
  });

  it('always matches the server’s slug pattern or is empty', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const slug = slugify(name);
        expect(slug === '' || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)).toBe(true);
        expect(slug.length).toBeLessThanOrEqual(64);
      }),
    );
  });
});
