import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readClaims, signingKey, signToken, verifyToken } from './tokens.js';

const key = signingKey(
  'app-secret-of-at-least-32-characters!!',
  '_pb_users_auth_',
  'auth',
  'token-key-1',
);

describe('tokens', () => {
  it('sign and verify, with the SDK-compatible claims', () => {
    const token = signToken(
      {
        id: 'abc123def456ghi',
        type: 'auth',
        collectionId: '_pb_users_auth_',
        exp: 2000,
        refreshable: true,
      },
      key,
    );
    expect(verifyToken(token, key, 1999)).toBe(true);
    expect(readClaims(token)).toEqual({
      id: 'abc123def456ghi',
      type: 'auth',
      collectionId: '_pb_users_auth_',
      exp: 2000,
      refreshable: true,
    });
  });

  it('reject an expired token, a tampered one and one signed with another key', () => {
    const token = signToken({ id: 'a', type: 'auth', collectionId: 'c', exp: 2000 }, key);
    expect(verifyToken(token, key, 2000)).toBe(false);
    const [h, , s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ id: 'b', type: 'auth', collectionId: 'c', exp: 9999 })).toString('base64url')}.${s}`;
    expect(verifyToken(forged, key, 1)).toBe(false);
    const otherKey = signingKey(
      'app-secret-of-at-least-32-characters!!',
      '_pb_users_auth_',
      'auth',
      'token-key-2',
    );
    expect(verifyToken(token, otherKey, 1)).toBe(false);
  });

  it('derive different keys per type and per collection', () => {
    const secret = 'x'.repeat(40);
    expect(signingKey(secret, 'c', 'auth', 'k')).not.toBe(signingKey(secret, 'c', 'file', 'k'));
    expect(signingKey(secret, 'c', 'auth', 'k')).not.toBe(signingKey(secret, 'd', 'auth', 'k'));
  });

  it('read nothing from garbage', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const claims = readClaims(text);
        expect(claims === null || typeof claims.id === 'string').toBe(true);
        expect(verifyToken(text, key, 0)).toBe(false);
      }),
    );
  });

  it('produce payloads the SDK can decode with atob (no - or _ for plain ids)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{15}$/),
        fc.integer({ min: 1_700_000_000, max: 2_000_000_000 }),
        (id, exp) => {
          const payload =
            signToken(
              { id, type: 'auth', collectionId: '_pb_users_auth_', exp, refreshable: true },
              key,
            ).split('.')[1] ?? '';
          // The SDK decodes with plain atob: base64url's - and _ would make it fail.
          expect(payload).toMatch(/^[A-Za-z0-9]+$/);
          expect(JSON.parse(atob(payload))).toMatchObject({ id, exp });
        },
      ),
    );
  });
});
