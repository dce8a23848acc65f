import { describe, expect, it } from 'vitest';
import {
  isLoopback,
  providerOf,
  userFromClaims,
  userFromGitHub,
  userFromMicrosoft,
} from './oauth2-providers.js';

describe('the users providers describe', () => {
  it('reads OpenID Connect claims, the email verified only when the provider says so', () => {
    const claims = {
      sub: 'abc',
      name: 'Ada Lovelace',
      preferred_username: 'ada',
      email: 'ada@example.org',
      email_verified: true,
      picture: 'https://img.example.org/ada.png',
    };
    expect(userFromClaims(claims)).toEqual({
      id: 'abc',
      name: 'Ada Lovelace',
      username: 'ada',
      email: 'ada@example.org',
      emailVerified: true,
      avatarURL: 'https://img.example.org/ada.png',
      rawUser: claims,
    });
    expect(userFromClaims({ ...claims, email_verified: false }).emailVerified).toBe(false);
    expect(userFromClaims({ sub: 1, email: 'x@example.org' })).toMatchObject({
      id: '1',
      emailVerified: false,
      name: '',
    });
  });

  it('never trusts the address Microsoft Graph reports (the tenant typed it in)', () => {
    const user = userFromMicrosoft({ id: 'm-1', displayName: 'Mo', mail: 'mo@example.org' });
    expect(user).toMatchObject({ id: 'm-1', name: 'Mo', email: 'mo@example.org' });
    expect(user.emailVerified).toBe(false);
  });

  it('takes GitHub’s primary address only when GitHub verified it', () => {
    const profile = { id: 42, login: 'octo', name: null, avatar_url: 'https://a/octo' };
    const emails = [
      { email: 'old@example.org', primary: false, verified: true },
      { email: 'octo@example.org', primary: true, verified: true },
    ];
    expect(userFromGitHub(profile, emails)).toMatchObject({
      id: '42',
      name: 'octo',
      username: 'octo',
      email: 'octo@example.org',
      emailVerified: true,
    });
    const unverified = userFromGitHub({ ...profile, email: 'public@example.org' }, [
      { email: 'octo@example.org', primary: true, verified: false },
    ]);
    expect(unverified).toMatchObject({ email: 'public@example.org', emailVerified: false });
    expect(userFromGitHub(profile, 'not a list').email).toBe('');
  });
});

describe('providers', () => {
  it('ask for the scopes each needs, with the endpoints of each', async () => {
    const google = providerOf({ name: 'google', clientId: 'g', clientSecret: 's' });
    expect(google.scopes).toEqual(['openid', 'email', 'profile']);
    expect((await google.server()).token_endpoint).toBe('https://oauth2.googleapis.com/token');
    const microsoft = providerOf({
      name: 'microsoft',
      clientId: 'm',
      clientSecret: 's',
      tenant: 'contoso.onmicrosoft.com',
    });
    expect((await microsoft.server()).authorization_endpoint).toBe(
      'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/authorize',
    );
    expect(providerOf({ name: 'github', clientId: 'h', clientSecret: 's' }).displayName).toBe(
      'GitHub',
    );
    expect(
      providerOf({
        name: 'oidc',
        clientId: 'o',
        clientSecret: 's',
        issuer: 'https://id.example.org',
        displayName: 'Keycloak',
      }).displayName,
    ).toBe('Keycloak');
  });

  it('allow plain http only on this machine', () => {
    expect(isLoopback('http://127.0.0.1:9000/token')).toBe(true);
    expect(isLoopback('http://localhost/token')).toBe(true);
    expect(isLoopback('http://id.example.org/token')).toBe(false);
  });

  it('reach only public addresses, except the host of the issuer the operator configured', async () => {
    const codes = async (request: Promise<unknown>) => {
      try {
        await request;
        return [];
      } catch (error) {
        const found: unknown[] = [];
        for (let at = error; at instanceof Error; at = at.cause)
          found.push((at as { code?: unknown }).code);
        return found;
      }
    };
    const github = providerOf({ name: 'github', clientId: 'h', clientSecret: 's' });
    expect(await codes(github.fetch('http://169.254.169.254/latest/meta-data/'))).toContain(
      'EBLOCKED',
    );
    const keycloak = providerOf({
      name: 'oidc',
      clientId: 'o',
      clientSecret: 's',
      issuer: 'http://10.0.0.8/realms/station',
    });
    // Its own host passes the guard (nothing listens there: any error but a refusal).
    expect(
      await codes(keycloak.fetch('http://10.0.0.8:1/', { signal: AbortSignal.timeout(50) })),
    ).not.toContain('EBLOCKED');
    // An endpoint its discovery document names on another private host does not.
    expect(await codes(keycloak.fetch('http://10.0.0.9/token'))).toContain('EBLOCKED');
    expect(await codes(keycloak.fetch('http://127.0.0.1:9/token'))).toContain('EBLOCKED');
  });
});
