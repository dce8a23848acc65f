import { describe, expect, it } from 'vitest';
import {
  frameAncestorSources,
  MAX_ALLOWED_ORIGINS,
  parseAllowedOrigins,
  parseOrigin,
  withFrameAncestors,
} from './allowed-origins.js';

describe('parseOrigin', () => {
  it('accepts http(s)://host[:port], lower-cased and without a lone trailing slash', () => {
    expect(parseOrigin('https://www.example.org')).toBe('https://www.example.org');
    expect(parseOrigin('  HTTPS://WWW.Example.ORG/ ')).toBe('https://www.example.org');
    expect(parseOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(parseOrigin('https://*.example.org')).toBe('https://*.example.org');
    expect(parseOrigin('https://127.0.0.1:3000')).toBe('https://127.0.0.1:3000');
    expect(parseOrigin('https://xn--bcher-kva.example')).toBe('https://xn--bcher-kva.example');
  });

  it('refuses paths, queries, other schemes, bad ports and anything that could reach a header', () => {
    for (const text of [
      'https://www.example.org/widgets',
      'https://www.example.org?x=1',
      'https://www.example.org#top',
      'ftp://example.org',
      'www.example.org',
      'https://',
      'https://example.org:0',
      'https://example.org:65536',
      'https://user@example.org',
      'https://example.org; script-src *',
      "https://example.org 'unsafe-inline'",
      'https://example.org\r\nX-Evil: 1',
      'https://ex*ample.org',
      '*',
    ])
      expect(parseOrigin(text), text).toBeNull();
  });
});

describe('parseAllowedOrigins', () => {
  it('normalizes a list, drops blanks and repeats, and reads null as none', () => {
    expect(
      parseAllowedOrigins(['https://A.example.org/', '', 'https://a.example.org', 'http://b.org']),
    ).toEqual({ ok: true, origins: ['https://a.example.org', 'http://b.org'] });
    expect(parseAllowedOrigins(null)).toEqual({ ok: true, origins: [] });
    expect(parseAllowedOrigins(undefined)).toEqual({ ok: true, origins: [] });
  });

  it('names the wrong origin and says what is wrong with it', () => {
    expect(parseAllowedOrigins(['https://ok.org', 'https://www.example.org/widgets'])).toEqual({
      ok: false,
      message: '"https://www.example.org/widgets" is not an origin: an origin has no path.',
    });
    expect(parseAllowedOrigins(['ftp://files.example.org'])).toEqual({
      ok: false,
      message:
        '"ftp://files.example.org" is not an origin: only http:// and https:// websites can show a widget.',
    });
    expect(parseAllowedOrigins(['example.org'])).toEqual({
      ok: false,
      message:
        '"example.org" is not an origin: write it as https://host or https://host:port, with no path.',
    });
    expect(parseAllowedOrigins([42])).toMatchObject({ ok: false, message: /^42 is not an origin/ });
  });

  it('refuses a value that is not a list, and a list that is too long', () => {
    expect(parseAllowedOrigins('https://example.org')).toEqual({
      ok: false,
      message: 'Allowed origins must be a list, e.g. ["https://www.example.org"].',
    });
    const many = Array.from({ length: MAX_ALLOWED_ORIGINS + 1 }, (_, i) => `https://s${i}.org`);
    expect(parseAllowedOrigins(many)).toMatchObject({ ok: false });
  });
});

describe('frameAncestorSources', () => {
  it("is 'self' and the listed origins, or any website when none are listed", () => {
    expect(frameAncestorSources(['https://www.example.org', 'http://localhost:8080'])).toEqual([
      "'self'",
      'https://www.example.org',
      'http://localhost:8080',
    ]);
    expect(frameAncestorSources([])).toEqual(['*']);
    expect(frameAncestorSources(null)).toEqual(['*']);
  });

  it('parses stored values again, so a bad row cannot inject a directive', () => {
    expect(frameAncestorSources(['https://ok.org', 'https://x.org; script-src *', 7])).toEqual([
      "'self'",
      'https://ok.org',
    ]);
  });
});

describe('withFrameAncestors', () => {
  it('replaces the frame-ancestors directive and keeps the others', () => {
    const app = "default-src 'self';script-src 'self';frame-ancestors 'self';object-src 'none'";
    expect(withFrameAncestors(app, ["'self'", 'https://www.example.org'])).toBe(
      "default-src 'self';script-src 'self';object-src 'none';frame-ancestors 'self' https://www.example.org",
    );
  });

  it('adds the directive to a policy without one, or makes a policy of it alone', () => {
    expect(withFrameAncestors("default-src 'self'", ['*'])).toBe(
      "default-src 'self';frame-ancestors *",
    );
    expect(withFrameAncestors('', ['*'])).toBe('frame-ancestors *');
  });
});
