import { checkRules } from '@airgrid/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CABLECAST_API_PATH, normalizeCablecastUrl } from './cablecast-url.js';

function apiBase(input: string): string {
  const reading = normalizeCablecastUrl(input);
  if (!reading.ok) throw new Error(`expected ${input} to be accepted: ${reading.problem}`);
  return reading.apiBase;
}

function problem(input: string): string {
  const reading = normalizeCablecastUrl(input);
  if (reading.ok) throw new Error(`expected ${input} to be refused, got ${reading.apiBase}`);
  return reading.problem;
}

describe('normalizeCablecastUrl', () => {
  it.each([
    ['https://cablecast.example.org', 'https://cablecast.example.org/cablecastapi/v1'],
    ['https://cablecast.example.org/', 'https://cablecast.example.org/cablecastapi/v1'],
    ['https://cablecast.example.org///', 'https://cablecast.example.org/cablecastapi/v1'],
    ['  https://cablecast.example.org  ', 'https://cablecast.example.org/cablecastapi/v1'],
    ['http://tighty.tv/cablecastapi/v1', 'http://tighty.tv/cablecastapi/v1'],
    ['http://tighty.tv/cablecastapi/v1/', 'http://tighty.tv/cablecastapi/v1'],
    [
      'https://reflect-ctn.cablecast.tv/Cablecastapi/v1',
      'https://reflect-ctn.cablecast.tv/cablecastapi/v1',
    ],
    [
      'https://reflect-ctn.cablecast.tv/CABLECASTAPI/V1/',
      'https://reflect-ctn.cablecast.tv/cablecastapi/v1',
    ],
    ['https://demo.trms.com/CablecastAPI/documentation', 'https://demo.trms.com/cablecastapi/v1'],
    [
      'https://demo.trms.com/cablecastapi/v1/shows?page_size=5#top',
      'https://demo.trms.com/cablecastapi/v1',
    ],
    ['https://demo.trms.com/cablecastapi', 'https://demo.trms.com/cablecastapi/v1'],
    ['https://demo.trms.com/?x=1', 'https://demo.trms.com/cablecastapi/v1'],
    ['HTTPS://Cablecast.Example.ORG', 'https://cablecast.example.org/cablecastapi/v1'],
    ['cablecast.example.org', 'https://cablecast.example.org/cablecastapi/v1'],
    ['cablecast.example.org/cablecastapi/v1', 'https://cablecast.example.org/cablecastapi/v1'],
    ['localhost:8080', 'https://localhost:8080/cablecastapi/v1'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080/cablecastapi/v1'],
    ['http://[::1]:8080', 'http://[::1]:8080/cablecastapi/v1'],
    ['https://example.org:443', 'https://example.org/cablecastapi/v1'],
    ['https://example.org/tv/', 'https://example.org/tv/cablecastapi/v1'],
    ['https://example.org/tv/CablecastAPI/v1', 'https://example.org/tv/cablecastapi/v1'],
    ['https://example.org/cablecastapiary', 'https://example.org/cablecastapiary/cablecastapi/v1'],
    ['https://bücher.example', 'https://xn--bcher-kva.example/cablecastapi/v1'],
  ])('reads %s as %s', (input, expected) => {
    expect(apiBase(input)).toBe(expected);
  });

  it('gives the server address beside the API base', () => {
    expect(normalizeCablecastUrl('https://example.org/tv/cablecastapi/v1/')).toEqual({
      ok: true,
      serverUrl: 'https://example.org/tv',
      apiBase: 'https://example.org/tv/cablecastapi/v1',
    });
  });

  it('asks for an address when none is typed', () => {
    expect(problem('')).toBe(
      'Enter the address of your Cablecast server, for example https://cablecast.example.org.',
    );
    expect(problem('   ')).toContain('Enter the address of your Cablecast server');
  });

  it.each([
    ['ftp://cablecast.example.org', 'not ftp:'],
    ['file:///etc/passwd', 'not file:'],
    ['javascript:alert(1)', 'not javascript:'],
    ['mailto:admin@example.org', 'not mailto:'],
    ['ws://cablecast.example.org', 'not ws:'],
  ])('refuses the scheme of %s', (input, named) => {
    const message = problem(input);
    expect(message).toContain('Only http:// and https:// addresses work');
    expect(message).toContain(named);
  });

  it.each([
    ['https//cablecast.example.org', 'starts with "https//"'],
    ['http//cablecast.example.org', 'starts with "http//"'],
    ['https:cablecast.example.org', 'Write the address as https://'],
    ['cablecast example org', 'no spaces'],
    ['https://', 'is not a web address'],
    ['https://example.org:99999', 'is not a web address'],
    ['https://exa mple.org', 'no spaces'],
    ['https://bad_host^name', 'is not a web address'],
  ])('refuses %s, saying what is wrong', (input, named) => {
    expect(problem(input)).toContain(named);
  });

  it('refuses credentials written into the address', () => {
    expect(problem('https://admin:secret@cablecast.example.org')).toBe(
      'Leave the user name and password out of the address and enter them as credentials instead.',
    );
    expect(problem('https://admin@cablecast.example.org')).toContain('credentials');
  });

  it('ends every refusal with an example of a good address', () => {
    for (const input of ['', 'ftp://x', 'https//x', 'https:x', 'a b', 'https://']) {
      expect(problem(input)).toContain('https://cablecast.example.org');
    }
  });

  it('is idempotent: a normalised base reads as itself, as does its server address', () => {
    const host = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}(\.[a-z]{2,5}){0,2}$/);
    const prefix = fc.constantFrom('', '/tv', '/a/b');
    const suffix = fc.constantFrom(
      '',
      '/',
      '/CablecastAPI/v1',
      '/cablecastapi/v1//',
      '/cablecastAPI',
    );
    const scheme = fc.constantFrom('', 'http://', 'https://', 'HTTPS://');
    fc.assert(
      fc.property(scheme, host, prefix, suffix, (s, h, p, x) => {
        const first = normalizeCablecastUrl(`${s}${h}${p}${x}`);
        expect(first.ok).toBe(true);
        if (!first.ok) return;
        expect(first.apiBase.endsWith(CABLECAST_API_PATH)).toBe(true);
        expect(first.apiBase).toBe(`${first.serverUrl}${CABLECAST_API_PATH}`);
        expect(apiBase(first.apiBase)).toBe(first.apiBase);
        expect(apiBase(first.serverUrl)).toBe(first.apiBase);
        // What is stored passes the integration form's own `cablecast` rule.
        expect(checkRules(first.serverUrl, 'cablecast', 'baseUrl')).toBeNull();
        expect(checkRules(first.apiBase, 'cablecast', 'baseUrl')).toBeNull();
      }),
    );
  });
});
