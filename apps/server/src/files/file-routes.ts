import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AuthService, SUPERUSERS } from '../auth/auth-service.js';
import { ApiError } from '../errors/api-error.js';
import { recordRequest } from '../http/request-context.js';
import { baseMime } from '../records/mime-types.js';
import type { RecordService } from '../records/record-service.js';
import type { FileService } from './file-service.js';
import { type ByteRange, fileKey, type StoredFile } from './file-storage.js';
import { isThumbAllowed } from './thumb-size.js';

// The files API (API-CONTRACT §7): downloads with thumbnails, byte ranges and conditional
// requests, and short-lived file tokens for protected fields.

interface FileParams {
  collection: string;
  recordId: string;
  filename: string;
}
interface FileQuery {
  thumb?: string;
  download?: string;
  token?: string;
}

/** Types a browser may show in place; everything else downloads (PocketBase's list). */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpg',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/x-icon',
  'image/bmp',
  'video/webm',
  'video/mp4',
  'video/3gpp',
  'video/quicktime',
  'video/x-ms-wmv',
  'audio/basic',
  'audio/aiff',
  'audio/mpeg',
  'audio/midi',
  'audio/mp3',
  'audio/wave',
  'audio/wav',
  'audio/x-wav',
  'audio/x-mpeg',
  'audio/x-m4a',
  'audio/aac',
  'application/pdf',
  'application/x-pdf',
]);

/**
 * Types set by extension, where content sniffing cannot tell (or tells wrong). Never a type a
 * browser runs or applies (script, style sheet, HTML): a file named `x.js` must not become a
 * script the app's own `script-src 'self'` would load.
 */
const FORCED_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Types a browser could run, apply or render as a page: served as plain bytes to download. */
const ACTIVE_TYPE =
  /javascript|ecmascript|^text\/(html|css|xml|xsl)|xhtml|^application\/(xml|wasm)/;

/** The Content-Type a stored file is served with: never one a browser would execute. */
export function servedContentType(key: string, storedType: string): string {
  const type = FORCED_TYPES[path.extname(key).toLowerCase()] ?? storedType;
  return ACTIVE_TYPE.test(baseMime(type)) ? 'application/octet-stream' : type;
}

/** No script, no frames, no plugins: an uploaded SVG or HTML file can never run code. */
const FILE_CSP = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox";
const CACHE_CONTROL = 'max-age=2592000, stale-while-revalidate=86400';

export function fileRoutes({
  records,
  auth,
  files,
}: {
  records: RecordService;
  auth: AuthService;
  files: FileService;
}) {
  return async (app: FastifyInstance) => {
    app.post('/api/files/token', async (request) => {
      const state = request.auth;
      if (!state) throw new ApiError(401, 'The request requires valid record authorization token.');
      return { token: auth.issue(state.collection, state.record, 'file') };
    });

    // HEAD is declared, not derived from GET: Fastify's derived HEAD would read a stream body
    // to its end (a whole file from S3) and replace its Content-Length.
    app.route<{ Params: FileParams; Querystring: FileQuery }>({
      method: ['GET', 'HEAD'],
      url: '/api/files/:collection/:recordId/:filename',
      handler: async (request, reply) => {
        const { collection, recordId, filename } = request.params;
        const module = records.findModule(collection);
        if (!module) throw new ApiError(404);
        const { definition } = module;
        const record = await records.findRecord(definition, recordId);
        if (!record) throw new ApiError(404);
        const field = definition.fields.find(
          (candidate) =>
            candidate.type === 'file' && fileNames(record[candidate.name]).includes(filename),
        );
        if (field?.type !== 'file') throw new ApiError(404);

        if (field.protected) {
          // Only the file token counts (not the Authorization header), and the viewRule must
          // pass for its record; anything else looks like a missing file.
          const token = String(request.query.token ?? '').trim();
          const state = token ? await auth.verify(token, 'file') : null;
          try {
            await records.view(definition.name, String(record.id), {
              ...recordRequest(request),
              auth: state ? { collection: state.collection, record: state.record } : null,
              isSuperuser: state?.collection.name === SUPERUSERS,
              context: 'protectedFile',
            });
          } catch (error) {
            if (error instanceof ApiError) throw new ApiError(404);
            throw error;
          }
        }

        let key = fileKey(definition.id, String(record.id), filename);
        let stored = await files.storage.stat(key);
        if (!stored) throw new ApiError(404);
        let servedName = filename;
        const thumb = request.query.thumb;
        if (thumb && isThumbAllowed(thumb, field)) {
          const made = await files.thumbnail(
            definition.id,
            String(record.id),
            filename,
            thumb,
            stored,
          );
          if (made) {
            key = made.key;
            stored = made.file;
            servedName = `${thumb}_${filename}`;
          }
        }
        return sendStored(request, reply, files, key, stored, servedName);
      },
    });
  };
}

function fileNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' && value !== '' ? [value] : [];
}

/** Go's strconv.ParseBool for true. */
function isTrue(value: string | undefined): boolean {
  return value !== undefined && ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value);
}

async function sendStored(
  request: FastifyRequest<{ Querystring: FileQuery }>,
  reply: FastifyReply,
  files: FileService,
  key: string,
  stored: StoredFile,
  servedName: string,
) {
  const type = baseMime(stored.contentType);
  const disposition =
    !isTrue(request.query.download) && INLINE_TYPES.has(type) ? 'inline' : 'attachment';
  // Files may be embedded anywhere, and get a policy of their own (set on the raw response
  // by the global security headers, so they are replaced there).
  reply.raw.removeHeader('x-frame-options');
  reply.raw.removeHeader('content-security-policy');
  reply
    .header('Content-Disposition', `${disposition}; filename="${servedName.replace(/["\\]/g, '')}"`)
    .header('Content-Type', servedContentType(key, stored.contentType))
    .header('Content-Security-Policy', FILE_CSP)
    .header('Cache-Control', CACHE_CONTROL)
    .header('Accept-Ranges', 'bytes')
    .header('ETag', stored.etag)
    .header('Last-Modified', stored.modified.toUTCString());

  const conditional = checkConditions(request, stored);
  if (conditional) return reply.code(conditional).send();

  const range = pickRange(request, stored);
  if (range === 'unsatisfiable') {
    reply.raw.removeHeader('content-type');
    return reply
      .code(416)
      .header('Content-Range', `bytes */${stored.size}`)
      .header('Content-Type', 'text/plain; charset=utf-8')
      .send('');
  }
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${stored.size}`)
      .header('Content-Length', range.end - range.start + 1);
  } else {
    reply.header('Content-Length', stored.size);
  }
  if (request.method === 'HEAD') return reply.send(null);
  return reply.send(await files.storage.read(key, range ?? undefined));
}

/** 304 or 412 when a conditional header decides the answer (RFC 9110 §13.2.2), else null. */
function checkConditions(request: FastifyRequest, stored: StoredFile): 304 | 412 | null {
  const headers = request.headers;
  const modified = Math.floor(stored.modified.getTime() / 1000);
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) {
    if (!etagListMatches(ifMatch, stored.etag, true)) return 412;
  } else {
    const since = parseHttpDate(headers['if-unmodified-since']);
    if (since !== null && modified > since) return 412;
  }
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (etagListMatches(ifNoneMatch, stored.etag, false)) return 304;
  } else {
    const since = parseHttpDate(headers['if-modified-since']);
    if (since !== null && modified <= since) return 304;
  }
  return null;
}

function etagListMatches(header: string, etag: string, strong: boolean): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    if (strong && (candidate.trim().startsWith('W/') || etag.startsWith('W/'))) return false;
    return opaque(candidate) === opaque(etag);
  });
}

function parseHttpDate(value: string | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/**
 * The one byte range asked for, null for the whole file (no Range, several ranges, or an
 * If-Range that no longer matches), or `unsatisfiable` (416).
 */
function pickRange(
  request: FastifyRequest,
  stored: StoredFile,
): ByteRange | null | 'unsatisfiable' {
  const header = request.headers.range;
  if (!header) return null;
  const ifRange = String(request.headers['if-range'] ?? '');
  if (ifRange) {
    const date = parseHttpDate(ifRange);
    const current =
      ifRange.trim().startsWith('"') || ifRange.trim().startsWith('W/')
        ? etagListMatches(ifRange, stored.etag, true)
        : date !== null && Math.floor(stored.modified.getTime() / 1000) <= date;
    if (!current) return null;
  }
  return parseRange(header, stored.size);
}

/** Reads a `bytes=` Range header against a size (exported for tests). */
export function parseRange(header: string, size: number): ByteRange | null | 'unsatisfiable' {
  const match = /^bytes=(.+)$/i.exec(header.trim());
  if (!match?.[1]) return 'unsatisfiable';
  const specs = match[1].split(',').map((spec) => spec.trim());
  if (specs.length > 1) return null;
  const spec = /^(\d*)-(\d*)$/.exec(specs[0] ?? '');
  if (!spec || (spec[1] === '' && spec[2] === '')) return 'unsatisfiable';
  if (spec[1] === '') {
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(spec[1]);
  const end = spec[2] === '' ? size - 1 : Math.min(Number(spec[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
