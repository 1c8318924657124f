import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouterContextProvider } from 'react-router';
import type { SiteDomainContext } from '../../../web/load-context';
import { publicConfig } from '../../config/env';
import { PAGE_IDENTITY_HEADER } from '../api/auth';
import { createDirectCall } from '../api/direct';
import { REQUEST_ID_HEADER } from '../api/request-id';
import type { PageSession } from '../api/session';
import { reactRouter } from './react-router';

/** The one session check of a page request (refreshing an expired one, setting cookies). */
export type ResolveSession = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<PageSession | null>;

// What a page's loaders and actions reach the API through: the in-process fetch and the load
// context of one page request (its session checked once, for the whole render).

/** Converts an in-process inject() answer into a fetch Response. */
function toResponse(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
}) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, String(v));
    else if (value !== undefined) headers.set(name, String(value));
  }
  const nullBody = [101, 204, 205, 304].includes(res.statusCode);
  return new Response(nullBody ? null : new Uint8Array(res.rawPayload), {
    status: res.statusCode,
    headers,
  });
}

/**
 * A fetch() that reaches this app's API through app.inject, forwarding the caller's identity: the
 * page's identity ticket (api/auth.ts: the session was checked once, for the whole render),
 * the client IP (rate limits stay per client) and the Host the page was addressed to (so the API's
 * same-origin check compares a forwarded Origin with the page's own origin).
 */
export function createInProcessFetch(
  app: FastifyInstance,
  opts: {
    ticket?: string;
    ip?: string;
    host?: string;
    /** The page request's id: its API calls log under it too. */
    requestId?: string;
    onDatabaseAway?: () => void;
  },
): typeof fetch {
  return async (input, init) => {
    const request = new Request(
      new URL(String(input instanceof Request ? input.url : input), 'http://internal'),
      init,
    );
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    if (opts.ticket) headers[PAGE_IDENTITY_HEADER] = opts.ticket;
    if (opts.host && !headers.host) headers.host = opts.host;
    if (opts.requestId) headers[REQUEST_ID_HEADER] = opts.requestId;
    // In-process answers are read at once: compressing them would only cost CPU.
    headers['accept-encoding'] = 'identity';
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: body,
      remoteAddress: opts.ip,
    });
    if (opts.onDatabaseAway && saysDatabaseAway(res)) opts.onDatabaseAway();
    return toResponse(res);
  };
}

/** An API answer `503 DB_UNAVAILABLE`: whatever the page does with it, the page is not whole. */
function saysDatabaseAway(res: { statusCode: number; body: string }): boolean {
  if (res.statusCode !== 503) return false;
  try {
    return (JSON.parse(res.body) as { code?: unknown }).code === 'DB_UNAVAILABLE';
  } catch {
    return false;
  }
}

/**
 * What the loaders and actions of one page request get (React Router's load context): the
 * session is checked once here; the in-process API calls carry a ticket for that identity, valid
 * until the response is over. A visitor without session cookies costs no session work at all,
 * and neither does anyone on a `shared` page (shared-pages.ts: the same HTML for everyone, so the
 * session is not even read — no refresh, no Set-Cookie; the client refreshes on its own calls).
 * `onDatabaseAway` hears of any of those calls answered 503 DB_UNAVAILABLE.
 */
export async function createPageContext(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  resolveSession?: ResolveSession,
  siteDomain: SiteDomainContext | null = null,
  onDatabaseAway?: () => void,
  shared = false,
): Promise<RouterContextProvider> {
  const session = resolveSession && !shared ? await resolveSession(request, reply) : null;
  // A signed-in page shows personal data; a refreshed session sets tokens: never cached.
  if (session || reply.hasHeader('set-cookie')) reply.header('cache-control', 'private, no-store');
  const ticket = session ? app.pageIdentities.issue(session.user) : undefined;
  if (ticket) reply.raw.once('close', () => app.pageIdentities.revoke(ticket));
  // React Router's context object (future.v8_middleware) with the web's load context on it.
  const { RouterContextProvider } = await reactRouter();
  return Object.assign(new RouterContextProvider(), {
    // Reads go straight to their route's handler (docs/decisions/046); the rest through inject.
    apiDirect: createDirectCall(app, {
      user: session?.user ?? null,
      id: request.id,
      log: request.log,
      onDatabaseAway,
    }),
    apiFetch: createInProcessFetch(app, {
      ticket,
      ip: request.ip,
      host: request.host,
      requestId: request.id,
      onDatabaseAway,
    }),
    config: publicConfig(app.deps.env),
    nonce: (reply.raw as { cspNonce?: string }).cspNonce ?? '',
    signedIn: session !== null,
    shared,
    siteDomain,
  });
}
