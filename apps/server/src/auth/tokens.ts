import { createHmac, timingSafeEqual } from 'node:crypto';

import type { TokenClaims, TokenType } from '../request-types.js';

/** The kinds of token and their claims: defined in request-types.ts, beside AuthState. */
export type { TokenClaims, TokenType };

/** Lifetimes in seconds, as PocketBase's defaults. */
export const TOKEN_LIFETIMES: Readonly<Record<TokenType, number>> = {
  auth: 432_000,
  file: 180,
  verification: 86_400,
  passwordReset: 1_800,
  emailChange: 1_800,
};
export const SUPERUSER_AUTH_LIFETIME = 86_400;

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

/**
 * The key a record's token of one type is signed with: the record's own tokenKey (rotating it
 * revokes that record's tokens) plus a per-collection, per-type secret derived from the app
 * secret (rotating that revokes everyone's).
 */
export function signingKey(
  appSecret: string,
  collectionId: string,
  type: TokenType,
  tokenKey: string,
): string {
  const collectionSecret = createHmac('sha256', appSecret)
    .update(`${collectionId}:${type}`)
    .digest('hex');
  return `${tokenKey}${collectionSecret}`;
}

/** Signs claims as an HS256 JWT. */
export function signToken(claims: TokenClaims, key: string): string {
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', key).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

/**
 * Reads a token's claims without checking the signature (that needs the record's key, so the
 * record is loaded first). Returns null for anything that is not a well-formed token.
 */
export function readClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims = JSON.parse(
      Buffer.from(parts[1], 'base64url').toString('utf8'),
    ) as Partial<TokenClaims>;
    if (typeof claims !== 'object' || claims === null) return null;
    if (
      typeof claims.id !== 'string' ||
      typeof claims.collectionId !== 'string' ||
      typeof claims.type !== 'string'
    ) {
      return null;
    }
    if (typeof claims.exp !== 'number') return null;
    return claims as TokenClaims;
  } catch {
    return null;
  }
}

/** True when the signature matches the key and the token has not expired at `nowSec`. */
export function verifyToken(token: string, key: string, nowSec: number): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [header, payload, signature = ''] = parts;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const claims = readClaims(token);
  return claims !== null && claims.exp > nowSec;
}
