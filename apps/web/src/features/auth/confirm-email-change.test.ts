import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { OFFLINE_MESSAGE } from '../../ui/forms/server-errors';
import {
  emailChangedMessage,
  emailChangeProblems,
  MISSING_TOKEN_MESSAGE,
  newEmailFromToken,
  newLinkHint,
  PASSWORD_REQUIRED_MESSAGE,
} from './confirm-email-change';

const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';

/** The SDK's error for a 400 answer with these field errors. */
function apiError(data: Record<string, { code: string; message: string }>, message?: string) {
  return new ClientResponseError({
    url: '/api/collections/users/confirm-email-change',
    status: 400,
    response: { status: 400, message: message ?? VALIDATION_FAILED, data },
  });
}

/** An unsigned JWT with this payload; the page only reads it. */
function token(payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

describe('emailChangeProblems', () => {
  it('says plainly that the password is wrong', () => {
    const error = apiError({
      password: {
        code: 'validation_invalid_password',
        message: 'Missing or invalid auth record password.',
      },
    });
    expect(emailChangeProblems(error)).toEqual({
      password: 'That is not your password. Enter the password you sign in with today.',
    });
  });

  it('asks for the password when it was left blank', () => {
    const error = apiError({
      password: { code: 'validation_required', message: 'Cannot be blank.' },
    });
    expect(emailChangeProblems(error)).toEqual({ password: PASSWORD_REQUIRED_MESSAGE });
  });

  it('reports an expired link instead of the password the server could not check', () => {
    const error = apiError({
      token: { code: 'validation_invalid_token', message: 'Invalid or expired token.' },
      password: {
        code: 'validation_invalid_password',
        message: 'Missing or invalid auth record password.',
      },
    });
    expect(emailChangeProblems(error)).toEqual({ token: 'This link is invalid or has expired.' });
  });

  it.each([
    ['validation_required', MISSING_TOKEN_MESSAGE],
    ['validation_invalid_token_payload', 'This link is not an email change link.'],
    ['validation_token_collection_mismatch', 'This link is not an email change link.'],
    ['validation_invalid_token_email', 'Another account uses the new email address now.'],
  ])('explains the link problem %s', (code, message) => {
    expect(emailChangeProblems(apiError({ token: { code, message: 'server words' } }))).toEqual({
      token: message,
    });
  });

  it("keeps the server's message for a code it does not know", () => {
    const error = apiError({ token: { code: 'validation_new_thing', message: 'Something new.' } });
    expect(emailChangeProblems(error)).toEqual({ token: 'Something new.' });
  });

  it('shows a problem without field errors above the form', () => {
    expect(emailChangeProblems(apiError({}, 'Invalid or expired token.'))).toEqual({
      form: 'Invalid or expired token.',
    });
  });

  it('says when the server cannot be reached', () => {
    const offline = new ClientResponseError({ url: '/api', status: 0, response: {} });
    expect(emailChangeProblems(offline)).toEqual({ form: OFFLINE_MESSAGE });
  });

  it('shows field errors for other fields above the form', () => {
    const error = apiError({ other: { code: 'x', message: 'Other problem.' } });
    expect(emailChangeProblems(error)).toEqual({ form: 'Other problem.' });
  });
});

describe('newEmailFromToken', () => {
  it("reads the new address from the link's token", () => {
    expect(newEmailFromToken(token({ type: 'emailChange', newEmail: 'new@example.org' }))).toBe(
      'new@example.org',
    );
  });

  it('gives null for no token, a token without the address, or one that is not a JWT', () => {
    expect(newEmailFromToken('')).toBeNull();
    expect(newEmailFromToken(token({ type: 'emailChange' }))).toBeNull();
    expect(newEmailFromToken('not-a-token')).toBeNull();
  });
});

describe('emailChangedMessage', () => {
  it('names the new address and asks to sign in with it', () => {
    expect(emailChangedMessage('new@example.org')).toBe(
      'Your email address is now new@example.org. You are signed out on every device: sign in again with the new address.',
    );
  });

  it('still reads well without the address', () => {
    expect(emailChangedMessage(null)).toBe(
      'Your email address is changed. You are signed out on every device: sign in again with the new address.',
    );
  });
});

describe('newLinkHint', () => {
  it('sends a signed-out user to sign in first', () => {
    expect(newLinkHint(false)).toBe(
      'To get a new link, sign in with your current address and change your email in Settings again.',
    );
  });

  it('sends a signed-in user straight to Settings', () => {
    expect(newLinkHint(true)).toBe('To get a new link, change your email in Settings again.');
  });
});
