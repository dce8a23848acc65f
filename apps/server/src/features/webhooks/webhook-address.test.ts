import { describe, expect, it } from 'vitest';
import { parseWebhookUrl } from './webhook-address.js';

describe('a webhook URL', () => {
  it('is https only, without credentials or private literal addresses', () => {
    expect(parseWebhookUrl('https://example.org/hook', false)).toBeInstanceOf(URL);
    expect(parseWebhookUrl('http://example.org/hook', false)).toMatch(/https:\/\//);
    expect(parseWebhookUrl('ftp://example.org/hook', false)).toMatch(/https:\/\//);
    expect(parseWebhookUrl('', false)).toBe('Cannot be blank.');
    expect(parseWebhookUrl(42, false)).toBe('Cannot be blank.');
    expect(parseWebhookUrl('not a url', false)).toMatch(/valid URL/);
    expect(parseWebhookUrl('https://user:pw@example.org/', false)).toMatch(/user name/);
    expect(parseWebhookUrl('https://127.0.0.1/hook', false)).toMatch(/private/);
    expect(parseWebhookUrl('https://[::1]/hook', false)).toMatch(/private/);
    expect(parseWebhookUrl('http://127.0.0.1:9000/hook', false)).toMatch(/https:\/\//);
  });

  it('may be http on loopback, or any private address, with WEBHOOKS_ALLOW_PRIVATE', () => {
    expect(parseWebhookUrl('http://127.0.0.1:9000/hook', true)).toBeInstanceOf(URL);
    expect(parseWebhookUrl('http://localhost:9000/hook', true)).toBeInstanceOf(URL);
    expect(parseWebhookUrl('https://10.0.0.5/hook', true)).toBeInstanceOf(URL);
    expect(parseWebhookUrl('http://10.0.0.5/hook', true)).toMatch(/https:\/\//);
    expect(parseWebhookUrl('http://example.org/hook', true)).toMatch(/https:\/\//);
  });
});
