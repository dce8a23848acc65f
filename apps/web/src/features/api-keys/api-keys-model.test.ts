import type { ApiKeyRecord } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  curlSnippet,
  expiresFor,
  isApiKeyRole,
  isExpired,
  sdkSnippet,
  sortKeys,
} from './api-keys-model';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

function key(overrides: Partial<ApiKeyRecord>): ApiKeyRecord {
  return {
    id: 'k',
    created: '2026-11-01 00:00:00.000Z',
    updated: '2026-11-01 00:00:00.000Z',
    organization: 'o',
    name: 'Key',
    role: 'viewer',
    prefix: 'agk_abcdef',
    expires: '',
    lastUsed: '',
    createdBy: 'u',
    ...overrides,
  };
}

describe('expiresFor', () => {
  it('is empty for never and that many days later otherwise, as a record date', () => {
    expect(expiresFor('never', NOW)).toBe('');
    expect(expiresFor('30', NOW)).toBe('2026-12-26 12:00:00.000Z');
    expect(expiresFor('365', NOW)).toBe('2027-11-26 12:00:00.000Z');
  });
});

describe('a key in the list', () => {
  it('tells an expired key', () => {
    expect(isExpired(key({ expires: '' }), NOW)).toBe(false);
    expect(isExpired(key({ expires: '2026-11-26 12:00:00.000Z' }), NOW)).toBe(true);
    expect(isExpired(key({ expires: '2026-11-26 12:00:01.000Z' }), NOW)).toBe(false);
  });

  it('lists working keys first, newest first', () => {
    const old = key({ id: 'old', created: '2026-01-01 00:00:00.000Z' });
    const recent = key({ id: 'recent', created: '2026-11-20 00:00:00.000Z' });
    const expired = key({
      id: 'expired',
      created: '2026-11-25 00:00:00.000Z',
      expires: '2026-11-25 00:00:00.000Z',
    });
    expect(sortKeys([old, expired, recent], NOW).map((k) => k.id)).toEqual([
      'recent',
      'old',
      'expired',
    ]);
  });

  it('knows the two roles a key may have', () => {
    expect(isApiKeyRole('viewer')).toBe(true);
    expect(isApiKeyRole('editor')).toBe(true);
    expect(isApiKeyRole('admin')).toBe(false);
    expect(isApiKeyRole(undefined)).toBe(false);
  });
});

describe('snippets', () => {
  it('show the key in a script and on the command line', () => {
    const sdk = sdkSnippet('https://tv.example.org', 'agk_x', 'org123');
    expect(sdk).toContain("new PocketBase('https://tv.example.org')");
    expect(sdk).toContain("pb.authStore.save('agk_x')");
    expect(sdk).toContain("const organization = 'org123'; // your station");
    expect(sdk).toContain("pb.filter('organization = {:organization}', { organization })");
    expect(curlSnippet('https://tv.example.org', 'agk_x')).toBe(
      "curl -H 'Authorization: Bearer agk_x' 'https://tv.example.org/api/collections/channels/records'",
    );
  });
});
