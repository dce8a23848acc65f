import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPathFor } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/channels', '/channels'],
    ['/shows?search=news#top', '/shows?search=news#top'],
    ['/o/riverside/tvguide?date=2026-12-01', '/o/riverside/tvguide?date=2026-12-01'],
    ['  /timeslots ', '/timeslots'],
  ])('keeps the app path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'channels',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\\/evil.example',
    'javascript:alert(1)',
    '/shows\u0000',
    '/a\nb',
    '/auth/login',
    '/auth/login?next=/x',
  ])('refuses %j', (next) => {
    expect(safeNextPath(next)).toBeNull();
  });
});

describe('signInPathFor', () => {
  it('carries the path back, encoded', () => {
    expect(signInPathFor('/channels')).toBe('/auth/login?next=%2Fchannels');
    expect(signInPathFor('/shows?search=a b')).toBe('/auth/login?next=%2Fshows%3Fsearch%3Da%2520b');
    expect(signInPathFor('/')).toBe('/auth/login');
  });
});
