import { createHash, randomBytes } from 'node:crypto';
import { toRecordDate } from '@airgrid/domain';
import { API_KEY_PREFIX, apiKeys, isAdminRole } from '@airgrid/schema';
import { type apiKeyCreate, apiKeyExpiry, type EndpointParsed } from '@airgrid/schema/contracts';
import type { Clock } from '../clock.js';
import { ApiError, type FieldError } from '../errors/api-error.js';
import type { RecordValues } from '../records/record-codec.js';
import { type RecordService, serverRequest } from '../records/record-service.js';
import type { AuthState, RequestContext } from '../request-types.js';
import type { ApiKeysRepository } from './api-keys-repository.js';
import type { AuthCache } from './auth-cache.js';

// API keys (issue 19; docs/security.md, "API keys"): a station's scripts send
// `Authorization: Bearer agk_…` (or the SDK's `pb.authStore.save(key)`), and the request acts as
// the key's `apiKeys` record: its organization and role, through the same API rules as a
// member's. The key is 32 random bytes; only its SHA-256 is stored (a key is not a password a
// person chose, so a fast hash is enough: guessing 256 bits is hopeless either way).

/** Random bytes in a key, written as base64url after the prefix. */
const KEY_BYTES = 32;
/** Characters of the key kept in clear (the prefix and 6 more) to tell keys apart in a list. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 6;
/** `lastUsed` is written at most this often per key: a busy script is not a write per request. */
const LAST_USED_EVERY_MS = 60_000;
/** A key that never expires is still a claim with an expiry, for the auth cache: far away. */
const NEVER_SEC = 253_402_300_799; // 9999-12-31
/** Keys whose last use time this node remembers writing; the oldest make room. */
const MAX_REMEMBERED = 10_000;

/** A new key: what the client is shown once, and what is stored. */
interface NewApiKey {
  key: string;
  prefix: string;
  keyHash: string;
}

function generateApiKey(): NewApiKey {
  const key = `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
  return { key, prefix: key.slice(0, SHOWN_CHARACTERS), keyHash: hashApiKey(key) };
}

function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Whether a token is shaped like an API key (and so is not a sign-in token). */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** What a new key asks for, read by its contract (apiKeyCreate): expires in milliseconds. */
export type ApiKeyInput = EndpointParsed<typeof apiKeyCreate>['body'];

/** Creates keys and reads the key of a request. */
export class ApiKeyService {
  readonly #lastUsedWritten = new Map<string, number>();

  constructor(
    private readonly records: RecordService,
    private readonly keys: ApiKeysRepository,
    private readonly clock: Clock,
    /** Shared with sign-in tokens: cleared when an auth record or a key changes (main.ts). */
    private readonly recent: AuthCache<AuthState>,
  ) {}

  /**
   * Only an owner or an admin signed in as a member makes keys (a key cannot make keys,
   * whatever its role); checked before the body. Answers who asks: their organization and id.
   */
  requireAdmin(request: RequestContext): { organization: string; user: string } {
    const auth = request.auth;
    if (auth?.collection.name !== 'users' || !auth.record.organization) {
      throw new ApiError(
        401,
        'Sign in as an owner or an admin of the organization to create API keys.',
      );
    }
    if (!isAdminRole(auth.record.role)) {
      throw new ApiError(403, 'Only owners and admins can create API keys.');
    }
    return { organization: String(auth.record.organization), user: String(auth.record.id) };
  }

  /** The expiry's problem as sent, by this server's clock: a date that has passed. */
  expiryProblems(body: Record<string, unknown>): Record<string, FieldError> {
    const at = apiKeyExpiry(body.expires);
    return Number.isFinite(at) && at <= this.clock.now()
      ? { expires: { code: 'validation_min_date_constraint', message: 'Must be in the future.' } }
      : {};
  }

  /**
   * Makes a key for the requester's organization (the contract read the fields, expiryProblems
   * the expiry). Returns the record and, this once, the key itself.
   */
  async create(
    input: ApiKeyInput,
    request: RequestContext,
  ): Promise<{ record: RecordValues; key: string }> {
    const { organization, user } = this.requireAdmin(request);
    const fields = {
      name: input.name,
      role: input.role,
      expires: input.expires === undefined ? '' : toRecordDate(input.expires),
    };
    const { key, prefix, keyHash } = generateApiKey();
    const record = await this.records.create(
      apiKeys.name,
      {
        ...fields,
        organization,
        createdBy: user,
        prefix,
        keyHash,
      },
      serverRequest('POST'),
    );
    return { record, key };
  }

  /**
   * The auth state of a request that sent `token` as its key, or null (a guest) when no key has
   * that hash, or it expired. The record is the key's own, as rules see it.
   */
  async verify(token: string): Promise<AuthState | null> {
    const nowMs = this.clock.now();
    const nowSec = Math.floor(nowMs / 1000);
    const cached = this.recent.get(token, nowSec);
    if (cached) {
      this.noteUse(String(cached.record.id), nowMs);
      return cached;
    }
    const generation = this.recent.generation();
    const record = await this.keys.findByHash(hashApiKey(token));
    if (!record) return null;
    const expires = record.expires ? Date.parse(String(record.expires).replace(' ', 'T')) : NaN;
    if (Number.isFinite(expires) && expires <= nowMs) return null;
    const claims = Object.freeze({
      id: String(record.id),
      type: 'auth' as const,
      collectionId: apiKeys.id,
      exp: Number.isFinite(expires) ? Math.floor(expires / 1000) : NEVER_SEC,
    });
    const state: AuthState = Object.freeze({
      collection: apiKeys,
      record: Object.freeze(record),
      token,
      claims,
    });
    this.recent.set(token, claims, state, generation);
    this.noteUse(claims.id, nowMs);
    return state;
  }

  /** Stamps `lastUsed`, at most once a minute per key and never in the request's way. */
  private noteUse(id: string, nowMs: number): void {
    const last = this.#lastUsedWritten.get(id);
    if (last !== undefined && nowMs - last < LAST_USED_EVERY_MS) return;
    if (this.#lastUsedWritten.size >= MAX_REMEMBERED) this.#lastUsedWritten.clear();
    this.#lastUsedWritten.set(id, nowMs);
    this.keys.touch(id, toRecordDate(nowMs)).catch(() => {
      // A missed stamp costs nothing but a less precise "last used"; the next minute retries.
      this.#lastUsedWritten.delete(id);
    });
  }
}
