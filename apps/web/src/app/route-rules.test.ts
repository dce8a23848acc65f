import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RouteRuleError, resolveRedirect, routeRules } from './route-rules';
import { appRoutes } from './routes';

describe('resolveRedirect', () => {
  it('sends an app path on, keeping the query and hash', () => {
    expect(
      resolveRedirect({ path: '/login', redirect: '/auth/login' }, '?next=/shows', '#x'),
    ).toEqual({ kind: 'app', to: '/auth/login?next=/shows#x' });
    expect(resolveRedirect({ path: '/guide', redirect: '/tvguide' })).toEqual({
      kind: 'app',
      to: '/tvguide',
    });
  });

  it("prefers the target's own query to the visitor's", () => {
    expect(resolveRedirect({ path: '/a', redirect: '/b?tab=1' }, '?tab=2')).toEqual({
      kind: 'app',
      to: '/b?tab=1',
    });
  });

  it('leaves the app only when the rule allows it', () => {
    expect(
      resolveRedirect({ path: '/x', redirect: 'https://example.org/a?b=1', external: true }),
    ).toEqual({ kind: 'external', url: 'https://example.org/a?b=1' });
    expect(() => resolveRedirect({ path: '/x', redirect: 'https://example.org' })).toThrow(
      'Navigating to an external URL (https://example.org/) needs the route rule to allow it.',
    );
    // A protocol-relative target is external too.
    expect(() => resolveRedirect({ path: '/x', redirect: '//evil.example' })).toThrow(
      RouteRuleError,
    );
  });

  it('refuses script URLs even when the rule allows external targets', () => {
    for (const redirect of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
    ]) {
      expect(() => resolveRedirect({ path: '/x', redirect, external: true }), redirect).toThrow(
        /was refused: [a-z]+: URLs are never followed\./,
      );
    }
  });

  it('never resolves to anything but an app path or an http(s) URL', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (redirect, external) => {
        try {
          const target = resolveRedirect({ path: '/x', redirect, external });
          if (target.kind === 'app')
            return target.to.startsWith('/') && !target.to.startsWith('//');
          return /^https?:\/\//.test(target.url) && external;
        } catch (error) {
          return error instanceof RouteRuleError;
        }
      }),
    );
  });
});

describe("Airgrid's route rules", () => {
  it('each resolve, and internal ones land on a page of the app', () => {
    const paths = new Set<string>(appRoutes.map((route) => route.path));
    for (const rule of routeRules) {
      const target = resolveRedirect(rule);
      if (target.kind === 'app') expect(paths.has(target.to), rule.path).toBe(true);
      expect(paths.has(rule.path), `${rule.path} must not shadow a page`).toBe(false);
    }
  });
});
