import { describe, expect, it } from 'vitest';
import {
  publicPagePath,
  stationLogoUrl,
  stationPageOf,
  stationPath,
  stationSlugOf,
} from './station-path';

describe('stationPath', () => {
  it('builds each public page of a station', () => {
    expect(stationPath('riverside', 'tvguide')).toBe('/o/riverside/tvguide');
    expect(stationPath('riverside', 'watch')).toBe('/o/riverside/watch');
    expect(stationPath('riverside', 'watch', 'rctv-1')).toBe('/o/riverside/watch/rctv-1');
    expect(stationPath('riverside', 'multiview')).toBe('/o/riverside/multiview');
    expect(stationPath('riverside', 'submission')).toBe('/o/riverside/submission');
  });

  it('uses a channel only on the watch page, and encodes segments', () => {
    expect(stationPath('riverside', 'tvguide', 'rctv-1')).toBe('/o/riverside/tvguide');
    expect(stationPath('a b', 'watch', 'c/d')).toBe('/o/a%20b/watch/c%2Fd');
  });
});

describe('stationPageOf and stationSlugOf', () => {
  it.each([
    ['/tvguide', 'tvguide', null],
    ['/watch/rctv-1', 'watch', null],
    ['/multiview', 'multiview', null],
    ['/o/riverside/submission', 'submission', 'riverside'],
    ['/o/riverside/tvguide', 'tvguide', 'riverside'],
    ['/o/riverside/watch/rctv-1', 'watch', 'riverside'],
    ['/o/river%20side/multiview', 'multiview', 'river side'],
    ['/channels', null, null],
    ['/o/riverside', null, 'riverside'],
    ['/', null, null],
  ] as const)('%s → page %s, station %s', (path, page, slug) => {
    expect(stationPageOf(path)).toBe(page);
    expect(stationSlugOf(path)).toBe(slug);
  });

  it('gives no slug for a broken escape', () => {
    expect(stationSlugOf('/o/%E0%A4%A/tvguide')).toBeNull();
  });
});

describe('publicPagePath', () => {
  it('names the station when it is known, else the page that offers the picker', () => {
    expect(publicPagePath('riverside', 'tvguide')).toBe('/o/riverside/tvguide');
    expect(publicPagePath(null, 'watch')).toBe('/watch');
    expect(publicPagePath('', 'tvguide')).toBe('/tvguide');
  });
});

describe('stationLogoUrl', () => {
  it('points at the organization file, with an optional thumb', () => {
    expect(stationLogoUrl({ id: 'abc', logo: '' })).toBeNull();
    expect(stationLogoUrl({ id: 'abc', logo: 'logo_x.png' })).toBe(
      '/api/files/organizations/abc/logo_x.png',
    );
    expect(stationLogoUrl({ id: 'abc', logo: 'logo_x.png' }, '100x100')).toBe(
      '/api/files/organizations/abc/logo_x.png?thumb=100x100',
    );
  });
});
