import { type CaptionCue, captions } from '@airgrid/schema';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { readBody } from '../../http/request-body.js';
import { recordRequest } from '../../http/request-context.js';
import type { RecordService } from '../../records/record-service.js';
import { MAX_CAPTION_FILE_BYTES, parseCaptions, toWebVtt } from './caption-files.js';

const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';

/**
 * Caption files:
 * - `POST /api/v1/captions/parse` `{ text }`: an SRT or WebVTT file read into cues, with each
 *   problem and its line, for a track the client then saves as a `captions` record;
 * - `GET /api/v1/captions/{id}.vtt`: a track as WebVTT, for any player (CORS open). Complete
 *   tracks are the station's published captions and answer anyone who has the address; drafts
 *   answer only the organization's members.
 */
export function captionRoutes(records: RecordService) {
  return async (app: FastifyInstance) => {
    app.post('/api/v1/captions/parse', async (request) => {
      if (!request.auth) throw new ApiError(401, 'Sign in to read caption files.');
      const body = await readBody(request);
      const text = body.text;
      if (typeof text !== 'string' || text.trim() === '') {
        throw new ApiError(400, VALIDATION_FAILED, {
          text: { code: 'validation_required', message: 'Choose an SRT or WebVTT file.' },
        });
      }
      if (Buffer.byteLength(text) > MAX_CAPTION_FILE_BYTES) {
        throw new ApiError(400, VALIDATION_FAILED, {
          text: {
            code: 'validation_file_size_limit',
            message: 'Caption files can be at most 4 MB.',
          },
        });
      }
      return parseCaptions(text);
    });

    app.get<{ Params: { file: string } }>('/api/v1/captions/:file', async (request, reply) => {
      const match = /^([a-z0-9]{15})\.vtt$/.exec(request.params.file);
      if (!match?.[1]) throw new ApiError(404, 'The requested resource wasn’t found.');
      const id = match[1];
      const track = await records.findRecord(captions, id);
      if (!track) throw new ApiError(404, 'The requested resource wasn’t found.');
      // A draft is the station's own: its members only (the view rule says who they are).
      if (track.status !== 'complete') await records.view('captions', id, recordRequest(request));
      return reply
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'no-cache')
        .header('etag', `"${String(track.updated).replace(/\W/g, '')}"`)
        .type('text/vtt; charset=utf-8')
        .send(toWebVtt((track.cues as CaptionCue[] | null) ?? []));
    });
  };
}
