import { describe, expect, it } from 'vitest';
import {
  buildIdOf,
  checkFiles,
  isCompressed,
  isCompressible,
  LONG_LIVED_SEC,
  MIN_COMPRESS_BYTES,
  type Probe,
  parseBuildDetails,
  parseCacheControl,
  SHORT_LIVED_SEC,
  summarize,
  verdictOf,
} from './static-check';

/** A file as the server answers it today (apps/server/src/http/web-app.ts), changed by `over`. */
function asset(over: Partial<Probe> = {}): Probe {
  return {
    path: '/assets/index-Cc-qhdEK.js',
    kind: 'asset',
    status: 200,
    cacheControl: 'public, max-age=31536000, immutable',
    contentEncoding: 'br',
    contentType: 'application/javascript; charset=utf-8',
    vary: 'accept-encoding',
    bytes: 68_000,
    ...over,
  };
}

function page(over: Partial<Probe> = {}): Probe {
  return {
    path: '/index.html',
    kind: 'page',
    status: 200,
    cacheControl: 'no-cache',
    contentEncoding: null,
    contentType: 'text/html; charset=utf-8',
    vary: 'accept-encoding',
    bytes: 821,
    ...over,
  };
}

const codes = (probe: Probe) => verdictOf(probe).problems.map((problem) => problem.code);

describe('parseCacheControl', () => {
  it('reads max-age, immutable, no-cache and no-store, in any case and spacing', () => {
    expect(parseCacheControl('public, max-age=31536000, immutable')).toEqual({
      maxAge: 31_536_000,
      immutable: true,
      noCache: false,
      noStore: false,
    });
    expect(parseCacheControl('No-Cache,NO-STORE')).toMatchObject({
      maxAge: null,
      noCache: true,
      noStore: true,
    });
    expect(parseCacheControl('max-age="600"').maxAge).toBe(600);
  });

  it('ignores a missing header and a max-age that is not a count of seconds', () => {
    expect(parseCacheControl(null)).toEqual({
      maxAge: null,
      immutable: false,
      noCache: false,
      noStore: false,
    });
    expect(parseCacheControl('max-age=soon').maxAge).toBeNull();
    expect(parseCacheControl('max-age=-1').maxAge).toBeNull();
  });
});

describe('isCompressed and isCompressible', () => {
  it('counts brotli, gzip, zstd and deflate, not identity', () => {
    expect(isCompressed('br')).toBe(true);
    expect(isCompressed('GZIP')).toBe(true);
    expect(isCompressed('zstd')).toBe(true);
    expect(isCompressed('identity')).toBe(false);
    expect(isCompressed(null)).toBe(false);
  });

  it('reads text by its type, or by its name when it has none', () => {
    expect(isCompressible('/x', 'application/javascript; charset=utf-8')).toBe(true);
    expect(isCompressible('/x', 'text/css')).toBe(true);
    expect(isCompressible('/x', 'application/json')).toBe(true);
    expect(isCompressible('/x', 'image/svg+xml')).toBe(true);
    expect(isCompressible('/x.js', 'image/png')).toBe(false);
    expect(isCompressible('/x', 'font/woff2')).toBe(false);
    expect(isCompressible('/assets/a.css', null)).toBe(true);
    expect(isCompressible('/assets/a.woff2', null)).toBe(false);
  });
});

describe('verdictOf', () => {
  it('passes a hashed asset kept a year, immutable, compressed and varying by encoding', () => {
    expect(verdictOf(asset())).toEqual({ ok: true, problems: [] });
  });

  it('fails a hashed asset that is not kept a year or not immutable', () => {
    expect(codes(asset({ cacheControl: 'no-cache' }))).toEqual(['short-lived', 'not-immutable']);
    expect(codes(asset({ cacheControl: `max-age=${LONG_LIVED_SEC - 1}, immutable` }))).toEqual([
      'short-lived',
    ]);
    expect(codes(asset({ cacheControl: `public, max-age=${LONG_LIVED_SEC}` }))).toEqual([
      'not-immutable',
    ]);
    expect(verdictOf(asset({ cacheControl: 'max-age=600, immutable' })).problems).toEqual([
      { code: 'short-lived', maxAge: 600 },
    ]);
  });

  it('fails any file without a Cache-Control: browsers would guess its lifetime', () => {
    expect(codes(asset({ cacheControl: null }))).toEqual(['no-cache-control']);
    expect(codes(page({ cacheControl: ' ' }))).toEqual(['no-cache-control']);
  });

  it('passes a page or manifest that is revalidated or kept a minute at most', () => {
    expect(verdictOf(page()).ok).toBe(true);
    expect(verdictOf(page({ cacheControl: 'no-store' })).ok).toBe(true);
    expect(verdictOf(page({ cacheControl: `max-age=${SHORT_LIVED_SEC}` })).ok).toBe(true);
    expect(verdictOf(page({ kind: 'manifest', path: '/builds/latest.json' })).ok).toBe(true);
  });

  it('fails a page or manifest kept longer, or immutable', () => {
    expect(verdictOf(page({ cacheControl: 'max-age=3600' })).problems).toEqual([
      { code: 'cached-too-long', maxAge: 3600 },
    ]);
    expect(codes(page({ cacheControl: 'public' }))).toEqual(['cached-too-long']);
    expect(codes(page({ cacheControl: 'no-cache, immutable' }))).toEqual(['cached-too-long']);
    expect(
      codes(page({ kind: 'manifest', cacheControl: 'public, max-age=31536000, immutable' })),
    ).toEqual(['cached-too-long']);
  });

  it('fails text of a kilobyte or more sent uncompressed, and passes smaller text', () => {
    expect(verdictOf(asset({ contentEncoding: null, bytes: 259_000 })).problems).toEqual([
      { code: 'not-compressed', bytes: 259_000 },
    ]);
    expect(codes(asset({ contentEncoding: 'identity', bytes: MIN_COMPRESS_BYTES }))).toEqual([
      'not-compressed',
    ]);
    expect(verdictOf(asset({ contentEncoding: null, bytes: MIN_COMPRESS_BYTES - 1 })).ok).toBe(
      true,
    );
    // Not text (an image or font is compressed already), or a size the server did not give.
    expect(
      verdictOf(asset({ contentEncoding: null, contentType: 'font/woff2', bytes: 50_000 })).ok,
    ).toBe(true);
    expect(verdictOf(asset({ contentEncoding: null, bytes: null })).ok).toBe(true);
  });

  it('fails a compressed answer that does not vary by Accept-Encoding', () => {
    expect(codes(asset({ vary: null }))).toEqual(['no-vary']);
    expect(codes(asset({ vary: 'Origin' }))).toEqual(['no-vary']);
    expect(verdictOf(asset({ vary: 'Origin, Accept-Encoding' })).ok).toBe(true);
    expect(verdictOf(asset({ vary: '*' })).ok).toBe(true);
  });

  it('fails a file that answered anything but 200, or nothing', () => {
    expect(verdictOf(asset({ status: 404 })).problems).toEqual([{ code: 'status', status: 404 }]);
    expect(verdictOf(page({ status: 304 })).ok).toBe(false);
    expect(codes(asset({ status: null }))).toEqual(['unreachable']);
  });

  it('lists every problem of a file at once', () => {
    expect(codes(asset({ cacheControl: 'no-cache', contentEncoding: null }))).toEqual([
      'short-lived',
      'not-immutable',
      'not-compressed',
    ]);
  });
});

describe('checkFiles and summarize', () => {
  it('puts the failing files first, keeps the order otherwise, and counts', () => {
    const files = checkFiles([
      page({ kind: 'manifest', path: '/builds/latest.json', bytes: 52 }),
      asset({ path: '/assets/a.js', bytes: 100 }),
      asset({ path: '/assets/b.js', cacheControl: 'no-cache', bytes: 200 }),
      page({ bytes: null }),
    ]);
    expect(files.map((file) => [file.path, file.verdict.ok])).toEqual([
      ['/assets/b.js', false],
      ['/builds/latest.json', true],
      ['/assets/a.js', true],
      ['/index.html', true],
    ]);
    expect(summarize(files)).toEqual({ total: 4, passed: 3, failed: 1, bytes: 352 });
    expect(summarize([])).toEqual({ total: 0, passed: 0, failed: 0, bytes: 0 });
  });
});

describe('the build manifest', () => {
  it('reads the build id of /builds/latest.json', () => {
    expect(buildIdOf({ id: '2e7f00c24e44ff0c', timestamp: 1 })).toBe('2e7f00c24e44ff0c');
    expect(() => buildIdOf(null)).toThrow('no build id');
    expect(() => buildIdOf({ id: '../x' })).toThrow('no build id');
  });

  it("reads the build's details and their assets", () => {
    expect(
      parseBuildDetails({ id: 'abc', timestamp: 5, assets: ['assets/index-1.js', 'assets/a.css'] }),
    ).toEqual({ id: 'abc', timestamp: 5, assets: ['assets/index-1.js', 'assets/a.css'] });
  });

  it('refuses details without assets, or with paths outside assets/', () => {
    expect(() => parseBuildDetails({ id: 'abc', timestamp: 5 })).toThrow('no assets');
    expect(() => parseBuildDetails({ id: 'abc', assets: ['index.html'] })).toThrow('no assets');
    expect(() => parseBuildDetails({ id: 'abc', assets: ['assets/../x'] })).toThrow('no assets');
  });
});
