import type { FastifyReply, FastifyRequest } from 'fastify';
import { isNotModified } from './conditional-request.js';
import { chooseEncoding } from './content-encoding.js';
import type { PublicRead } from './public-read-cache.js';

/**
 * Answers with a cached public read: validators and caching headers, then 304 when the
 * client's copy is current, else the stored body in the best encoding the client accepts (the
 * on-the-fly compression leaves a response that already names its Content-Encoding alone).
 * Returns null, with the headers set, when the read kept no body: the caller sends it.
 */
export function sendPublicRead(
  request: FastifyRequest,
  reply: FastifyReply,
  read: PublicRead,
  status = 200,
): FastifyReply | null {
  reply.headers(read.headers);
  // A 304 stands for a 200 only (RFC 9110 §15.4.5): another status is sent whole.
  if (status === 200 && isNotModified(request.headers, read.etag, read.lastModified)) {
    return reply.code(304).send();
  }
  reply.code(status);
  if (!read.bodies) return null;
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.type(read.contentType).send(read.bodies[encoding]);
}
