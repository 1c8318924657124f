import type { FastifyInstance } from 'fastify';

/** What a mail client's one-click POST may carry (RFC 8058: `List-Unsubscribe=One-Click`). */
const FORM_BODY_LIMIT = 4096;

/**
 * Lets the routes of one plugin scope take RFC 8058 one-click unsubscribe POSTs from mail clients:
 * the token is in the query, and the form body (urlencoded or multipart) does not matter. The
 * parsers exist in the calling scope only; everywhere else these types stay refused (415).
 */
export function acceptOneClickForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
    (_request, _body, done) => done(null, {}),
  );
}
