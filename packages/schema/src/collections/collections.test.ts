import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { allFields } from '../collection.js';
import { COLLECTIONS } from './index.js';

describe('collections', () => {
  it('have PocketBase ids: pbc_ + crc32(type + name), or the fixed users id', () => {
    for (const collection of COLLECTIONS) {
      const expected =
        collection.name === 'users'
          ? '_pb_users_auth_'
          : `pbc_${crc32(collection.type + collection.name)}`;
      expect(collection.id, collection.name).toBe(expected);
    }
  });

  it('have unique names and unique field names', () => {
    expect(new Set(COLLECTIONS.map((c) => c.name)).size).toBe(COLLECTIONS.length);
    for (const collection of COLLECTIONS) {
      const names = allFields(collection).map((field) => field.name);
      expect(new Set(names).size, collection.name).toBe(names.length);
    }
  });

  it('relate only to collections that exist', () => {
    const names = new Set(COLLECTIONS.map((c) => c.name));
    for (const collection of COLLECTIONS) {
      for (const field of collection.fields) {
        if (field.type === 'relation')
          expect(names, `${collection.name}.${field.name}`).toContain(field.collection);
      }
    }
  });

  it('mark organization-owned collections with a required organization relation', () => {
    for (const collection of COLLECTIONS.filter((c) => c.organizationOwned)) {
      const organization = collection.fields.find((field) => field.name === 'organization');
      expect(organization, collection.name).toMatchObject({
        type: 'relation',
        collection: 'organizations',
        required: true,
      });
    }
  });
});
