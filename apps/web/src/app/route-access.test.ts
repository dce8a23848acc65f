import { describe, expect, it } from 'vitest';
import { accessForArea, mayOpenDebugPages } from './route-access';
import { appRoutes } from './routes';

describe('accessForArea', () => {
  it('keeps the viewer pages public and the workspace for members', () => {
    const access = (path: string) => {
      const route = appRoutes.find((candidate) => candidate.path === path);
      if (!route) throw new Error(`no route ${path}`);
      return accessForArea(route.area);
    };
    for (const path of [
      '/',
      '/auth/login',
      '/tvguide',
      '/watch',
      '/watch/:channel',
      '/multiview',
      '/o/:org/tvguide',
      '/o/:org/watch/:channel',
      '/submission',
      '/api-docs',
      '/operator/login',
      '/privacy',
      '/terms',
    ]) {
      expect(access(path), path).toBe('public');
    }
    for (const path of [
      '/dashboard',
      '/channels',
      '/channels/:channel',
      '/shows',
      '/timeslots',
      '/embeds',
      '/ads',
      '/analytics',
      '/members',
      '/organization',
      '/settings',
      '/archive/organization',
      '/onboarding',
    ]) {
      expect(access(path), path).toBe('members');
    }
    for (const path of ['/views/BasicChartView', '/debug/playground', '/debug/static']) {
      expect(access(path), path).toBe('debug');
    }
    expect(access('/operator')).toBe('superusers');
  });
});

describe('mayOpenDebugPages', () => {
  it('opens them in development builds and to superusers only', () => {
    expect(mayOpenDebugPages(true, null)).toBe(true);
    expect(mayOpenDebugPages(false, null)).toBe(false);
    expect(mayOpenDebugPages(false, { collectionName: 'users', role: 'owner' })).toBe(false);
    expect(mayOpenDebugPages(false, { collectionName: '_superusers' })).toBe(true);
  });
});
