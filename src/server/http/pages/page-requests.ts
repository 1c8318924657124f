import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Client input the page renderer must never see as a server fault (a 500): methods pages do not
 * have, a Host header that is not a host, and page form posts that are not forms. Each gets a 4xx
 * with a sentence, before React Router is asked.
 */

/** What the server-rendered pages answer to (HEAD comes with GET). */
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);
/** A host name or IPv4/IPv6 address, with an optional port; empty (HTTP/1.0) is tolerated. */
const VALID_HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** The bodies an HTML form (and React Router's own form submissions) can send. */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** Paths handled by routes of their own rather than by the page renderer. */
const NOT_PAGES = /^\/(api|media|media-upload|fonts|share-images|l)(\/|$)/;

function refuse(reply: FastifyReply, statusCode: number, message: string, headers: Record<string, string> = {}) {
  return reply.code(statusCode).headers(headers).type('text/plain; charset=utf-8').send(message);
}

export function pageRequestProblem(request: FastifyRequest): { status: number; message: string } | null {
  const host = request.headers.host;
  if (host !== undefined && host !== '' && !VALID_HOST.test(host)) {
    return { status: 400, message: 'This request names an invalid host.' };
  }
  const path = request.url.split('?')[0] ?? '';
  if (NOT_PAGES.test(path)) return null;
  if (!PAGE_METHODS.has(request.method)) {
    return { status: 405, message: `Pages can be fetched (GET) or sent a form (POST), not ${request.method}.` };
  }
  if (request.method === 'POST') {
    const type = request.headers['content-type'];
    if (!type) return { status: 400, message: 'The form is empty: send its fields as a form.' };
    if (!FORM_TYPES.test(type)) {
      return { status: 415, message: 'Send this form as application/x-www-form-urlencoded or multipart/form-data.' };
    }
  }
  return null;
}

export function guardPageRequests(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const problem = pageRequestProblem(request);
    if (!problem) return;
    const allow: Record<string, string> = problem.status === 405 ? { allow: [...PAGE_METHODS].join(', ') } : {};
    return refuse(reply, problem.status, problem.message, allow);
  });
}
