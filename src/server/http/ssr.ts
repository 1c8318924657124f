import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@remix-run/node-fetch-server';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { publicConfig } from '../config/env';
import { PAGE_IDENTITY_HEADER } from './plugins/auth';
import { noRouteMessage, sendError } from './plugins/error-handler';
import type { PageSession } from './session';

export interface WebOptions {
  /** Directory of the client bundle (build/client); absent in dev, where Vite serves it. */
  clientDir?: string;
  /** The server build, or a loader for it (dev: fresh from Vite on every request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  /** Dev only: Vite's connect middleware, tried before React Router. */
  viteMiddleware?: (req: unknown, res: unknown, next: () => void) => void;
  /** The one session check of a page request (refreshing an expired one, setting cookies). */
  resolveSession?: (request: FastifyRequest, reply: FastifyReply) => Promise<PageSession | null>;
}

/** Converts an in-process inject() answer into a fetch Response. */
function toResponse(res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, String(v));
    else if (value !== undefined) headers.set(name, String(value));
  }
  const nullBody = [101, 204, 205, 304].includes(res.statusCode);
  return new Response(nullBody ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
}

/**
 * A fetch() that reaches this app's API through app.inject, forwarding the caller's identity: the
 * page's identity ticket (plugins/auth.ts: the session was checked once, for the whole render),
 * the client IP (rate limits stay per client) and the Host the page was addressed to (so the API's
 * same-origin check compares a forwarded Origin with the page's own origin).
 */
export function createInProcessFetch(
  app: FastifyInstance,
  opts: { ticket?: string; ip?: string; host?: string },
): typeof fetch {
  return async (input, init) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), 'http://internal'), init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    if (opts.ticket) headers[PAGE_IDENTITY_HEADER] = opts.ticket;
    if (opts.host && !headers.host) headers.host = opts.host;
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: body,
      remoteAddress: opts.ip,
    });
    return toResponse(res);
  };
}

/**
 * What the loaders and actions of one page request get (React Router's load context): the
 * session is checked once here; the in-process API calls carry a ticket for that identity, valid
 * until the response is over. A visitor without session cookies costs no session work at all.
 */
export async function createPageContext(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  resolveSession?: WebOptions['resolveSession'],
): Promise<AppLoadContext> {
  const session = resolveSession ? await resolveSession(request, reply) : null;
  // A signed-in page shows personal data; a refreshed session sets tokens: never cached.
  if (session || reply.hasHeader('set-cookie')) reply.header('cache-control', 'private, no-store');
  const ticket = session ? app.pageIdentities.issue(session.user) : undefined;
  if (ticket) reply.raw.once('close', () => app.pageIdentities.revoke(ticket));
  return {
    apiFetch: createInProcessFetch(app, { ticket, ip: request.ip, host: request.host }),
    config: publicConfig(app.deps.env),
    nonce: (reply.raw as { cspNonce?: string }).cspNonce ?? '',
    signedIn: session !== null,
  };
}

/** Serves the client bundle and renders every other path with React Router. */
export async function registerWeb(app: FastifyInstance, options: WebOptions) {
  const handler = createRequestHandler(options.build, options.mode);

  if (options.clientDir) {
    await app.register(fastifyStatic, {
      root: path.resolve(options.clientDir),
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      cacheControl: false,
      // Hashed bundles never change: cache them forever. Other files (favicon) revalidate.
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  await app.register(async (scope) => {
    // React Router actions read the raw body themselves.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    scope.all('/*', { schema: { hide: true } }, async (request, reply) => {
      if (request.url.startsWith('/api/')) {
        return sendError(reply, 404, noRouteMessage(request), 'NOT_FOUND');
      }
      const context = await createPageContext(app, request, reply, options.resolveSession);
      // Headers set so far (cookies, security headers) must survive: copy them onto the raw response.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value as string | string[]);
      }
      reply.hijack();
      const listener = createRequestListener((req) => handler(req, context));
      const render = () => void listener(request.raw, reply.raw);
      if (options.viteMiddleware) options.viteMiddleware(request.raw, reply.raw, render);
      else render();
    });
  });
}
