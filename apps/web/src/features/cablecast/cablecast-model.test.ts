import type { CablecastConnectionRecord } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  addressBreaksRule,
  addressMoved,
  apiKeyOf,
  checkCredentials,
  initialValues,
  lastCheckOf,
  withCredentialsFor,
} from './cablecast-model';

const base = { baseUrl: 'https://c.example.org', user: '', password: '', editingCredentials: true };

function record(overrides: Partial<CablecastConnectionRecord>): CablecastConnectionRecord {
  return {
    id: 'c',
    created: '',
    updated: '',
    organization: 'o',
    baseUrl: 'https://c.example.org',
    hasCredentials: false,
    lastCheck: {},
    channelMap: [],
    syncEveryMinutes: 0,
    nextSyncAt: '',
    failingSince: '',
    ...overrides,
  };
}

describe('the server address, by the seed’s cablecast rule', () => {
  it('takes a server address with or without a scheme and the API path', () => {
    for (const address of [
      'https://cablecast.example.org',
      ' http://10.0.0.5:8080/CablecastAPI/v1/ ',
      'cablecast.example.org/tv',
      '',
    ])
      expect(addressBreaksRule(address)).toBe(false);
  });

  it('refuses other schemes, credentials in the address and spaces', () => {
    for (const address of [
      'ftp://cablecast.example.org',
      'https://admin:secret@cablecast.example.org',
      'cablecast example org',
    ])
      expect(addressBreaksRule(address)).toBe(true);
  });
});

describe('the credentials the card sends', () => {
  it('keeps the stored ones while the fields are hidden', () => {
    expect(
      apiKeyOf({ ...base, editingCredentials: false, user: 'x', password: 'y' }),
    ).toBeUndefined();
  });

  it('reads anonymously with both fields empty, and joins them as user:password', () => {
    expect(apiKeyOf(base)).toBe('');
    expect(apiKeyOf({ ...base, user: ' importer ', password: 'pa:ss' })).toBe('importer:pa:ss');
  });

  it('asks for the half that is missing, and refuses a colon in the user name', () => {
    expect(checkCredentials({ ...base, password: 'p' })).toEqual({
      user: 'Enter the user name too.',
    });
    expect(checkCredentials({ ...base, user: 'u' })).toEqual({
      password: 'Enter the password too.',
    });
    expect(checkCredentials({ ...base, user: 'a:b', password: 'p' })).toEqual({
      user: 'A Cablecast user name cannot hold a colon.',
    });
    expect(checkCredentials({ ...base, user: 'u', password: 'p' })).toEqual({});
    expect(checkCredentials({ ...base, editingCredentials: false, password: 'p' })).toEqual({});
  });
});

describe('the saved connection', () => {
  it('shows the credential fields only when none are stored', () => {
    expect(initialValues(null)).toEqual({ ...base, baseUrl: '' });
    expect(initialValues(record({ hasCredentials: true })).editingCredentials).toBe(false);
  });

  it('has a last check only once tested', () => {
    expect(lastCheckOf(null)).toBeNull();
    expect(lastCheckOf(record({}))).toBeNull();
    const check = { ok: true as const, at: 'x', signedIn: false, channels: [], showCount: 3 };
    expect(lastCheckOf(record({ lastCheck: check }))).toEqual(check);
  });
});

describe('a new address', () => {
  const saved = record({ baseUrl: 'https://cablecast.example.org', hasCredentials: true });
  const values = {
    baseUrl: 'https://cablecast.example.org',
    user: '',
    password: '',
    editingCredentials: false,
  };

  it('is told from the saved one as the server reads addresses', () => {
    for (const same of [
      'https://cablecast.example.org',
      ' cablecast.example.org/ ',
      'HTTPS://Cablecast.Example.org/CablecastAPI/v1/',
    ])
      expect(addressMoved(same, saved)).toBe(false);
    for (const moved of [
      'http://cablecast.example.org',
      'https://cablecast.example.org:8443',
      'https://other.example.net',
    ])
      expect(addressMoved(moved, saved)).toBe(true);
    expect(addressMoved('https://x.example.org', null)).toBe(false);
  });

  it('asks for the credentials again, since the saved ones stay with their address', () => {
    expect(withCredentialsFor(values, saved).editingCredentials).toBe(false);
    const moved = withCredentialsFor({ ...values, baseUrl: 'https://other.example.net' }, saved);
    expect(moved.editingCredentials).toBe(true);
    // Both fields empty: read the new server anonymously.
    expect(apiKeyOf(moved)).toBe('');
    expect(
      withCredentialsFor(
        { ...values, baseUrl: 'https://other.example.net' },
        { ...saved, hasCredentials: false },
      ).editingCredentials,
    ).toBe(false);
  });
});
