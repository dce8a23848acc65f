import { describe, expect, it } from 'vitest';
import { normalizeOrigin, originAllowed } from './origins.js';

describe('normalizeOrigin', () => {
  it('keeps scheme, host and port, lower-case', () => {
    expect(normalizeOrigin('https://WWW.Example.org/watch?x=1')).toBe('https://www.example.org');
    expect(normalizeOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(normalizeOrigin('https://example.org:443/')).toBe('https://example.org');
  });
  it('gives "" for what is not a website', () => {
    for (const text of [
      '',
      'null',
      'file:///tmp/a.html',
      'about:blank',
      'https://a b.org',
      'https://user@evil.org',
      'javascript:alert(1)',
    ]) {
      expect(normalizeOrigin(text), text).toBe('');
    }
    expect(normalizeOrigin(`https://${'a'.repeat(400)}.org`)).toBe('');
  });
});

describe('originAllowed', () => {
  const allowed = ['https://www.example.org', 'https://*.pegtv.net', 'http://localhost:3000'];
  it('allows every origin when none are listed', () => {
    expect(originAllowed('https://anything.org', [])).toBe(true);
    expect(originAllowed('', [])).toBe(true);
  });
  it('matches scheme, host and port, and subdomains of a *. entry', () => {
    expect(originAllowed('https://www.example.org', allowed)).toBe(true);
    expect(originAllowed('https://news.pegtv.net', allowed)).toBe(true);
    expect(originAllowed('https://a.b.pegtv.net', allowed)).toBe(true);
    expect(originAllowed('http://localhost:3000', allowed)).toBe(true);
  });
  it('refuses others', () => {
    expect(originAllowed('http://www.example.org', allowed)).toBe(false);
    expect(originAllowed('https://example.org', allowed)).toBe(false);
    expect(originAllowed('https://pegtv.net', allowed)).toBe(false);
    expect(originAllowed('https://evilpegtv.net', allowed)).toBe(false);
    expect(originAllowed('http://localhost:3001', allowed)).toBe(false);
    expect(originAllowed('', allowed)).toBe(false);
  });
});
