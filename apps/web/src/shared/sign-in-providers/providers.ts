import { queryOptions } from '@tanstack/react-query';
import type { RecordAuthResponse, RecordModel } from 'pocketbase';
import { pb } from '../../lib/pocketbase';

// Signing in with a provider (OAuth2): which ones the server offers, signing in or linking
// with one, and the ones linked to the account. The sign-in and sign-up pages and Settings →
// Account use them.

/** A sign-in provider the server offers (Google, GitHub, the station's own OpenID Connect...). */
export interface SignInProvider {
  name: string;
  displayName: string;
}

export const providerKeys = {
  providers: ['auth', 'providers'] as const,
  links: (userId: string) => ['auth', 'links', userId] as const,
};

export const providerQueries = {
  /** The providers the server offers; none when the operator configured none. */
  providers: () =>
    queryOptions({
      queryKey: providerKeys.providers,
      queryFn: async (): Promise<SignInProvider[]> => {
        const methods = await pb.collection('users').listAuthMethods({ requestKey: null });
        if (!methods.oauth2?.enabled) return [];
        return methods.oauth2.providers.map(({ name, displayName }) => ({ name, displayName }));
      },
      staleTime: 5 * 60_000,
    }),
  /** The providers linked to the account. */
  links: (userId: string) =>
    queryOptions({
      queryKey: providerKeys.links(userId),
      queryFn: () => pb.collection('users').listExternalAuths(userId, { requestKey: null }),
      enabled: userId !== '',
    }),
};

/**
 * Signs in with a provider in `popup` (a window opened on the click, so no blocker stops it):
 * the SDK waits on the realtime stream for the provider's redirect, then trades its code. With
 * a session, the provider is linked to the signed-in account instead.
 */
export function signInWithProvider(
  provider: string,
  popup: Window,
): Promise<RecordAuthResponse<RecordModel>> {
  return pb.collection('users').authWithOAuth2({
    provider,
    urlCallback: (url) => {
      popup.location.href = url;
    },
  });
}

/** Unlinks a provider from the account: it no longer signs the account in. */
export function unlinkProvider(userId: string, provider: string) {
  return pb.collection('users').unlinkExternalAuth(userId, provider);
}
