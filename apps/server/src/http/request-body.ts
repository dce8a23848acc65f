import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** The request's body as an object (multipart parts folded in), or `{}` when it has none. */
export async function readBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return {};
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new ApiError(400, 'Failed to read the submitted data: send a JSON object.');
    }
    return body as Record<string, unknown>;
  }
  const values: Record<string, unknown> = {};
  const payloads: unknown[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Drain the stream so the request completes, then refuse clearly.
      await part.toBuffer();
      throw new ApiError(400, 'Failed to read the submitted data.', {
        [part.fieldname]: {
          code: 'validation_file_upload_unavailable',
          message: 'File uploads are not enabled on this field yet.',
        },
      });
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
