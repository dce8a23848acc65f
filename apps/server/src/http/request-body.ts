import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import type { UploadedFile } from '../request-types.js';

/**
 * Reads a record body in any of the three encodings the contract accepts (JSON, multipart with
 * `@jsonPayload` parts, url-encoded), as one plain object.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fieldSize: 8 * 1024 * 1024, fields: 1000 } });
  // The SDK sends `Content-Type: application/json` even on bodiless POSTs (auth-refresh):
  // an empty body is no body, as in PocketBase. Others keep Fastify's hardened parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') done(null, undefined);
    else if (nestedTooDeep(text)) done(tooDeep(), undefined);
    else parseJson(request, text, done);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const values: Record<string, unknown> = {};
      for (const [key, value] of new URLSearchParams(String(body)))
        addValue(values, key, inferValue(value));
      done(null, values);
    },
  );
}

/**
 * The request's body as an object (multipart parts folded in), or `{}` when it has none. File
 * parts are read to their end and ignored, as PocketBase does outside record writes.
 */
export async function readBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) return plainBody(request);
  return readParts(request, async (part) => {
    await pipeline(part.file, discard());
  });
}

/** The default request size limit (PocketBase's DefaultMaxBodySize, 32 MiB). */
export const DEFAULT_MAX_BODY_SIZE = 32 * 1024 * 1024;

export interface UploadLimits {
  /** Where file parts are spooled (it must exist). */
  directory: string;
  /** The largest request in bytes: a larger one is refused with 413. */
  maxBodySize: number;
  /**
   * How many bytes of a file part to keep, by part name; a longer part is still read (and its
   * size counted) but dropped, so the record engine can name the field it was too big for. 0
   * drops the part altogether (not a file field).
   */
  maxFileSize(fieldname: string): number;
}

/** A request body with its file parts, each spooled to a temporary file (never buffered). */
export interface RequestBody {
  values: Record<string, unknown>;
  files: UploadedFile[];
}

/**
 * Reads a record write's body: the plain values as {@link readBody} does, and each file part
 * streamed to a temporary file under `limits.directory`. The caller deletes the files it does
 * not store; on a failure here they are deleted before the error is thrown.
 */
export async function readBodyWithFiles(
  request: FastifyRequest,
  limits: UploadLimits,
): Promise<RequestBody> {
  if (!request.isMultipart()) return { values: plainBody(request), files: [] };
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBodySize) throw new ApiError(413);
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    const values = await readParts(
      request,
      async (part) => {
        const keep = limits.maxFileSize(part.fieldname);
        const file: UploadedFile = {
          fieldname: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          size: 0,
          path: keep > 0 ? path.join(limits.directory, `${randomUUID()}.upload`) : '',
          truncated: false,
        };
        if (keep > 0) files.push(file);
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            file.size += chunk.length;
            total += chunk.length;
            if (total > limits.maxBodySize) return done(new ApiError(413));
            if (file.size > keep) {
              file.truncated = true;
              return done();
            }
            done(null, chunk);
          },
        });
        const sink = file.path ? createWriteStream(file.path, { flags: 'wx' }) : discard();
        try {
          await pipeline(part.file, counter, sink);
        } catch (error) {
          // A failed pipeline destroys the file stream, but it may still be opening the file:
          // wait for it to close, so the clean-up below finds the file and nothing recreates it.
          if (!sink.closed)
            await new Promise<void>((resolve) => sink.once('close', () => resolve()));
          throw error;
        }
        if (file.truncated && file.path) {
          await rm(file.path, { force: true });
          file.path = '';
        }
      },
      limits.maxBodySize,
    );
    return { values, files };
  } catch (error) {
    await Promise.allSettled(files.map((file) => file.path && rm(file.path, { force: true })));
    throw error;
  }
}

/**
 * The deepest nesting of arrays and objects a JSON body may have. Real bodies stay under ten;
 * without a bound a body of 10,000 `[`s (40 KB) would overflow the stack of whatever walks it
 * recursively after parsing (validation, JSON.stringify, the SQL drivers).
 */
const MAX_JSON_DEPTH = 64;

/**
 * True when JSON text nests arrays and objects deeper than `max`: one pass over the characters,
 * no recursion and no parsing, skipping the insides of strings. Run before JSON.parse, so a
 * hostile body costs a scan and nothing more. Text that is not JSON may pass; the parser then
 * refuses it.
 */
export function nestedTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

function tooDeep(what = 'the JSON body'): ApiError {
  return new ApiError(
    400,
    `Failed to read the submitted data: ${what} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`,
  );
}

/**
 * A multipart body the parser could not read (no boundary, cut short, a part's headers broken)
 * is the client's mistake: a 400 that says which, or the parser's own 4xx for its limits. Our
 * own failures (ApiErrors, and disk errors writing an upload, which carry a syscall) pass.
 */
function multipartError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (!(error instanceof Error) || 'syscall' in error) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(status === 406 ? 400 : status, multipartMessage(error.message));
  }
  return new ApiError(400, multipartMessage(error.message));
}

const MULTIPART_PREFIX = 'Failed to read the multipart body: ';
const NO_BOUNDARY = `${MULTIPART_PREFIX}its Content-Type needs a boundary of 1 to 70 characters, e.g. multipart/form-data; boundary=x.`;
const BOUNDARY = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;
/** The longest boundary the parser can search for (its needle is "\r\n--" and the boundary). */
const MAX_BOUNDARY_LENGTH = 252;

/** Refuses a multipart Content-Type without a usable boundary before the parser sees it. */
function checkBoundary(contentType: string | undefined) {
  const match = BOUNDARY.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  if (boundary === '' || boundary.length > MAX_BOUNDARY_LENGTH)
    throw new ApiError(400, NO_BOUNDARY);
}

function multipartMessage(cause: string): string {
  const prefix = MULTIPART_PREFIX;
  if (/boundary (not found|required)|needle/i.test(cause)) return NO_BOUNDARY;
  if (/unexpected end|terminated early|closed before/i.test(cause))
    return `${prefix}it ends before its closing boundary (the request was cut short).`;
  if (/limit/i.test(cause)) return `${prefix}${cause}.`;
  return `${prefix}it is malformed (${cause.slice(0, 200)}).`;
}

function discard(): Writable {
  return new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
}

function plainBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'Failed to read the submitted data: send a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** Folds the plain parts into values (with `@jsonPayload` merged over them); files go to `onFile`. */
async function readParts(
  request: FastifyRequest,
  onFile: (part: MultipartFile) => Promise<void>,
  maxFileSize?: number,
): Promise<Record<string, unknown>> {
  checkBoundary(request.headers['content-type']);
  const values: Record<string, unknown> = {};
  const payloads: unknown[] = [];
  const parts = request.parts(
    // The parser's own cap sits above ours, so our counter always speaks first.
    maxFileSize ? { limits: { fileSize: maxFileSize + 1 } } : {},
  );
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        await onFile(part);
        continue;
      }
      const value = String(part.value);
      if (part.fieldname === '@jsonPayload') {
        if (nestedTooDeep(value)) throw tooDeep('@jsonPayload');
        try {
          payloads.push(JSON.parse(value));
        } catch {
          throw new ApiError(
            400,
            'Failed to read the submitted data: @jsonPayload is not valid JSON.',
          );
        }
      } else {
        addValue(values, part.fieldname, inferValue(value));
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  for (const payload of payloads) {
    if (payload && typeof payload === 'object' && !Array.isArray(payload))
      Object.assign(values, payload);
  }
  return values;
}

function addValue(values: Record<string, unknown>, key: string, value: unknown) {
  if (!Object.hasOwn(values, key)) values[key] = value;
  else if (Array.isArray(values[key])) (values[key] as unknown[]).push(value);
  else values[key] = [values[key], value];
}

/**
 * PocketBase's type inference for form values: "true"/"false" become booleans, a number only
 * when formatting it again gives the same text, everything else stays a string.
 */
export function inferValue(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value !== '' && /^-?\d/.test(value)) {
    const number = Number(value);
    if (Number.isFinite(number) && String(number) === value) return number;
  }
  return value;
}
