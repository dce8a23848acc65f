import type { CollectionDefinition } from '@airgrid/schema';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors/api-error.js';
import { preparePasswordChecks, verifyPassword } from '../records/passwords.js';
import type { RecordValues } from '../records/record-codec.js';
import type { RecordRequest, RecordService } from '../records/record-service.js';
import { type AuthState, SUPERUSERS } from '../request-types.js';
import { isApiKey } from './api-keys.js';
import { AuthCache } from './auth-cache.js';
import {
  readClaims,
  SUPERUSER_AUTH_LIFETIME,
  signingKey,
  signToken,
  TOKEN_LIFETIMES,
  type TokenClaims,
  type TokenType,
  verifyToken,
} from './tokens.js';
import type { UsersRepository } from './users-repository.js';

// Who is asking is defined in request-types.ts, which http/'s request helpers share; auth is
// where the areas read it from.
export { type AuthState, SUPERUSERS };

/** What a password sign-in takes as its identity (`auth-with-password`'s `identity`). */
export const PASSWORD_IDENTITY_FIELDS: readonly string[] = ['email'];

/** Signs people in and out: password checks, tokens, and reading the token of a request. */
export class AuthService {
  constructor(
    private readonly records: RecordService,
    private readonly users: UsersRepository,
    private readonly secret: string,
    private readonly clock: Clock,
    /**
     * Auth tokens verified a moment ago, so a busy client's requests skip the record read;
     * whoever changes auth records clears it (main.ts wires that).
     */
    private readonly recent: AuthCache<AuthState> = new AuthCache(),
    /** Reads API keys (`agk_…`), which stand for an `apiKeys` record rather than a signed token. */
    private readonly apiKeys?: { verify(token: string): Promise<AuthState | null> },
  ) {
    preparePasswordChecks();
  }

  /** The auth collection by name or id, or 404 "Missing or invalid auth collection context.". */
  authCollection(nameOrId: string): CollectionDefinition {
    const module = this.records.findModule(nameOrId);
    if (module?.definition.type !== 'auth') {
      throw new ApiError(404, 'Missing or invalid auth collection context.');
    }
    return module.definition;
  }

  /** How long a token of a type for the collection's records lasts, in seconds. */
  tokenLifetime(collection: CollectionDefinition, type: TokenType): number {
    return type === 'auth' && collection.name === SUPERUSERS
      ? SUPERUSER_AUTH_LIFETIME
      : TOKEN_LIFETIMES[type];
  }

  /** Issues a token of a type for a record, signed with the record's key. */
  issue(
    collection: CollectionDefinition,
    record: RecordValues,
    type: TokenType,
    extra: Partial<TokenClaims> = {},
  ): string {
    const lifetime = this.tokenLifetime(collection, type);
    const claims: TokenClaims = {
      id: String(record.id),
      type,
      collectionId: collection.id,
      exp: Math.floor(this.clock.now() / 1000) + lifetime,
      ...(type === 'auth' ? { refreshable: true } : {}),
      ...extra,
    };
    return signToken(claims, signingKey(this.secret, collection.id, type, String(record.tokenKey)));
  }

  /**
   * Reads a token: well formed, of the expected type, for a record that exists, signed with
   * that record's current key and not expired. Anything else is null (a guest).
   */
  async verify(token: string, type: TokenType): Promise<AuthState | null> {
    if (isApiKey(token)) return type === 'auth' && this.apiKeys ? this.apiKeys.verify(token) : null;
    const nowSec = Math.floor(this.clock.now() / 1000);
    // Only auth tokens are kept: they come with every request; file tokens are rare.
    const cached = type === 'auth' ? this.recent.get(token, nowSec) : undefined;
    if (cached) return cached;
    const claims = readClaims(token);
    if (!claims || claims.type !== type) return null;
    const module = this.records.findModule(claims.collectionId);
    if (!module) return null;
    const generation = this.recent.generation();
    const record = await this.records.findRecord(module.definition, claims.id);
    if (!record) return null;
    const key = signingKey(this.secret, module.definition.id, type, String(record.tokenKey));
    if (!verifyToken(token, key, nowSec)) return null;
    // Frozen: one state now serves many requests, so none may change it for the others.
    const state = Object.freeze({
      collection: module.definition,
      record: Object.freeze(record),
      token,
      claims,
    });
    if (type === 'auth') this.recent.set(token, claims, state, generation);
    return state;
  }

  /**
   * Checks an identity and password; any mismatch is the same 400, so nothing leaks. An unknown
   * identity still costs one bcrypt comparison (against a dummy hash), so it takes as long as a
   * known one and timing does not tell which emails have accounts.
   */
  async withPassword(
    collection: CollectionDefinition,
    identity: string,
    password: string,
  ): Promise<RecordValues> {
    const record = await this.users.findByEmail(collection, identity);
    const hash = typeof record?.password === 'string' ? record.password : undefined;
    const matches = await verifyPassword(password, hash);
    if (!record || !matches) throw new ApiError(400, 'Failed to authenticate.');
    await this.users.recordSignIn(collection, String(record.id));
    return record;
  }

  /** The response of every auth endpoint: `{token, record}` with the email always visible. */
  response(
    collection: CollectionDefinition,
    record: RecordValues,
    request: RecordRequest,
    token?: string,
  ) {
    const exported = this.records.export(collection, record, {
      ...request,
      auth: { collection, record },
      isSuperuser: request.isSuperuser,
    });
    return {
      token: token ?? this.issue(collection, record, 'auth'),
      record: { ...exported, email: record.email },
    };
  }
}
