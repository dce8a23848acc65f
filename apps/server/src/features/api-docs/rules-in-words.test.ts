import { describe, expect, it } from 'vitest';
import type { CollectionModule } from '../../records/collection-module.js';
import { COLLECTION_MODULES } from '../index.js';
import { accessOf, accessWords, REQUESTERS, type Requester } from './rules-in-words.js';

const module = (name: string): CollectionModule => {
  const found = COLLECTION_MODULES.find((each) => each.definition.name === name);
  if (!found) throw new Error(name);
  return found;
};

const words = (name: string, rule: keyof CollectionModule['rules'], requester: Requester) => {
  const { definition, rules } = module(name);
  return accessWords(accessOf(definition, rules[rule], requester));
};

describe('rules in words', () => {
  it('says No for a null rule and Yes for an empty one, for everyone', () => {
    for (const requester of REQUESTERS) {
      expect(words('_superusers', 'listRule', requester)).toBe('No');
      expect(words('embeds', 'viewRule', requester)).toBe('Yes');
    }
  });

  it('decides what the requester’s kind decides', () => {
    expect(words('shows', 'listRule', 'guest')).toBe('No');
    expect(words('shows', 'listRule', 'no-station')).toBe('No');
    expect(words('shows', 'listRule', 'viewer')).toBe('When the record is their station’s');
    expect(words('shows', 'createRule', 'viewer')).toBe('No');
    expect(words('organizations', 'createRule', 'no-station')).toBe('Yes');
    expect(words('organizations', 'createRule', 'owner')).toBe('No');
    expect(words('organizations', 'deleteRule', 'admin')).toBe('No');
    expect(words('organizations', 'deleteRule', 'owner')).toBe(
      'When the record is their own station',
    );
  });

  it('says what is left about the record and the sent body', () => {
    expect(words('channels', 'listRule', 'guest')).toBe(
      'When `public` is true and `archived` is false',
    );
    expect(words('channels', 'listRule', 'editor')).toBe(
      'When the record is their station’s or (`public` is true and `archived` is false)',
    );
    expect(words('channels', 'updateRule', 'editor')).toBe(
      'When the record is their station’s and (organization is not sent or the sent organization is their station)',
    );
    expect(words('shows', 'deleteRule', 'producer')).toBe(
      'When the record is their station’s and `producer` is themselves',
    );
    expect(words('organizations', 'updateRule', 'admin')).toBe(
      'When the record is their own station and archived is not sent',
    );
  });

  it('sees that a field cannot be both empty and set', () => {
    // users: `id = me || (organization != "" && organization = my organization)`; a guest has
    // no organization, so only their own account could match, and a guest has none.
    expect(words('users', 'listRule', 'guest')).toBe('No');
    expect(words('users', 'listRule', 'no-station')).toBe('When the record is their own account');
  });

  it('says every rule of every collection, for every requester, without failing', () => {
    for (const { definition, rules } of COLLECTION_MODULES) {
      for (const rule of Object.values(rules)) {
        for (const requester of REQUESTERS) {
          expect(accessWords(accessOf(definition, rule, requester))).toMatch(/^(Yes|No|When .+)$/);
        }
      }
    }
  });
});
