import * as z from 'zod';

// The auth routes every auth collection has (API-CONTRACT §5), declared once with zod for the
// API document; openapi-document.ts makes them per auth collection ('auth' is a reply of a
// token and the collection's record, 'none' a 204).

export interface AuthRoute {
  method: 'GET' | 'POST';
  /** After `/api/collections/{collection}/`. */
  action: string;
  summary: string;
  description?: string;
  body?: z.ZodType;
  reply: z.ZodType | 'auth' | 'none';
}

const email = z.string().meta({ examples: ['producer@example.org'] });

export const AUTH_ROUTES: readonly AuthRoute[] = [
  {
    method: 'GET',
    action: 'auth-methods',
    summary: 'How this collection signs in',
    description: 'Whether passwords are accepted, and the OAuth2 providers with their links.',
    reply: z.object({
      password: z.object({ enabled: z.boolean(), identityFields: z.array(z.string()) }),
      oauth2: z.object({
        enabled: z.boolean(),
        providers: z.array(
          z.object({
            name: z.string(),
            displayName: z.string(),
            state: z.string(),
            authURL: z.string(),
            codeVerifier: z.string(),
            codeChallenge: z.string(),
            codeChallengeMethod: z.string(),
          }),
        ),
      }),
      mfa: z.object({ enabled: z.boolean(), duration: z.number() }),
      otp: z.object({ enabled: z.boolean(), duration: z.number() }),
    }),
  },
  {
    method: 'POST',
    action: 'auth-with-password',
    summary: 'Sign in with an email and a password',
    description:
      'Answers a token for the `Authorization` header and the record. Repeated failures from ' +
      'one address or for one account are slowed down, then refused for a while (429).',
    body: z.object({ identity: email, password: z.string() }),
    reply: 'auth',
  },
  {
    method: 'POST',
    action: 'auth-refresh',
    summary: 'A fresh token for the signed-in record',
    reply: 'auth',
  },
  {
    method: 'POST',
    action: 'auth-with-oauth2',
    summary: 'Sign in with an OAuth2 provider’s code',
    description:
      'The SDK’s `authWithOAuth2` does the whole flow. A new account is made when the ' +
      'provider’s verified email matches none.',
    body: z.object({
      provider: z.string(),
      code: z.string(),
      codeVerifier: z.string(),
      redirectURL: z.string(),
      createData: z.record(z.string(), z.unknown()).optional(),
    }),
    reply: 'auth',
  },
  {
    method: 'POST',
    action: 'request-verification',
    summary: 'Mail a verification link',
    description: 'Answers the same whether or not the address has an account.',
    body: z.object({ email }),
    reply: 'none',
  },
  {
    method: 'POST',
    action: 'confirm-verification',
    summary: 'Confirm an email address with the mailed token',
    body: z.object({ token: z.string() }),
    reply: 'none',
  },
  {
    method: 'POST',
    action: 'request-password-reset',
    summary: 'Mail a password reset link',
    description: 'Answers the same whether or not the address has an account.',
    body: z.object({ email }),
    reply: 'none',
  },
  {
    method: 'POST',
    action: 'confirm-password-reset',
    summary: 'Set a new password with the mailed token',
    body: z.object({ token: z.string(), password: z.string(), passwordConfirm: z.string() }),
    reply: 'none',
  },
  {
    method: 'POST',
    action: 'request-email-change',
    summary: 'Mail a link that moves the signed-in account to a new address',
    description: 'Answers the same whether or not the new address already has an account.',
    body: z.object({ newEmail: email }),
    reply: 'none',
  },
  {
    method: 'POST',
    action: 'confirm-email-change',
    summary: 'Move the account to its new address with the mailed token',
    body: z.object({ token: z.string(), password: z.string() }),
    reply: 'none',
  },
];
