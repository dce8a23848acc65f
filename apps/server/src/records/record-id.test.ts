import { describe, expect, it } from 'vitest';
import { newRecordId, stableRecordId } from './record-id.js';

describe('record ids', () => {
  it('are 15 characters of [a-z0-9]', () => {
    for (let i = 0; i < 200; i++) expect(newRecordId()).toMatch(/^[a-z0-9]{15}$/);
    expect(stableRecordId('channel:riverside:one')).toMatch(/^[a-z0-9]{15}$/);
  });

  it('derive the same id from the same key and different ids from different keys', () => {
    expect(stableRecordId('a')).toBe(stableRecordId('a'));
    expect(stableRecordId('a')).not.toBe(stableRecordId('b'));
  });

  it('do not repeat in practice', () => {
    const ids = new Set(Array.from({ length: 5000 }, newRecordId));
    expect(ids.size).toBe(5000);
  });
});
