import { describe, expect, it } from 'vitest';
import { OrganizationChangeMarks } from './change-marks.js';
import { PublicReadCache, type PublicReadSource } from './public-read-cache.js';

const source = (text: string, overrides: Partial<PublicReadSource> = {}): PublicReadSource => ({
  organization: 'org-a',
  contentType: 'application/json',
  cacheControl: 'public, max-age=15',
  text,
  lastModified: null,
  expiresAt: null,
  ...overrides,
});

function setup(options = { maxBytes: 1024 * 1024, maxEntries: 100 }) {
  let now = Date.parse('2026-12-01T12:00:00Z');
  const marks = new OrganizationChangeMarks();
  const cache = new PublicReadCache(marks, { now: () => now }, options);
  let builds = 0;
  const build =
    (text: string, overrides: Partial<PublicReadSource> = {}) =>
    async () => {
      builds += 1;
      return source(text, overrides);
    };
  return {
    marks,
    cache,
    build,
    builds: () => builds,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const textOf = (read: { bodies: { identity: Buffer } | null }) =>
  read.bodies?.identity.toString('utf8');

describe('PublicReadCache', () => {
  it('builds once and answers again from memory', async () => {
    const { cache, build, builds } = setup();
    const first = await cache.read('k', build('one'));
    const second = await cache.read('k', build('two'));
    expect(textOf(second)).toBe('one');
    expect(second.etag).toBe(first.etag);
    expect(builds()).toBe(1);
  });

  it('builds again once the organization changes, and not for another one', async () => {
    const { cache, build, marks } = setup();
    await cache.read('k', build('one'));
    marks.observe([{ action: 'update', collection: 'shows', record: { organization: 'org-b' } }]);
    expect(textOf(await cache.read('k', build('two')))).toBe('one');
    marks.observe([{ action: 'update', collection: 'shows', record: { organization: 'org-a' } }]);
    const after = await cache.read('k', build('three'));
    expect(textOf(after)).toBe('three');
  });

  it('does not keep a read an edit overtook while it was being built', async () => {
    const { cache, marks } = setup();
    let release: () => void = () => {};
    const slow = cache.read('k', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return source('old');
    });
    await Promise.resolve();
    marks.observe([{ action: 'update', collection: 'shows', record: { organization: 'org-a' } }]);
    // A request after the edit must not join the build that began before it.
    const fresh = cache.read('k', async () => source('new'));
    release();
    expect(textOf(await slow)).toBe('old');
    expect(textOf(await fresh)).toBe('new');
    expect(textOf(await cache.read('k', async () => source('newer')))).toBe('new');
  });

  it('lets concurrent misses share one build', async () => {
    const { cache, build, builds } = setup();
    const [a, b] = await Promise.all([
      cache.read('k', build('one')),
      cache.read('k', build('two')),
    ]);
    expect(a).toBe(b);
    expect(builds()).toBe(1);
  });

  it('builds again once the clock passes the read expiry', async () => {
    const { cache, build, advance } = setup();
    const expiresAt = Date.parse('2026-12-02T05:00:00Z');
    await cache.read('k', build('today', { expiresAt }));
    advance(17 * 3_600_000);
    expect(textOf(await cache.read('k', build('tomorrow', { expiresAt })))).toBe('tomorrow');
  });

  it('evicts the least recently used entry past its byte budget', async () => {
    const body = 'x'.repeat(4000);
    // Each entry weighs about 4 KB plain plus a few dozen compressed bytes.
    const { cache, build, builds } = setup({ maxBytes: 9000, maxEntries: 100 });
    await cache.read('a', build(body));
    await cache.read('b', build(body));
    await cache.read('a', build(body));
    await cache.read('c', build(body));
    expect(builds()).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(9000);
    await cache.read('a', build(body));
    expect(builds()).toBe(3);
    await cache.read('b', build(body));
    expect(builds()).toBe(4);
  });

  it('tags the same bytes alike and different bytes apart', async () => {
    const { cache, build } = setup();
    const one = await cache.read('x', build('same'));
    const two = await cache.read('y', build('same'));
    const three = await cache.read('z', build('other'));
    expect(one.etag).toBe(two.etag);
    expect(three.etag).not.toBe(one.etag);
    expect(one.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
  });

  it('keeps only the validators of a read too large to hold', async () => {
    const { cache, build, builds } = setup();
    const tag = 'W/"feed-fingerprint"';
    const first = await cache.read('big', async () => source('', { text: null, etag: tag }));
    expect(first.bodies).toBeNull();
    expect(first.etag).toBe(tag);
    const again = await cache.read('big', build('never built'));
    expect(again.etag).toBe(tag);
    expect(builds()).toBe(0);
  });
});
