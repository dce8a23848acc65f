import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_BYTES, newPasswordErrors, passwordProblem } from './password-rules.js';

describe('passwordProblem', () => {
  it('refuses fewer than 8 characters', () => {
    expect(passwordProblem('12345')).toBe('must be at least 8 characters');
    expect(passwordProblem('1234567')).toBe('must be at least 8 characters');
    expect(passwordProblem('12345678')).toBeNull();
  });

  it('counts bytes, not characters, against the bcrypt limit', () => {
    expect(passwordProblem('a'.repeat(MAX_PASSWORD_BYTES))).toBeNull();
    expect(passwordProblem('a'.repeat(MAX_PASSWORD_BYTES + 1))).toBe('must be at most 72 bytes');
    // 25 three-byte characters: 25 characters but 75 bytes.
    expect(passwordProblem('€'.repeat(25))).toBe('must be at most 72 bytes');
    expect(passwordProblem('€'.repeat(24))).toBeNull();
    // Two four-byte emoji per 2 UTF-16 units: 18 of them are 72 bytes, 19 are 76.
    expect(passwordProblem('😀'.repeat(18))).toBeNull();
    expect(passwordProblem('😀'.repeat(19))).toBe('must be at most 72 bytes');
  });
});

describe('newPasswordErrors', () => {
  it('says what the server says', () => {
    expect(newPasswordErrors('', '')).toEqual({ password: 'Cannot be blank.' });
    expect(newPasswordErrors('12345', '12345')).toEqual({
      password: 'The password must be at least 8 characters.',
    });
    expect(newPasswordErrors('long enough', 'long enougH')).toEqual({
      passwordConfirm: "Values don't match.",
    });
    expect(newPasswordErrors('long enough', 'long enough')).toEqual({});
  });
});
