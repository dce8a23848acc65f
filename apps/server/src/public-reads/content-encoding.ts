import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings a cached read is stored in, best first. */
export type StoredEncoding = 'br' | 'gzip' | 'identity';

/** One body in every encoding, ready to send: a cache hit compresses nothing. */
export type EncodedBodies = Readonly<Record<StoredEncoding, Buffer>>;

/**
 * Brotli's quality for bodies up to this size is 9 (small files, near-best ratio in a few
 * milliseconds); larger ones use 5, since a multi-megabyte feed at 9 would take the thread pool
 * for seconds after every edit. Built once per change, so the ratio matters more than the time.
 */
const HIGH_QUALITY_LIMIT = 256 * 1024;

/** Compresses a body into brotli and gzip beside the original (in the thread pool, off the loop). */
export async function encodeBodies(text: string): Promise<EncodedBodies> {
  const identity = Buffer.from(text, 'utf8');
  const quality = identity.length <= HIGH_QUALITY_LIMIT ? 9 : 5;
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { br, gzip: gz, identity };
}

/** q-values of an Accept-Encoding header, by coding (lower-case); `*` included. */
function acceptedCodings(header: string): Map<string, number> {
  const codings = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    codings.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  return codings;
}

/**
 * The stored encoding to send for an Accept-Encoding header (RFC 9110 §12.5.3): brotli when
 * accepted, else gzip, else the body as it is. A coding refused with q=0 is never chosen;
 * without the header, any coding is acceptable but the plain body is the safe answer.
 */
export function chooseEncoding(header: string | string[] | undefined): StoredEncoding {
  const text = [header ?? []].flat().join(',');
  if (text.trim() === '') return 'identity';
  const codings = acceptedCodings(text);
  const any = codings.get('*') ?? 0;
  for (const coding of ['br', 'gzip'] as const) {
    if ((codings.get(coding) ?? any) > 0) return coding;
  }
  return 'identity';
}
