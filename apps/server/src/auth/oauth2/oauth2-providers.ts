import * as oauth from 'oauth4webapi';
import type { OAuth2ProviderConfig, OAuth2ProviderName } from '../../config.js';
import { createGuardedFetch } from '../../outbound/guarded-fetch.js';

// The OAuth2 providers Airgrid signs people in with, and what each one's user looks like once
// read. The protocol itself (PKCE, the token request, OpenID Connect discovery and ID token
// checks) is oauth4webapi's: docs/decisions/0025-oauth2-sign-in.md says why.

/** A person as a provider describes them, in PocketBase's terms (API-CONTRACT §5.2 `meta`). */
export interface OAuth2User {
  /** The provider's stable id for the person (`sub`). */
  id: string;
  name: string;
  username: string;
  /** Empty when the provider shares none. */
  email: string;
  /**
   * The provider vouches that the person owns the email. Only then may the sign-in reach an
   * existing account with that email; otherwise it could take over someone else's account.
   */
  emailVerified: boolean;
  avatarURL: string;
  rawUser: Record<string, unknown>;
}

/** How to talk to one provider. */
export interface OAuth2Provider {
  name: OAuth2ProviderName;
  displayName: string;
  scopes: string[];
  clientId: string;
  clientSecret: string;
  /** The provider's endpoints; OpenID Connect providers fetch theirs once (discovery). */
  server(): Promise<oauth.AuthorizationServer>;
  clientAuthentication: oauth.ClientAuth;
  /** Reads the person with the access token (and the ID token's claims, when there is one). */
  user(request: UserRequest): Promise<OAuth2User>;
  /**
   * The outbound guard every request to this provider goes through (docs/security.md): public
   * addresses only, except the host of an OpenID Connect issuer the operator configured, which
   * may sit on the station's own network. Endpoints a discovery document names elsewhere must
   * be public.
   */
  fetch: typeof fetch;
}

interface UserRequest {
  server: oauth.AuthorizationServer;
  client: oauth.Client;
  accessToken: string;
  idToken: oauth.IDToken | undefined;
  options: ProviderRequestOptions;
}

/** How long one request to a provider may take: the sign-in waits on it. */
const PROVIDER_TIMEOUT_MS = 10_000;
/** How long a provider's discovered endpoints are kept. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Endpoints on http:// are allowed only on this machine (a provider run for tests). */
export function isLoopback(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/** The options of every request to a provider. */
export interface ProviderRequestOptions {
  signal: AbortSignal;
  [oauth.allowInsecureRequests]?: boolean;
  [oauth.customFetch]: ProviderFetch;
}

/**
 * oauth4webapi's `customFetch`. Its options are a fetch's, typed apart (a `Uint8Array` body,
 * which Node's `BodyInit` types do not list though fetch takes it).
 */
type ProviderFetch = (
  url: string,
  options: oauth.CustomFetchOptions<string, oauth.ProtectedResourceRequestBody>,
) => Promise<Response>;

/**
 * The options of every request to a provider: a timeout, the provider's outbound guard, and
 * http:// only on loopback.
 */
export function requestOptions(endpoint: string, guard: typeof fetch): ProviderRequestOptions {
  return {
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    [oauth.customFetch]: guard as ProviderFetch,
    ...(endpoint.startsWith('http:') && isLoopback(endpoint)
      ? { [oauth.allowInsecureRequests]: true }
      : {}),
  };
}

/** A user from OpenID Connect claims (the ID token's, completed by the userinfo endpoint's). */
export function userFromClaims(claims: Record<string, unknown>): OAuth2User {
  return {
    id: text(claims.sub),
    name: text(claims.name),
    username: text(claims.preferred_username) || text(claims.nickname),
    email: text(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    avatarURL: text(claims.picture),
    rawUser: claims,
  };
}

/**
 * A user from Microsoft Graph's `/me`. Graph's `mail` is whatever the tenant typed in, not an
 * address Microsoft checked, so it never reaches an existing account by itself.
 */
export function userFromMicrosoft(me: Record<string, unknown>): OAuth2User {
  return {
    id: text(me.id),
    name: text(me.displayName),
    username: '',
    email: text(me.mail),
    emailVerified: false,
    avatarURL: '',
    rawUser: me,
  };
}

/** A user from GitHub's `/user`, with the primary address from `/user/emails` when verified. */
export function userFromGitHub(user: Record<string, unknown>, emails: unknown): OAuth2User {
  const list = Array.isArray(emails) ? (emails as Record<string, unknown>[]) : [];
  const primary = list.find((each) => each.primary === true && each.verified === true);
  return {
    id: text(user.id),
    name: text(user.name) || text(user.login),
    username: text(user.login),
    email: primary ? text(primary.email) : text(user.email),
    emailVerified: primary !== undefined,
    avatarURL: text(user.avatar_url),
    rawUser: user,
  };
}

/** The guard for providers whose every address is public (Google, Microsoft, GitHub). */
let publicOnly: typeof fetch | undefined;
function publicOnlyFetch(): typeof fetch {
  publicOnly ??= createGuardedFetch({ allowPrivate: false });
  return publicOnly;
}

/** GETs a JSON resource with the access token. */
async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await oauth.protectedResourceRequest(
    accessToken,
    'GET',
    new URL(url),
    new Headers({ accept: 'application/json' }),
    null,
    requestOptions(url, publicOnlyFetch()),
  );
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** Reads the OpenID Connect userinfo endpoint, checked against the ID token's subject. */
async function userInfo({ server, client, accessToken, idToken, options }: UserRequest) {
  if (!server.userinfo_endpoint) {
    if (!idToken) throw new Error('the provider has neither an ID token nor a userinfo endpoint');
    return userFromClaims({ ...idToken });
  }
  const response = await oauth.userInfoRequest(server, client, accessToken, options);
  const claims = await oauth.processUserInfoResponse(
    server,
    client,
    idToken?.sub ?? oauth.skipSubjectCheck,
    response,
  );
  return userFromClaims({ ...idToken, ...claims });
}

/** Fetches an issuer's discovery document once an hour; a failure is not kept. */
function discovered(issuer: string, guard: typeof fetch): () => Promise<oauth.AuthorizationServer> {
  let kept: { server: Promise<oauth.AuthorizationServer>; until: number } | undefined;
  return () => {
    if (kept && kept.until > Date.now()) return kept.server;
    const issuerUrl = new URL(issuer);
    const server = oauth
      .discoveryRequest(issuerUrl, { algorithm: 'oidc', ...requestOptions(issuer, guard) })
      .then((response) => oauth.processDiscoveryResponse(issuerUrl, response));
    const entry = { server, until: Date.now() + DISCOVERY_TTL_MS };
    kept = entry;
    server.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return server;
  };
}

const fixed = (server: oauth.AuthorizationServer) => () => Promise.resolve(server);

/** The name a configured provider is shown by (its sign-in button, the collection's options). */
export function providerDisplayName(config: OAuth2ProviderConfig): string {
  switch (config.name) {
    case 'google':
      return 'Google';
    case 'microsoft':
      return 'Microsoft';
    case 'github':
      return 'GitHub';
    case 'oidc':
      return config.displayName ?? 'OpenID Connect';
  }
}

/** The provider the operator configured, ready to use. */
export function providerOf(config: OAuth2ProviderConfig): OAuth2Provider {
  const base = {
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    displayName: providerDisplayName(config),
    fetch: publicOnlyFetch(),
  };
  switch (config.name) {
    case 'google':
      return {
        ...base,
        name: 'google',
        scopes: ['openid', 'email', 'profile'],
        clientAuthentication: oauth.ClientSecretPost(config.clientSecret),
        server: fixed({
          issuer: 'https://accounts.google.com',
          authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
          token_endpoint: 'https://oauth2.googleapis.com/token',
          userinfo_endpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
          jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
        }),
        user: userInfo,
      };
    case 'microsoft': {
      const tenant = `https://login.microsoftonline.com/${config.tenant ?? 'common'}`;
      return {
        ...base,
        name: 'microsoft',
        // Graph only, no `openid`: a multi-tenant ID token names the person's tenant as its
        // issuer, which no single expected issuer matches.
        scopes: ['User.Read'],
        clientAuthentication: oauth.ClientSecretPost(config.clientSecret),
        server: fixed({
          issuer: `${tenant}/v2.0`,
          authorization_endpoint: `${tenant}/oauth2/v2.0/authorize`,
          token_endpoint: `${tenant}/oauth2/v2.0/token`,
        }),
        user: async ({ accessToken }) =>
          userFromMicrosoft(
            (await getJson('https://graph.microsoft.com/v1.0/me', accessToken)) as Record<
              string,
              unknown
            >,
          ),
      };
    }
    case 'github':
      return {
        ...base,
        name: 'github',
        scopes: ['read:user', 'user:email'],
        clientAuthentication: oauth.ClientSecretPost(config.clientSecret),
        server: fixed({
          issuer: 'https://github.com',
          authorization_endpoint: 'https://github.com/login/oauth/authorize',
          token_endpoint: 'https://github.com/login/oauth/access_token',
        }),
        user: async ({ accessToken }) => {
          const [user, emails] = await Promise.all([
            getJson('https://api.github.com/user', accessToken),
            getJson('https://api.github.com/user/emails', accessToken).catch(() => []),
          ]);
          return userFromGitHub(user as Record<string, unknown>, emails);
        },
      };
    case 'oidc': {
      const guard = createGuardedFetch({
        allowPrivate: false,
        trustedHosts: [issuerHost(config.issuer ?? '')],
      });
      return {
        ...base,
        fetch: guard,
        name: 'oidc',
        scopes: ['openid', 'email', 'profile'],
        clientAuthentication: oauth.ClientSecretBasic(config.clientSecret),
        server: discovered(config.issuer ?? '', guard),
        user: userInfo,
      };
    }
  }
}

/** The host name of the operator's issuer ('' when it cannot be read: nothing is trusted). */
function issuerHost(issuer: string): string {
  try {
    return new URL(issuer).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return '';
  }
}
