import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadedFile } from '../records/record-files.js';
import { ApiError } from './api-error.js';

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
    if (String(body).trim() === '') done(null, undefined);
    else parseJson(request, String(body), done);
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
        await pipeline(
          part.file,
          counter,
          file.path ? createWriteStream(file.path, { flags: 'wx' }) : discard(),
        );
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
  const values: Record<string, unknown> = {};
  const payloads: unknown[] = [];
  const parts = request.parts(
    // The parser's own cap sits above ours, so our counter always speaks first.
    maxFileSize ? { limits: { fileSize: maxFileSize + 1 } } : {},
  );
  for await (const part of parts) {
    if (part.type === 'file') {
      await onFile(part);
      continue;
    }
    const value = String(part.value);
    if (part.fieldname === '@jsonPayload') {
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
