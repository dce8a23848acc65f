import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One JSON log line per request, when it completes (method, url, status, time, request id);
 * the "incoming request" line drops to debug so a busy guide page does not double the log.
 * The url is logged as it came: the logger itself redacts the secrets in it (log-redaction.ts),
 * as in every other line.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
