import { describe, expect, it } from 'vitest';
import { isSecretParam, LogRedaction, REDACTED, redactText } from './log-redaction.js';

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6ImFiYyIsInR5cGUiOiJmaWxlIn0.c2lnbmF0dXJlLXBhcnQ';
const API_KEY = 'agk_3q2-7wEyXbVZ1mT0pLhQ9fK4sGd8RcYjN5uWoA6eBiC';

function learnt(...routes: string[]) {
  const redaction = new LogRedaction();
  for (const route of routes) redaction.learnRoute(route);
  return redaction;
}

describe('LogRedaction.url', () => {
  const redaction = learnt(
    '/api/v1/submissions/status/:token',
    '/api/v1/invites/:token',
    '/api/v1/invites/accept',
    '/api/v1/invites/:id/resend',
    '/api/files/:collection/:recordId/:filename',
  );

  it('redacts a path segment at a route parameter named as a secret', () => {
    expect(redaction.url('/api/v1/submissions/status/s3cr3t-Token_value')).toBe(
      `/api/v1/submissions/status/${REDACTED}`,
    );
    expect(redaction.url('/api/v1/invites/abcDEF123?x=1')).toBe(`/api/v1/invites/${REDACTED}?x=1`);
    // A trailing slash reaches the same route; a mistaken method reaches none: the token is as real.
    expect(redaction.url('/api/v1/invites/abcDEF123/')).toBe(`/api/v1/invites/${REDACTED}/`);
  });

  it('leaves static routes and other parameters alone', () => {
    expect(redaction.url('/api/v1/invites/accept')).toBe('/api/v1/invites/accept');
    expect(redaction.url('/api/v1/invites/abc123def456ghi/resend')).toBe(
      '/api/v1/invites/abc123def456ghi/resend',
    );
    expect(redaction.url('/api/files/shows/abc123def456ghi/cover_x1y2z3.png?thumb=100x100')).toBe(
      '/api/files/shows/abc123def456ghi/cover_x1y2z3.png?thumb=100x100',
    );
  });

  it('redacts the web app’s own pages that carry a secret (its APP_PATHS)', () => {
    const none = new LogRedaction();
    expect(none.url('/submission/status/abcdef')).toBe(`/submission/status/${REDACTED}`);
    expect(none.url('/Submission/STATUS/abcdef')).toBe(`/Submission/STATUS/${REDACTED}`);
    expect(none.url('/submission')).toBe('/submission');
    expect(none.url('/o/riverside/watch/channel-1')).toBe('/o/riverside/watch/channel-1');
  });

  it('redacts the values of secret query keys, whatever the route or their case', () => {
    expect(redaction.url(`/api/files/shows/a/b.mp4?token=${JWT}&download=1`)).toBe(
      `/api/files/shows/a/b.mp4?token=${REDACTED}&download=1`,
    );
    expect(redaction.url('/api/oauth2-redirect?code=4%2F0Adeu5&state=xyz789&scope=email')).toBe(
      `/api/oauth2-redirect?code=${REDACTED}&state=${REDACTED}&scope=email`,
    );
    expect(redaction.url('/auth/reset-password?TOKEN=abc')).toBe(
      `/auth/reset-password?TOKEN=${REDACTED}`,
    );
    expect(redaction.url('/onboarding?invite=abc&x')).toBe(`/onboarding?invite=${REDACTED}&x`);
    expect(redaction.url('/api/x?%74oken=abc')).toBe(`/api/x?%74oken=${REDACTED}`);
    expect(redaction.url('/api/collections/shows/records?filter=title%3D%22a%22&page=2')).toBe(
      '/api/collections/shows/records?filter=title%3D%22a%22&page=2',
    );
  });

  it('redacts credentials by their shape under any name', () => {
    expect(redaction.url(`/api/collections/shows/records?auth=${API_KEY}`)).toBe(
      `/api/collections/shows/records?auth=${REDACTED}`,
    );
    expect(redaction.url(`/api/v1/guide?organization=abc&jwt=${JWT}`)).toBe(
      `/api/v1/guide?organization=abc&jwt=${REDACTED}`,
    );
    expect(redaction.url(`/api/${API_KEY}`)).toBe(`/api/${REDACTED}`);
  });

  it('copes with malformed percent codes', () => {
    expect(redaction.url('/api/v1/invites/%zz?token=%zz&a=%')).toBe(
      `/api/v1/invites/${REDACTED}?token=${REDACTED}&a=%`,
    );
  });
});

describe('redactText', () => {
  it('redacts secret query values and credentials inside a message', () => {
    expect(redactText(`Route GET:/api/files/a/b/c?token=${JWT} not found`)).toBe(
      `Route GET:/api/files/a/b/c?token=${REDACTED} not found`,
    );
    expect(redactText(`bad key ${API_KEY}.`)).toBe(`bad key ${REDACTED}.`);
    expect(redactText('nothing secret here')).toBe('nothing secret here');
  });
});

describe('secret route parameters', () => {
  it('are the ones named as secrets', () => {
    expect(isSecretParam('token')).toBe(true);
    expect(isSecretParam('resetToken')).toBe(true);
    expect(isSecretParam('webhookSecret')).toBe(true);
    expect(isSecretParam('id')).toBe(false);
    expect(isSecretParam('key')).toBe(false);
  });
});
