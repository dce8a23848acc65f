import { randomBytes } from 'node:crypto';
import type { CollectionDefinition } from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import * as oauth from 'oauth4webapi';
import { ApiError, type FieldError } from '../../errors/api-error.js';
import { isUniqueViolation } from '../../records/driver-errors.js';
import type { RecordValues } from '../../records/record-codec.js';
import type { RecordRequest, RecordService } from '../../records/record-service.js';
import type { UsersRepository } from '../users-repository.js';
import type { ExternalAuthsRepository } from './external-auths-repository.js';
import { type OAuth2Provider, type OAuth2User, requestOptions } from './oauth2-providers.js';

const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';
const FAILED_TOKEN = 'Failed to fetch OAuth2 token.';
const FAILED_USER = 'Failed to fetch OAuth2 user.';
const FAILED = 'Failed to authenticate.';

/** The only collection people sign in to with a provider; superusers use their password. */
export const OAUTH2_COLLECTION = 'users';

/** One provider as `auth-methods` lists it (API-CONTRACT §5.2). */
export interface ProviderMethod {
  name: string;
  displayName: string;
  state: string;
  authURL: string;
  authUrl: string;
  codeVerifier: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
}

/** The `meta` of an OAuth2 sign-in's response: the provider's user and tokens. */
interface OAuth2Meta {
  id: string;
  name: string;
  username: string;
  email: string;
  avatarURL: string;
  avatarUrl: string;
  accessToken: string;
  refreshToken: string;
  expiry: string;
  rawUser: Record<string, unknown>;
  isNew: boolean;
}

export interface OAuth2SignIn {
  record: RecordValues;
  meta: OAuth2Meta;
}

/** The validated body of `auth-with-oauth2`. */
interface OAuth2Request {
  provider: OAuth2Provider;
  code: string;
  codeVerifier: string;
  redirectURL: string;
  createData: Record<string, unknown>;
}

/**
 * OAuth2 sign-in as PocketBase does it: `auth-methods` hands the client a PKCE pair and the
 * provider's authorization URL; `auth-with-oauth2` exchanges the code the provider sent back,
 * reads the person and signs them in to the account linked to that identity, the signed-in
 * account (linking), the account with the email the provider vouches for, or a new account
 * made through the usual create (rules and hooks, `@request.context = "oauth2"`).
 */
export class OAuth2Service {
  readonly #providers: Map<string, OAuth2Provider>;

  constructor(
    providers: readonly OAuth2Provider[],
    private readonly records: RecordService,
    private readonly users: UsersRepository,
    private readonly links: ExternalAuthsRepository,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#providers = new Map(providers.map((provider) => [provider.name, provider]));
  }

  /** Whether the collection signs people in with providers. */
  enabledFor(collection: CollectionDefinition): boolean {
    return collection.name === OAUTH2_COLLECTION && this.#providers.size > 0;
  }

  /**
   * The providers with a fresh state and PKCE pair each. A provider whose endpoints cannot be
   * read right now (its discovery document is unreachable) is left out, not an error: the
   * others and the password still work.
   */
  async methods(collection: CollectionDefinition): Promise<ProviderMethod[]> {
    if (!this.enabledFor(collection)) return [];
    const listed = await Promise.all(
      [...this.#providers.values()].map((provider) =>
        this.method(provider).catch((error: unknown) => {
          this.log.warn({ err: error, provider: provider.name }, 'OAuth2 provider unavailable');
          return null;
        }),
      ),
    );
    return listed.filter((method) => method !== null);
  }

  private async method(provider: OAuth2Provider): Promise<ProviderMethod> {
    const server = await provider.server();
    if (!server.authorization_endpoint) throw new Error('no authorization endpoint');
    const state = oauth.generateRandomState();
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const codeChallenge = await oauth.calculatePKCECodeChallenge(codeVerifier);
    const url = new URL(server.authorization_endpoint);
    url.searchParams.set('client_id', provider.clientId);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', provider.scopes.join(' '));
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    // The client appends its redirect URL (the contract: authURL ends with `&redirect_uri=`).
    const authURL = `${url.href}&redirect_uri=`;
    return {
      name: provider.name,
      displayName: provider.displayName,
      state,
      authURL,
      authUrl: authURL,
      codeVerifier,
      codeChallenge,
      codeChallengeMethod: 'S256',
    };
  }

  /** `auth-with-oauth2`: the signed-in record and the provider's `meta`. */
  async signIn(
    collection: CollectionDefinition,
    body: Readonly<Record<string, unknown>>,
    request: RecordRequest,
  ): Promise<OAuth2SignIn> {
    if (!this.enabledFor(collection))
      throw new ApiError(403, 'The collection is not configured to allow OAuth2 authentication.');
    const input = this.read(body);
    const { tokens, user } = await this.exchange(input);
    const { record, isNew } = await this.accountFor(collection, input, user, request);
    await this.users.recordSignIn(collection, String(record.id));
    const expiresIn = tokens.expires_in;
    return {
      record,
      meta: {
        id: user.id,
        name: user.name,
        username: user.username,
        email: user.email,
        avatarURL: user.avatarURL,
        avatarUrl: user.avatarURL,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? '',
        expiry:
          typeof expiresIn === 'number'
            ? new Date(Date.now() + expiresIn * 1000).toISOString().replace('T', ' ')
            : '',
        rawUser: user.rawUser,
        isNew,
      },
    };
  }

  /** The body's fields, or 400 naming each one that is missing or wrong. */
  private read(body: Readonly<Record<string, unknown>>): OAuth2Request {
    const errors: Record<string, FieldError> = {};
    const text = (key: string, value: unknown = body[key]) => {
      if (typeof value === 'string' && value.trim() !== '' && value.length <= 4096) return value;
      errors[key] = { code: 'validation_required', message: 'Cannot be blank.' };
      return '';
    };
    const name = text('provider');
    const provider = this.#providers.get(name);
    if (name && !provider) {
      errors.provider = {
        code: 'validation_invalid_provider',
        message: `Provider with name "${name}" is missing or is not enabled.`,
      };
    }
    const code = text('code');
    const codeVerifier = text('codeVerifier');
    const redirectURL = text('redirectURL', body.redirectURL ?? body.redirectUrl);
    if (redirectURL && !URL.canParse(redirectURL)) {
      errors.redirectURL = { code: 'validation_is_url', message: 'Must be a valid url.' };
    }
    const createData = body.createData ?? {};
    if (typeof createData !== 'object' || createData === null || Array.isArray(createData)) {
      errors.createData = { code: 'validation_invalid_value', message: 'Must be an object.' };
    }
    if (Object.keys(errors).length || !provider) throw new ApiError(400, VALIDATION_FAILED, errors);
    return {
      provider,
      code,
      codeVerifier,
      redirectURL,
      createData: createData as Record<string, unknown>,
    };
  }

  /**
   * Trades the code for tokens (the provider checks the code verifier against the challenge
   * it was given, and refuses a code used before), then reads the person.
   */
  private async exchange({ provider, code, codeVerifier, redirectURL }: OAuth2Request) {
    const client: oauth.Client = { client_id: provider.clientId };
    let tokens: oauth.TokenEndpointResponse;
    let server: oauth.AuthorizationServer;
    try {
      server = await provider.server();
      // The client sends the code alone; the issuer is this provider's by construction (the
      // code is only good with the verifier that provider was given the challenge of).
      const callback = oauth.validateAuthResponse(
        server,
        client,
        new URLSearchParams({ code, iss: server.issuer }),
        oauth.expectNoState,
      );
      const response = await oauth.authorizationCodeGrantRequest(
        server,
        client,
        provider.clientAuthentication,
        callback,
        redirectURL,
        codeVerifier,
        requestOptions(server.token_endpoint ?? '', provider.fetch),
      );
      tokens = await oauth.processAuthorizationCodeResponse(server, client, response);
    } catch (error) {
      this.log.info({ err: error, provider: provider.name }, 'OAuth2 code exchange refused');
      throw new ApiError(400, FAILED_TOKEN);
    }
    try {
      const user = await provider.user({
        server,
        client,
        accessToken: tokens.access_token,
        idToken: oauth.getValidatedIdTokenClaims(tokens),
        options: requestOptions(server.userinfo_endpoint ?? server.issuer, provider.fetch),
      });
      if (!user.id) throw new Error('the provider named no user id');
      return { tokens, user };
    } catch (error) {
      this.log.info({ err: error, provider: provider.name }, 'OAuth2 user not read');
      throw new ApiError(400, FAILED_USER);
    }
  }

  /**
   * The account the identity signs in to, linking it on first use. In order: the account
   * already linked to it; the signed-in account (linking from Settings); the account with the
   * email the provider verified; a new account. An email the provider did not verify never
   * reaches an existing account.
   */
  private async accountFor(
    collection: CollectionDefinition,
    { provider, createData }: OAuth2Request,
    user: OAuth2User,
    request: RecordRequest,
  ): Promise<{ record: RecordValues; isNew: boolean }> {
    const linked = await this.links.recordOf(collection.id, provider.name, user.id);
    if (linked) {
      const record = await this.records.findRecord(collection, linked);
      if (record) {
        const current = request.auth?.record.id;
        if (current && current !== linked) {
          throw new ApiError(400, FAILED, {
            provider: problem(
              'validation_oauth2_linked_elsewhere',
              `This ${provider.displayName} account is already linked to another Airgrid account.`,
            ),
          });
        }
        return { record, isNew: false };
      }
      await this.links.unlink(collection.id, provider.name, user.id);
    }

    if (request.auth && request.auth.collection.id === collection.id) {
      const record = await this.records.findRecord(collection, String(request.auth.record.id));
      if (!record) throw new ApiError(400, FAILED);
      await this.link(collection, record, provider, user);
      return { record, isNew: false };
    }

    const sameEmail = user.email ? await this.users.findByEmail(collection, user.email) : undefined;
    if (sameEmail) {
      if (!user.emailVerified) {
        throw new ApiError(400, FAILED, {
          email: problem(
            'validation_oauth2_email_not_verified',
            `An account with ${user.email} already exists, and ${provider.displayName} has not verified that this address is yours. Sign in with your password, then link ${provider.displayName} in Settings → Account.`,
          ),
        });
      }
      await this.link(collection, sameEmail, provider, user);
      if (!sameEmail.verified)
        await this.users.markVerified(collection, String(sameEmail.id), String(sameEmail.email));
      return { record: { ...sameEmail, verified: true }, isNew: false };
    }

    return {
      record: await this.create(collection, provider, user, createData, request),
      isNew: true,
    };
  }

  /** A new account through the records API's create, with the provider's name and email. */
  private async create(
    collection: CollectionDefinition,
    provider: OAuth2Provider,
    user: OAuth2User,
    createData: Record<string, unknown>,
    request: RecordRequest,
  ): Promise<RecordValues> {
    const password = randomBytes(24).toString('base64url');
    const body = {
      ...(user.name ? { name: user.name.slice(0, 255) } : {}),
      ...createData,
      ...(user.email ? { email: user.email } : {}),
      password,
      passwordConfirm: password,
    };
    const created = await this.records.create(collection.name, body, {
      ...request,
      auth: null,
      body,
      context: 'oauth2',
    });
    const id = String(created.id);
    if (user.email && user.emailVerified) await this.users.markVerified(collection, id, user.email);
    const record = await this.records.findRecord(collection, id);
    if (!record) throw new ApiError(400, FAILED);
    await this.link(collection, record, provider, user);
    return record;
  }

  private async link(
    collection: CollectionDefinition,
    record: RecordValues,
    provider: OAuth2Provider,
    user: OAuth2User,
  ): Promise<void> {
    const existing = await this.links.identityOf(collection.id, String(record.id), provider.name);
    if (existing === user.id) return;
    if (existing !== undefined) {
      throw new ApiError(400, FAILED, {
        provider: problem(
          'validation_oauth2_already_linked',
          `Your account is linked to another ${provider.displayName} account: unlink it in Settings → Account first.`,
        ),
      });
    }
    try {
      await this.links.link(collection.id, {
        recordRef: String(record.id),
        provider: provider.name,
        providerId: user.id,
      });
    } catch (error) {
      // Two sign-ins with the same identity at once: the other one linked it.
      if (!isUniqueViolation(error)) throw error;
    }
  }
}

const problem = (code: string, message: string): FieldError => ({ code, message });
