import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOADS_PATH, type UploadService } from './upload-service.js';

/** How often uploads abandoned for a day are looked for. */
const CLEAN_UP_EVERY_MS = 3600 * 1000;

/**
 * `/api/v1/uploads`: the tus protocol (creation, resumption with HEAD and PATCH, termination,
 * expiration) handed to @tus/server on the raw request, so the body streams to disk untouched.
 */
export function uploadRoutes(uploads: UploadService) {
  return async (app: FastifyInstance) => {
    // The bytes of a PATCH (or a POST with its first bytes) are tus's to read, as they come.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await uploads.server.handle(request.raw, reply.raw);
    };
    app.all(UPLOADS_PATH, handle);
    app.all(`${UPLOADS_PATH}/:id`, handle);

    const timer = setInterval(() => {
      uploads
        .cleanUpExpired()
        .then((count) => {
          if (count) app.log.info({ count }, 'abandoned uploads deleted');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'upload clean-up failed'));
    }, CLEAN_UP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
}
