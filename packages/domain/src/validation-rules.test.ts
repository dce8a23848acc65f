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

  it('falls back to the default message for a rule it does not know', () => {
    expect(checkRules('x', 'postcode', 'zip')).toEqual({
      rule: 'postcode',
      message: 'The zip field is not valid.',
    });
    // An empty value is checked by no rule but required, unknown ones included.
    expect(checkRules('', 'postcode', 'zip')).toBeNull();
  });

  it('treats no rules and the string rule as plain text', () => {
    expect(checkRules('anything at all', '', 'f')).toBeNull();
    expect(checkRules('anything at all', 'string', 'f')).toBeNull();
    expect(checkRules('', 'string|required', 'f')?.rule).toBe('required');
  });

  it('stops at the first failing rule, in the order written', () => {
    expect(checkRules('', 'required|phone', 'phone')?.rule).toBe('required');
    expect(checkRules('12', 'min:3|numeric', 'n')?.rule).toBe('min');
    expect(checkRules('ab', 'numeric|min:3', 'n')?.rule).toBe('numeric');
  });

  it('counts a value of spaces as empty for required', () => {
    expect(checkRules('   ', 'required', 'name')?.message).toBe('The name field is required.');
  });

  it('checks phone numbers the North American way', () => {
    for (const good of ['2125550100', '212.555.0100', '+1 212 555 0100', '1-212-555-0100']) {
      expect(checkRules(good, 'phone', 'phone'), good).toBeNull();
    }
    // Area code or exchange starting with 0 or 1, too few digits, letters, other countries.
    for (const bad of [
      '012-555-0100',
      '212-155-0100',
      '212-555-010',
      'call me',
      '+44 20 7946 0958',
    ]) {
      expect(checkRules(bad, 'phone', 'phone')?.message, bad).toBe('phone_number is invalid');
    }
  });

  it('checks the other patterns at their edges', () => {
    expect(checkRules('1234-5678', 'zipcode', 'zip')?.rule).toBe('zipcode');
    expect(checkRules('12345-678', 'zipcode', 'zip')?.rule).toBe('zipcode');
    expect(checkRules('Pat@Example.ORG', 'email', 'email')).toBeNull();
    expect(checkRules('pat @example.org', 'email', 'email')?.rule).toBe('email');
    expect(checkRules('-12', 'numeric', 'n')?.rule).toBe('numeric');
    expect(checkRules('1.5', 'numeric', 'n')?.rule).toBe('numeric');
    expect(checkRules('12-345678', 'ein', 'ein')?.rule).toBe('ein');
    expect(checkRules('021000021', 'routing', 'r')).toBeNull();
    expect(checkRules('02100002', 'routing', 'r')?.message).toBe('routing_number is invalid');
    expect(checkRules('abc1', 'lowercase', 'l')?.rule).toBe('lowercase');
    expect(checkRules('http://10.0.0.5:8080/cablecastapi/v1/', 'cablecast', 'c')).toBeNull();
    expect(checkRules('cablecast.example.org/cablecastapi/v1/', 'cablecast', 'c')).toBeNull();
    expect(
      checkRules('https://x.cablecast.tv/CablecastAPI/v1/shows?x=1', 'cablecast', 'c'),
    ).toBeNull();
    expect(checkRules('https://user:pw@cablecast.example.org', 'cablecast', 'c')?.rule).toBe(
      'cablecast',
    );
    expect(checkRules('cablecast example org', 'cablecast', 'c')?.rule).toBe('cablecast');
  });

  it('takes a url with a single host label only, as the seed describes', () => {
    expect(checkRules('http://example.io/path?q=1', 'url', 'site')).toBeNull();
    expect(checkRules('https://news.example.org', 'url', 'site')?.rule).toBe('url');
    expect(checkRules('https://example.c', 'url', 'site')?.rule).toBe('url');
  });

  it('compares same:field with the other value, empty when it is missing', () => {
    expect(checkRules('abc', 'same:password', 'confirm', { password: 'abc' })).toBeNull();
    expect(checkRules('abc', 'same:password', 'confirm')?.message).toBe('password must match');
  });

  it('ignores a length rule whose parameter is not a number', () => {
    expect(checkRules('abcdef', 'max:many', 'f')).toBeNull();
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

  it('reformats numbers typed any way, and leaves a formatted one as it is', () => {
    expect(formatPhone('(212) 555-0100')).toBe('+1 (212) 555-0100');
    expect(formatPhone('+1 212.555.0100')).toBe('+1 (212) 555-0100');
    expect(formatPhone('+1 (212) 555-0100')).toBe('+1 (212) 555-0100');
  });

  it('leaves anything that is not 10 digits untouched', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('22125550100')).toBe('22125550100');
  });
});
