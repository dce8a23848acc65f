import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRules, formatPhone, isRequired, parseRules } from './validation-rules.js';

describe('seed validation rules', () => {
  it('parses pipe-separated rules with parameters', () => {
    expect(parseRules('required|max:20| phone ')).toEqual([
      ['required', undefined],
      ['max', '20'],
      ['phone', undefined],
    ]);
    expect(isRequired('string|required')).toBe(true);
    expect(isRequired('string')).toBe(false);
  });

  it('uses the seed messages', () => {
    expect(checkRules('', 'required', 'name')?.message).toBe('The name field is required.');
    expect(checkRules('1234', 'zipcode', 'zip')?.message).toBe('zipcode is invalid');
    expect(checkRules('555-223-4567', 'phone', 'phone')).toBeNull();
    expect(checkRules('555-123-4567', 'phone', 'phone')?.rule).toBe('phone');
    expect(checkRules('155-123-4567', 'phone', 'phone')?.message).toBe('phone_number is invalid');
    expect(checkRules('a@b', 'email', 'email')?.message).toBe('email is invalid');
    expect(checkRules('12a', 'numeric', 'n')?.message).toBe('value must be numeric');
    expect(checkRules('x', 'same:password', 'confirm', { password: 'y' })?.message).toBe(
      'password must match',
    );
    expect(checkRules('12-3456789', 'ein', 'ein')).toBeNull();
    expect(checkRules('123456789', 'ein', 'ein')?.message).toBe('ein is invalid');
    expect(checkRules('not a url', 'url', 'site')?.message).toBe('url is incorrectly formatted');
    expect(checkRules('000000000', 'routing', 'r')?.message).toBe('routing_number is invalid');
    expect(checkRules('Abc', 'lowercase', 'l')?.message).toBe('value must be lowercase');
    expect(checkRules('ftp://x', 'cablecast', 'c')?.message).toBe('is incorrectly formatted');
  });

  it('accepts the documented good values', () => {
    expect(checkRules('12345', 'zipcode', 'zip')).toBeNull();
    expect(checkRules('12345-6789', 'zipcode', 'zip')).toBeNull();
    expect(checkRules('(212) 555-0100', 'phone', 'phone')).toBeNull();
    expect(checkRules('https://www.example.org', 'url', 'site')).toBeNull();
    expect(checkRules('example.org', 'url', 'site')).toBeNull();
    expect(
      checkRules('https://cablecast.example.org/cablecastapi/v1/', 'cablecast', 'c'),
    ).toBeNull();
  });

  it('lets empty values pass every rule but required', () => {
    for (const rule of [
      'zipcode',
      'phone',
      'email',
      'numeric',
      'ein',
      'url',
      'routing',
      'lowercase',
      'min:3',
    ]) {
      expect(checkRules('', rule, 'f'), rule).toBeNull();
    }
  });

  it('checks length limits', () => {
    expect(checkRules('ab', 'min:3', 'f')?.rule).toBe('min');
    expect(checkRules('abcd', 'max:3', 'f')?.rule).toBe('max');
    expect(checkRules('abc', 'min:3|max:3', 'f')).toBeNull();
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (value, rules) => {
        const result = checkRules(value, rules, 'f');
        expect(result === null || typeof result.message === 'string').toBe(true);
      }),
    );
  });
});

describe('formatPhone', () => {
  it('shows a 10-digit number as +1 (xxx) xxx-xxxx', () => {
    expect(formatPhone('2125550100')).toBe('+1 (212) 555-0100');
    expect(formatPhone('1-212-555-0100')).toBe('+1 (212) 555-0100');
    expect(formatPhone('555')).toBe('555');
  });
});
