// A file's type as the record engine checks it against a file field's `mimeTypes`. Reading the
// type from a file's bytes is files/content-sniffer.ts's work; this is what both sides share.

export interface SniffedType {
  /** e.g. `image/png`, `image/svg+xml`, `text/plain; charset=utf-8`, `application/octet-stream`. */
  mime: string;
  /** The usual extension with its dot, or '' when unknown. */
  ext: string;
}

/** The MIME type without parameters, lower-cased, with `image/jpg` read as `image/jpeg`. */
export function baseMime(mime: string): string {
  const base = (mime.split(';')[0] ?? '').trim().toLowerCase();
  return base === 'image/jpg' ? 'image/jpeg' : base;
}

/** True when the type is one of the allowed ones (`type/*` allows a whole family). */
export function mimeAllowed(mime: string, allowed: readonly string[]): boolean {
  const actual = baseMime(mime);
  return allowed.some((entry) => {
    const wanted = baseMime(entry);
    return wanted.endsWith('/*') ? actual.startsWith(wanted.slice(0, -1)) : wanted === actual;
  });
}
