import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

// A real OpenID Connect provider (panva's oidc-provider, certified) on loopback, for the OAuth2
// sign-in tests: the SDK tests drive it with HTTP requests, the browser tests with a browser.
// Its sign-in page asks for an email, a name and whether the provider vouches for the address,
// so a test plays any person; the same email is always the same person (`sub`).

export const OIDC_CLIENT_ID = 'airgrid-test';
export const OIDC_CLIENT_SECRET = 'airgrid-test-secret-of-some-length';

export interface OidcTestProvider {
  issuer: string;
  /** Registers the app's redirect URL; the provider answers only once one is registered. */
  allowRedirect(url: string): void;
  close(): Promise<void>;
}

interface Person {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signInPage(uid: string, clientName: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body>
<main>
<h1>Sign in to continue to ${escapeHtml(clientName)}</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Email <input name="email" type="email" required></label>
<label>Name <input name="name"></label>
<label><input name="verified" type="checkbox" value="yes" checked> Email verified</label>
<button type="submit">Continue</button>
</form>
</main>
</body></html>`;
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return new URLSearchParams(body);
}

/** Starts the provider on 127.0.0.1 (`port` 0: any free port). */
export async function startOidcProvider(port = 0): Promise<OidcTestProvider> {
  const people = new Map<string, Person>();
  const redirectUris: string[] = [];
  let provider: Provider | undefined;

  const server = http.createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    if (!provider) {
      response.statusCode = 503;
      response.end('no redirect URL registered yet');
      return;
    }
    const url = new URL(request.url ?? '/', issuer);
    const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!interaction) {
      provider.callback()(request, response);
      return;
    }
    const details = await provider.interactionDetails(request, response);
    if (!interaction[2]) {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(signInPage(details.uid, 'Airgrid'));
      return;
    }
    const form = await readForm(request);
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const person: Person = {
      sub: `person-${Buffer.from(email).toString('hex').slice(0, 48)}`,
      email,
      email_verified: form.get('verified') === 'yes',
      name: form.get('name') ?? '',
    };
    people.set(person.sub, person);
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: person.sub } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    issuer,
    allowRedirect(redirect) {
      redirectUris.push(redirect);
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: OIDC_CLIENT_ID,
            client_secret: OIDC_CLIENT_SECRET,
            redirect_uris: [...redirectUris],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name'],
        },
        cookies: { keys: [randomBytes(16).toString('hex')] },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        pkce: { required: () => true },
        // Short lives, said explicitly (the defaults print a notice each).
        ttl: {
          AccessToken: 600,
          AuthorizationCode: 60,
          IdToken: 600,
          Interaction: 600,
          Session: 600,
          Grant: 600,
        },
        findAccount: (_ctx, sub) => {
          const person = people.get(sub);
          return person ? { accountId: sub, claims: () => ({ ...person }) } : undefined;
        },
        // No consent screen: the test app is trusted with what it asks for.
        loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
          const accountId = ctx.oidc.session?.accountId;
          const clientId = ctx.oidc.client?.clientId;
          if (!accountId || !clientId) return undefined;
          const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
      });
      provider.on('server_error', (_ctx, error) => console.error('oidc-provider', error));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Run directly (`tsx apps/server/test/oidc-provider.ts`), it serves the browser tests: on
// OIDC_PORT, for the app at OIDC_REDIRECT_URL (playwright.config.ts starts it so).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = await startOidcProvider(Number(process.env.OIDC_PORT ?? 8099));
  started.allowRedirect(
    process.env.OIDC_REDIRECT_URL ?? 'http://127.0.0.1:8097/api/oauth2-redirect',
  );
  console.log(`OpenID Connect test provider at ${started.issuer}`);
}
