import http from 'node:http';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  type OidcTestProvider,
  startOidcProvider,
} from '../../../test/oidc-provider.js';
import { client, failure, signUp, superuser, uniqueEmail } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// OAuth2 sign-in as PocketBase does it, end to end: the official SDK against a real server and
// a real OpenID Connect provider (oidc-provider) on loopback, on both databases. The SDK's
// one-call flow waits on the realtime stream for the provider's redirect.
(globalThis as { EventSource?: unknown }).EventSource = EventSource;

let provider: OidcTestProvider;
let server: TestServer;
let redirectURL = '';

beforeAll(async () => {
  provider = await startOidcProvider();
  server = await startTestServer({
    env: {
      OAUTH2_OIDC_ISSUER: provider.issuer,
      OAUTH2_OIDC_CLIENT_ID: OIDC_CLIENT_ID,
      OAUTH2_OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET,
      OAUTH2_OIDC_NAME: 'Station ID',
    },
  });
  redirectURL = `${server.url}/api/oauth2-redirect`;
  provider.allowRedirect(redirectURL);
});

afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

interface Person {
  email: string;
  name?: string;
  verified?: boolean;
}

/**
 * Goes through the provider as a browser would, from its authorization URL: follows its
 * redirects with its cookies, fills in its sign-in form as `person`, and stops at the redirect
 * back to Airgrid, whose URL it returns (with the code) without opening it.
 */
async function throughProvider(authUrl: string, person: Person): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.startsWith(redirectURL)) return new URL(url);
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      init = {};
      continue;
    }
    const page = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status}: ${page.slice(0, 300)}`);
    url = new URL(action, url).href;
    const form = new URLSearchParams({ email: person.email, name: person.name ?? '' });
    if (person.verified !== false) form.set('verified', 'yes');
    init = {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('the provider never redirected back');
}

/** The SDK's one-call sign-in, the "browser" being throughProvider then the redirect page. */
async function signInWithProvider(pb: PocketBase, person: Person) {
  let page: Response | undefined;
  const result = await pb.collection('users').authWithOAuth2({
    provider: 'oidc',
    urlCallback: async (url) => {
      const back = await throughProvider(url, person);
      page = await fetch(back);
    },
  });
  return { ...result, page: page as Response };
}

/** The code and the auth-methods entry of a sign-in done by hand (the SDK's two-step form). */
async function codeFor(pb: PocketBase, person: Person) {
  const methods = await pb.collection('users').listAuthMethods();
  const method = methods.oauth2.providers.find((each) => each.name === 'oidc');
  if (!method) throw new Error('oidc is not listed');
  const back = await throughProvider(method.authURL + encodeURIComponent(redirectURL), person);
  expect(back.searchParams.get('state')).toBe(method.state);
  return { code: back.searchParams.get('code') ?? '', codeVerifier: method.codeVerifier };
}

describe('auth-methods', () => {
  it('lists the provider with a fresh state and PKCE pair, its URL ending in redirect_uri=', async () => {
    const pb = client(server);
    const [first, second] = await Promise.all([
      pb.collection('users').listAuthMethods({ requestKey: 'a' }),
      pb.collection('users').listAuthMethods({ requestKey: 'b' }),
    ]);
    expect(first.oauth2.enabled).toBe(true);
    const [method] = first.oauth2.providers;
    expect(method).toMatchObject({
      name: 'oidc',
      displayName: 'Station ID',
      codeChallengeMethod: 'S256',
    });
    expect(method?.codeVerifier).toMatch(/^[\w-]{43,128}$/);
    expect(method?.authURL.startsWith(`${provider.issuer}/`)).toBe(true);
    expect(method?.authURL.endsWith('&redirect_uri=')).toBe(true);
    expect(new URL(method?.authURL ?? '').searchParams.get('code_challenge')).toBe(
      method?.codeChallenge,
    );
    expect(second.oauth2.providers[0]?.state).not.toBe(method?.state);
    expect(second.oauth2.providers[0]?.codeVerifier).not.toBe(method?.codeVerifier);
  });

  it('offers no provider to superusers, who sign in with their password', async () => {
    const pb = client(server);
    const methods = await pb.collection('_superusers').listAuthMethods();
    expect(methods.oauth2).toEqual({ enabled: false, providers: [] });
    const error = await failure(
      pb.collection('_superusers').authWithOAuth2Code('oidc', 'x', 'y', redirectURL),
    );
    expect(error.status).toBe(403);
    expect(error.message).toBe('The collection is not configured to allow OAuth2 authentication.');
  });
});

describe('signing in with the SDK one-call flow', () => {
  it('makes a verified account on first sign-in, then signs the same person in to it', async () => {
    const email = uniqueEmail('oauth');
    const first = await signInWithProvider(client(server), { email, name: 'Olive Oauth' });
    expect(first.page.status).toBe(200);
    expect(await first.page.text()).toContain('Signed in');
    expect(first.record).toMatchObject({ email, name: 'Olive Oauth', verified: true });
    expect(first.meta).toMatchObject({ email, name: 'Olive Oauth', isNew: true });
    expect(first.meta?.accessToken).toBeTruthy();
    expect(first.token).toBeTruthy();

    const again = await signInWithProvider(client(server), { email, name: 'Olive Oauth' });
    expect(again.record.id).toBe(first.record.id);
    expect(again.meta?.isNew).toBe(false);

    const pb = client(server);
    pb.authStore.save(again.token, again.record);
    const links = await pb.collection('users').listExternalAuths(first.record.id);
    expect(links.map((link) => link.provider)).toEqual(['oidc']);
  });

  it('reaches the existing account when the provider verified its email, and marks it verified', async () => {
    const owner = await signUp(server, { name: 'Pat Password' });
    const { record } = await signInWithProvider(client(server), { email: owner.email });
    expect(record.id).toBe(owner.record.id);
    expect(record.verified).toBe(true);
    // The password still works too.
    await client(server).collection('users').authWithPassword(owner.email, owner.password);
  });

  it('refuses an email the provider did not verify when another account has it', async () => {
    const owner = await signUp(server, { name: 'Victim' });
    const error = (await signInWithProvider(client(server), {
      email: owner.email,
      verified: false,
    }).catch((e: unknown) => e)) as ClientResponseError;
    expect(error.status).toBe(400);
    expect(error.message).toBe('Failed to authenticate.');
    expect(error.response.data.email.code).toBe('validation_oauth2_email_not_verified');
    expect(error.response.data.email.message).toContain('has not verified');
    const admin = await superuser(server);
    const links = await admin
      .collection('_externalAuths')
      .getFullList({ filter: `recordRef = "${owner.record.id}"` });
    expect(links).toHaveLength(0);
  });

  it('links the provider to the signed-in account (Settings), whatever email it has there', async () => {
    const member = await signUp(server, { name: 'Linker' });
    const { record, token } = await signInWithProvider(member.pb, {
      email: uniqueEmail('elsewhere'),
    });
    expect(record.id).toBe(member.record.id);
    expect(record.email).toBe(member.email);
    // Signing in with the provider alone now reaches the same account.
    member.pb.authStore.save(token, record);
    expect(await member.pb.collection('users').listExternalAuths(record.id)).toHaveLength(1);
  });

  it('lets the owner unlink the provider, and nobody else see or unlink it', async () => {
    const email = uniqueEmail('unlink');
    const signedIn = await signInWithProvider(client(server), { email });
    const owner = client(server);
    owner.authStore.save(signedIn.token, signedIn.record);
    const other = await signUp(server, { name: 'Snoop' });

    expect(await other.pb.collection('users').listExternalAuths(signedIn.record.id)).toEqual([]);
    const link = (await owner.collection('users').listExternalAuths(signedIn.record.id))[0];
    expect(
      (await failure(other.pb.collection('_externalAuths').delete(String(link?.id)))).status,
    ).toBe(404);
    expect((await client(server).collection('_externalAuths').getList()).items).toEqual([]);

    await owner.collection('users').unlinkExternalAuth(signedIn.record.id, 'oidc');
    expect(await owner.collection('users').listExternalAuths(signedIn.record.id)).toEqual([]);
    // Unlinked, the same person signing in again reaches the account by its verified email.
    const again = await signInWithProvider(client(server), { email });
    expect(again.record.id).toBe(signedIn.record.id);
  });

  it('deletes the links with the account', async () => {
    const signedIn = await signInWithProvider(client(server), { email: uniqueEmail('gone') });
    const pb = client(server);
    pb.authStore.save(signedIn.token, signedIn.record);
    await pb.collection('users').delete(signedIn.record.id);
    const admin = await superuser(server);
    const links = await admin
      .collection('_externalAuths')
      .getFullList({ filter: `recordRef = "${signedIn.record.id}"` });
    expect(links).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses a code used twice', async () => {
    const pb = client(server);
    const { code, codeVerifier } = await codeFor(pb, { email: uniqueEmail('twice') });
    await pb.collection('users').authWithOAuth2Code('oidc', code, codeVerifier, redirectURL);
    const error = await failure(
      client(server)
        .collection('users')
        .authWithOAuth2Code('oidc', code, codeVerifier, redirectURL),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('Failed to fetch OAuth2 token.');
  });

  it('refuses a code with another code verifier than the one its challenge was made of', async () => {
    const pb = client(server);
    const { code } = await codeFor(pb, { email: uniqueEmail('verifier') });
    const other = await pb.collection('users').listAuthMethods();
    const error = await failure(
      pb
        .collection('users')
        .authWithOAuth2Code(
          'oidc',
          code,
          other.oauth2.providers[0]?.codeVerifier ?? '',
          redirectURL,
        ),
    );
    expect(error.message).toBe('Failed to fetch OAuth2 token.');
  });

  it('names the fields that are missing or unknown', async () => {
    const response = await server.fetch('/api/collections/users/auth-with-oauth2', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'myspace', code: '', createData: [] }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { data: Record<string, { code: string }> };
    expect(body.data.provider?.code).toBe('validation_invalid_provider');
    expect(body.data.code?.code).toBe('validation_required');
    expect(body.data.codeVerifier?.code).toBe('validation_required');
    expect(body.data.redirectURL?.code).toBe('validation_required');
    expect(body.data.createData?.code).toBe('validation_invalid_value');
  });

  it('sends a redirect with a wrong state to nobody, and says the sign-in expired', async () => {
    const pb = client(server);
    const heard: unknown[] = [];
    await pb.realtime.subscribe('@oauth2', (message) => heard.push(message));
    const wrong = await server.fetch(`/api/oauth2-redirect?state=${'x'.repeat(40)}&code=abc`);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('This sign-in has expired');

    const right = await server.fetch(`/api/oauth2-redirect?state=${pb.realtime.clientId}&code=abc`);
    expect(right.status).toBe(200);
    await expect.poll(() => heard).toEqual([{ state: pb.realtime.clientId, code: 'abc' }]);
    await pb.realtime.unsubscribe();
  });

  it('sends a redirect from another address than the stream’s to nobody', async () => {
    const pb = client(server);
    const heard: unknown[] = [];
    await pb.realtime.subscribe('@oauth2', (message) => heard.push(message));
    const url = new URL(`/api/oauth2-redirect?state=${pb.realtime.clientId}&code=abc`, server.url);
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(url, { localAddress: '127.0.0.2' }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(status).toBe(400);
    const after = await server.fetch(
      `/api/oauth2-redirect?state=${pb.realtime.clientId}&error=denied`,
    );
    expect(after.status).toBe(400);
    expect(await after.text()).toContain('Sign-in cancelled');
    await expect
      .poll(() => heard)
      .toEqual([{ state: pb.realtime.clientId, code: '', error: 'denied' }]);
    await pb.realtime.unsubscribe();
  });
});
