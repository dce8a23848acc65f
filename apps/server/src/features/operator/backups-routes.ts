import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { type AuthService, SUPERUSERS } from '../../auth/auth-service.js';
import { ApiError } from '../../errors/api-error.js';
import { readBody, readBodyWithFiles } from '../../http/request-body.js';
import { requireSuperuser } from '../../http/request-context.js';
import { type BackupService, isBackupKey, MISSING } from './backup-service.js';

interface KeyParams {
  key: string;
}

/** Room for the multipart framing around the file part. */
const MULTIPART_OVERHEAD = 1024 * 1024;

function mib(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
}

/**
 * PocketBase's backups API (the SDK's `pb.backups`), for superusers only: guests 401, any other
 * record 403, before anything else. The download alone is asked with a superuser's file token
 * in `?token=` (a link a browser follows carries no Authorization header), as PocketBase does.
 */
export function backupsRoutes({
  backups,
  auth,
  uploadDirectory,
  maxUploadSize,
}: {
  backups: BackupService;
  auth: AuthService;
  uploadDirectory: string;
  maxUploadSize: number;
}) {
  return async (app: FastifyInstance) => {
    app.get('/api/backups', async (request) => {
      requireSuperuser(request);
      return backups.list();
    });

    app.post('/api/backups', async (request, reply) => {
      requireSuperuser(request);
      const { name } = await readBody(request);
      if (name !== undefined && name !== null && typeof name !== 'string')
        throw new ApiError(400, 'An error occurred while validating the submitted data.', {
          name: { code: 'validation_invalid_backup_name', message: 'Must be a string.' },
        });
      await backups.create(name ?? undefined);
      return reply.code(204).send();
    });

    app.post('/api/backups/upload', async (request, reply) => {
      requireSuperuser(request);
      const tooLarge = () =>
        new ApiError(
          413,
          `The backup is larger than the upload limit of ${mib(maxUploadSize)} (BACKUP_MAX_UPLOAD_MB).`,
        );
      let body: Awaited<ReturnType<typeof readBodyWithFiles>>;
      try {
        body = await readBodyWithFiles(request, {
          directory: uploadDirectory,
          maxBodySize: maxUploadSize + MULTIPART_OVERHEAD,
          maxFileSize: (field) => (field === 'file' ? maxUploadSize : 0),
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 413) throw tooLarge();
        throw error;
      }
      try {
        const file = body.files.find((candidate) => candidate.fieldname === 'file');
        if (file?.truncated) throw tooLarge();
        await backups.upload(file);
      } finally {
        await Promise.allSettled(
          body.files.filter((file) => file.path).map((file) => rm(file.path, { force: true })),
        );
      }
      return reply.code(204).send();
    });

    app.get<{ Params: KeyParams; Querystring: { token?: string } }>(
      '/api/backups/:key',
      async (request, reply) => {
        const token = String(request.query.token ?? '').trim();
        const state = token ? await auth.verify(token, 'file') : null;
        if (state?.collection.name !== SUPERUSERS)
          throw new ApiError(403, 'Insufficient permissions to access the resource.');
        const found = await backups.open(request.params.key);
        if (!found) throw new ApiError(400, MISSING);
        reply.raw.removeHeader('content-security-policy');
        return (
          reply
            .header('Content-Type', 'application/zip')
            .header('Content-Disposition', `attachment; filename="${request.params.key}"`)
            .header('Content-Length', found.stored.size)
            .header('Content-Security-Policy', "default-src 'none'; sandbox")
            .header('Cache-Control', 'no-store')
            // A download is one long response: the connection is not kept for another, so a
            // closing server never waits on it.
            .header('Connection', 'close')
            .send(found.body)
        );
      },
    );

    app.delete<{ Params: KeyParams }>('/api/backups/:key', async (request, reply) => {
      requireSuperuser(request);
      await backups.delete(request.params.key);
      return reply.code(204).send();
    });

    app.post<{ Params: KeyParams }>('/api/backups/:key/restore', async (request, reply) => {
      requireSuperuser(request);
      if (!isBackupKey(request.params.key)) throw new ApiError(400, MISSING);
      await backups.restore(request.params.key);
      return reply.code(204).send();
    });
  };
}
