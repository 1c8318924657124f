import type { FastifyReply } from 'fastify';

/**
 * A CSV file as the answer: a file to save, never a page to render, and nothing cached on the way
 * (personal data). The file name is ours (dates, a username), never the caller's text.
 */
export function csvAttachment(reply: FastifyReply, file: { filename: string; csv: string }) {
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store');
  return file.csv;
}
