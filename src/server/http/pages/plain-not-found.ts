import type { FastifyReply } from 'fastify';

/**
 * A 404 for the server's own non-API files (share images, sitemaps): a sentence as plain text,
 * never cached (the thing may exist a moment later).
 */
export function plainNotFound(reply: FastifyReply, message: string) {
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(message);
}
