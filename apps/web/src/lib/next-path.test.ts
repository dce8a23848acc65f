import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, safeNextPath, signInPathFor, withNext } from './next-path';

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

describe('destinationAfterSignIn', () => {
  it('sends members back where they were headed, or to the dashboard', () => {
    expect(destinationAfterSignIn('org1', '/shows')).toBe('/shows');
    expect(destinationAfterSignIn('org1', null)).toBe('/dashboard');
    expect(destinationAfterSignIn('org1', 'https://evil.example')).toBe('/dashboard');
  });

  it('sends a user without an organization to onboarding, keeping an invite', () => {
    expect(destinationAfterSignIn('', '/shows')).toBe('/onboarding');
    expect(destinationAfterSignIn('', '/onboarding?invite=abc')).toBe('/onboarding?invite=abc');
    expect(destinationAfterSignIn(undefined, null)).toBe('/onboarding');
  });
});

describe('withNext', () => {
  it('keeps a safe next on links between auth pages', () => {
    expect(withNext('/auth/signup', '/onboarding?invite=abc')).toBe(
      '/auth/signup?next=%2Fonboarding%3Finvite%3Dabc',
    );
    expect(withNext('/auth/signup', null)).toBe('/auth/signup');
    expect(withNext('/auth/signup', '//evil.example')).toBe('/auth/signup');
  });
});
