import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_IDENTITY_HEADER } from '../api/auth';
import { sendError } from '../api/error-handler';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../api/session';
import { offSitePath, siteHosts, type PageHost } from './site-hosts';

/**
 * A seller's domain is a storefront, never an account page (docs/decisions/050). The seller
 * controls that origin (its DNS, its certificate, whatever else it serves), so nothing that
 * identifies a member may live there: no page of the domain reads a session, no API call on it may
 * carry one or start one, no answer sets a cookie, and every page that is not the seller's own
 * goes to the marketplace's host (APP_URL).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** What the request's Host is (site-hosts.ts): one resolver, shared by the pages and the API. */
    pageHostOf: (request: FastifyRequest) => Promise<PageHost>;
  }
  interface FastifyRequest {
    /** Addressed to a seller's verified domain: its answer must set no cookie. */
    onSellerDomain: boolean;
  }
}

/** A cookie of the session, by name, in a Cookie header. */
const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:${ACCESS_COOKIE}|${REFRESH_COOKIE})=`);

const CREDENTIALED =
  "This is a seller's own domain: it serves their shop to visitors only. Sign in and manage your account on the marketplace itself.";
const ACCOUNT_CALL =
  "Signing in, signing up and account calls are not available on a seller's own domain. Use the marketplace itself.";

/** Why an API call on a seller's domain is refused, or null when it may go on (anonymous reads). */
function refusalOnSellerDomain(request: FastifyRequest): string | null {
  const { headers } = request;
  // Any way a call can name a member: its token (SPEC §6 header or Bearer), a page ticket, cookies.
  const named = ['authorization', 'x-access-token', PAGE_IDENTITY_HEADER].some((h) => headers[h] !== undefined);
  if (named) return CREDENTIALED;
  if (SESSION_COOKIE.test(headers.cookie ?? '')) return CREDENTIALED;
  const tags = (request.routeOptions.schema as { tags?: readonly string[] } | undefined)?.tags;
  return tags?.includes('auth') ? ACCOUNT_CALL : null;
}

export function installSellerDomainRules(app: FastifyInstance): void {
  app.decorate('pageHostOf', siteHosts(app));
  app.decorateRequest('onSellerDomain', false);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if ((await app.pageHostOf(request)).kind !== 'site') return;
    request.onSellerDomain = true;
    const refusal = refusalOnSellerDomain(request);
    if (refusal) return sendError(reply, 403, refusal, 'SELLER_DOMAIN');
  });

  // Whatever a route meant to set (a session, a refreshed token, a cleared one), the seller's
  // origin gets no cookie of ours.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.onSellerDomain) reply.removeHeader('set-cookie');
    return payload;
  });
}

/**
 * A page request on `username`'s domain that is not one of their pages: sent to the same path on
 * the marketplace with 303 See Other (a form posted here — a log-in form on a look-alike page — is
 * never replayed there with its fields). React Router's data requests get the redirect in its own
 * form (204 + X-Remix-Redirect), which makes the browser load the marketplace's page as a whole.
 * Returns whether the request was answered.
 */
export function sendOffSellerDomain(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
): boolean {
  const away = offSitePath(request.url, username);
  if (!away) return false;
  const location = `${new URL(app.deps.env.APP_URL).origin}${away.path}`;
  reply.header('cache-control', 'no-store');
  if (away.data) {
    void reply
      .code(204)
      .headers({
        'x-remix-redirect': location,
        'x-remix-status': '303',
        'x-remix-reload-document': 'true',
      })
      .send();
  } else {
    void reply.code(303).header('location', location).send();
  }
  return true;
}
