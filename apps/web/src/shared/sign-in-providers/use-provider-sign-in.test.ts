import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { providerError } from './use-provider-sign-in';

const station = { name: 'oidc', displayName: 'Station ID' };
const refused = (message: string, data: Record<string, unknown> = {}) =>
  new ClientResponseError({ status: 400, response: { message, data } });

describe('providerError', () => {
  it('shows the server’s reason when it names one', () => {
    const error = refused('Failed to authenticate.', {
      email: {
        code: 'validation_oauth2_email_not_verified',
        message: 'Sign in with your password.',
      },
    });
    expect(providerError(error, station)).toBe('Sign in with your password.');
  });

  it('says the provider did not sign the person in when the exchange failed', () => {
    for (const message of [
      'Failed to authenticate.',
      'Failed to fetch OAuth2 token.',
      'Failed to fetch OAuth2 user.',
    ])
      expect(providerError(refused(message), station)).toBe(
        'Station ID did not sign you in. Try again, or use your email and password.',
      );
    expect(
      providerError(
        new ClientResponseError(new Error('OAuth2 redirect error or missing code: denied')),
        station,
      ),
    ).toContain('Station ID did not sign you in');
  });

  it('says the connection broke, or that Airgrid is unreachable', () => {
    expect(
      providerError(new ClientResponseError(new Error('realtime connection interrupted')), station),
    ).toBe('The connection to Airgrid was interrupted during sign-in. Try again.');
    expect(providerError(new ClientResponseError({ status: 0 }), station)).toContain(
      'could not be reached',
    );
  });
});
