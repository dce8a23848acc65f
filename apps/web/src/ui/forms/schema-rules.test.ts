import { checkRules } from '@airgrid/domain';
import { bool, type CollectionDefinition, email, text, users } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import { collectionRules, patternCheck, rulesForField } from './schema-rules';

describe('rulesForField', () => {
  it('turns text limits and seed rules into a rules text', () => {
    expect(rulesForField(text('code', { required: true, min: 2, max: 8, rules: 'zipcode' }))).toBe(
      'required|min:2|max:8|zipcode',
    );
    expect(rulesForField(text('note'))).toBe('');
  });

  it('checks email fields as emails', () => {
    expect(rulesForField(email('contact'))).toBe('email');
    expect(rulesForField(email('contact', { required: true }))).toBe('required|email');
  });

  it('asks only for required on other types', () => {
    expect(rulesForField(bool('public', { required: true }))).toBe('required');
  });
});

describe('the users fields of the Settings modal', () => {
  it('have the limits the server applies', () => {
    expect(collectionRules(users, 'name')).toBe('max:255');
    expect(collectionRules(users, 'phone')).toBe('max:32|phone');
    expect(collectionRules(users, 'email')).toBe('required|email');
    expect(collectionRules(users, 'username')).toBe('max:64');
    expect(collectionRules(users, 'bio')).toBe('max:2000');
  });

  it('check the phone with the seed rule, as the server does', () => {
    expect(checkRules('555-123-4567', collectionRules(users, 'phone'), 'phone')?.message).toBe(
      'phone_number is invalid',
    );
  });

  it('refuse a field the collection does not have', () => {
    expect(() => collectionRules(users, 'nickname')).toThrow(
      'The users collection has no field named nickname.',
    );
  });
});

describe('patternCheck', () => {
  const check = patternCheck(users, 'username', 'Letters, digits, _ . and - only.');

  it('passes matching and empty values, and explains the rest', () => {
    expect(check('pat.producer-1', {})).toBeNull();
    expect(check('', {})).toBeNull();
    expect(check('pat producer', {})).toBe('Letters, digits, _ . and - only.');
    expect(check('.pat', {})).toBe('Letters, digits, _ . and - only.');
  });

  it('refuses a field without a pattern', () => {
    const plain: CollectionDefinition = {
      id: 'x',
      name: 'notes',
      type: 'base',
      fields: [text('body')],
    };
    expect(() => patternCheck(plain, 'body', 'x')).toThrow('The notes field body has no pattern');
  });
});
