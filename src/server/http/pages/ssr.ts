import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequest, createRequestListener } from '@remix-run/node-fetch-server';
import type { RequestHandler, ServerBuild } from 'react-router';
import { createPageCache, type PageCache } from './cached-pages';
import { createPageContext, type ResolveSession } from './page-context';
import { noRouteMessage, sendError } from '../api/error-handler';
import { REQUEST_ID_HEADER } from '../api/request-id';
import type { RenderCacheLimits } from './render-cache';
import { renderedBody } from './rendered-body';
import { renderLimit } from './render-limit';
import { isSharedPage, staticFirstSegments } from './shared-pages';
import { reactRouter } from './react-router';
import { sendOffSellerDomain } from './seller-domains';
import { redirectOnDomain, sitePathOnDomain } from './site-hosts';
import { unavailablePage } from './unavailable-page';
import { isDatabaseUnavailable } from '../../db/faults';

export interface WebOptions {
  /** Directory of the client bundle (build/client); absent in dev, where Vite serves it. */
  clientDir?: string;
  /**
   * The server build, or a loader for it. In production a loader is called once, when the server
   * starts listening: until it is done a page waits for it and readiness fails, while health and
   * the API answer (start.ts loads React Router and every page's code so: docs/decisions/055).
   * In development it is called for every request (fresh from Vite).
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  /** Dev only: Vite's connect middleware, tried before React Router. */
  viteMiddleware?: (req: unknown, res: unknown, next: () => void) => void;
  /** The one session check of a page request (refreshing an expired one, setting cookies). */
  resolveSession?: ResolveSession;
  /**
   * The cache of sellers' pages rendered for anonymous visitors (render-cache.ts): on with the
   * production build unless `false`; limits override the defaults. Never in development.
   */
  renderCache?: Partial<RenderCacheLimits> | false;
}

/**
 * Security headers that only mean something on a document (an HTML page): helmet sets them on every
 * answer, but on a script or stylesheet they are ~0.5 KB of dead weight per request, paid by every
 * page view for each of its bundles. Hashed assets drop them; `X-Content-Type-Options: nosniff`
 * stays. So did `Cross-Origin-Resource-Policy` and `Referrer-Policy` until the post pages' bundles
 * met the JavaScript budget only without them (issue 11): the bundles are public and the same for
 * everyone (nothing for CORP to protect), and the referrer of the requests they make (their
 * same-origin imports; the stylesheet makes none) falls back to the document's `same-origin`.
 */
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-resource-policy',
  'referrer-policy',
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * What a hashed bundle's answer leaves out: the document-only headers, and the request id (api/
 * request-id.ts), which on the same bytes for everyone, cached for a year, traces nothing — while
 * its ~52 bytes on each of a page's dozen bundles pushed the public pages over their 130 KB budget.
 * A bundle that is not found is not answered here, and keeps its id.
 */
const NOT_FOR_BUNDLES = [...DOCUMENT_ONLY_HEADERS, REQUEST_ID_HEADER];

/**
 * Sends React Router's Response through Fastify's reply, so the reply's hooks apply to pages as to
 * every other answer (compression in app.ts, the Set-Cookie headers the session check wrote, the
 * security headers and CSP nonce set on request): status and headers are copied, the body goes
 * out as it renders (renderedBody).
 */
async function sendWebResponse(reply: FastifyReply, response: Response, body?: Buffer) {
  reply.status(response.status);
  // Headers yields each Set-Cookie on its own; reply.header appends set-cookie values (to the
  // session cookies already on the reply) and sets every other header.
  for (const [name, value] of response.headers) reply.header(name, value);
  // A page that signs someone in (or out) carries their tokens: no cache may keep it.
  if (reply.hasHeader('set-cookie')) reply.header('cache-control', 'private, no-store');
  if (body) return reply.send(body);
  if (!response.body) return reply.send();
  return reply.send(await renderedBody(response.body));
}

/** createRequest refused the request (a Host that contradicts the HTTP/2 :authority). */
class UnreadableRequest extends Error {}

/**
 * The fetch Request React Router renders: the incoming one, addressed to `url` when the page is
 * rendered under another path (a seller's domain, tracking parameters left out). Its body stays
 * unread until an action reads it (no content-type parser in this scope). A `background` render
 * (the render cache refreshing a page its visitor was already answered with) is a GET of the same
 * URL and headers that the visitor's connection closing does not abort.
 */
function webRequestFor(
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  background = false,
): Request {
  let incoming: Request;
  try {
    incoming = createRequest(request.raw, reply.raw);
  } catch {
    throw new UnreadableRequest();
  }
  if (background) return new Request(new URL(url, incoming.url), { headers: incoming.headers });
  if (url === request.url) return incoming;
  return new Request(new URL(url, incoming.url), {
    method: incoming.method,
    headers: incoming.headers,
    body: incoming.body,
    signal: incoming.signal,
    duplex: 'half',
  } as RequestInit);
}

/** What renders pages, made from the server build once it is there. */
interface Renderer {
  handler: RequestHandler;
  /** The app's own first path segments (shared-pages.ts); null when the build reloads. */
  staticSegments: ReadonlySet<string> | null;
}

/** Serves the client bundle and renders every other path with React Router. */
export async function registerWeb(app: FastifyInstance, options: WebOptions) {
  const limitRenders = renderLimit(app);
  const { build } = options;
  // Development: a new build for every request, rendering the code being edited.
  const reloads = typeof build === 'function' && options.mode === 'development';
  // Made once, by the first page or when the server listens; a failure is every page's 500 (and
  // readiness fails for good): start.ts exits on it.
  let rendering: Promise<Renderer> | undefined;
  const renderer = () => (rendering ??= makeRenderer());
  async function makeRenderer(): Promise<Renderer> {
    // The build first: in production its loader is what lets React Router be imported (start.ts).
    const loaded = typeof build === 'function' && !reloads ? await build() : build;
    const { createRequestHandler } = await reactRouter();
    return {
      handler: createRequestHandler(loaded, options.mode),
      // Which first segments are the app's own (not a seller's): from the route manifest, which
      // in development is read again with the code.
      staticSegments: typeof loaded === 'function' ? null : staticFirstSegments(loaded),
    };
  }
  const staticSegmentsOf = async ({ staticSegments }: Renderer) =>
    staticSegments ?? staticFirstSegments(await (build as () => Promise<ServerBuild>)());
  // Production with a loader: the build loads as soon as the server listens, behind its first
  // answers; readiness fails until it is done (docs/decisions/055).
  if (typeof build === 'function' && !reloads) {
    app.addHook('onListen', (done) => {
      app.lifecycle.loading(renderer());
      done();
    });
  }
  // The production build only: in development every request renders the code being edited.
  const pages: PageCache | null =
    reloads || options.renderCache === false ? null : createPageCache(app, options.renderCache);

  if (options.clientDir) {
    // Every file of the client build is under assets/: one `/assets/*` route that looks the file up
    // when asked. (`wildcard: false` declared a GET and a HEAD route per file and per .br/.gz twin,
    // ~860 routes through every onRoute hook: a fifth of a restart; docs/decisions/055.) A file
    // that is not there is the API's 404, not a page.
    await app.register(fastifyStatic, {
      root: path.resolve(options.clientDir, 'assets'),
      prefix: '/assets/',
      index: false,
      decorateReply: false,
      cacheControl: false,
      // Hashed names never change content: no revalidation, so no validators to send; bundles are
      // small and fetched whole, so no range support to advertise either.
      etag: false,
      acceptRanges: false,
      lastModified: false,
      // `<file>.br` / `<file>.gz` written beside each asset by the build (vite/precompress.ts),
      // chosen by Accept-Encoding, with `Vary: accept-encoding`.
      preCompressed: true,
      // Hashed bundles never change: cache them forever. Other files (favicon) revalidate.
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
        if (hashed) for (const name of NOT_FOR_BUNDLES) reply.removeHeader(name);
        // The standard type (RFC 9239), without a charset: module scripts are always read as
        // UTF-8, and the 31 bytes saved on each bundle count in every page's JavaScript budget.
        if (hashed && filePath.endsWith('.js')) reply.header('content-type', 'text/javascript');
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
      const send = (response: Response, body?: Buffer) => sendWebResponse(reply, response, body);
      const pageRenderer = await renderer();
      const { handler } = pageRenderer;
      try {
        // A seller's own domain shows their site: React Router renders its `/{username}…` path.
        const host = await app.pageHostOf(request);
        const siteDomain =
          host.kind === 'site' ? { host: host.site.host, username: host.site.username } : null;
        if (siteDomain) {
          request.onSellerDomain = true;
          if (sendOffSellerDomain(app, request, reply, siteDomain.username)) return reply;
        }
        const url = siteDomain ? sitePathOnDomain(request.url, siteDomain.username) : request.url;
        // A seller's domain never reads a session (docs/decisions/050): its pages are anonymous.
        const resolveSession = siteDomain ? undefined : options.resolveSession;

        const staticSegments = await staticSegmentsOf(pageRenderer);
        const shared = isSharedPage(url.split('?', 1)[0]!, staticSegments);
        if (options.viteMiddleware) {
          const context = await createPageContext(
            app,
            request,
            reply,
            resolveSession,
            siteDomain,
            undefined,
            shared,
          );
          // Development: Vite's middleware answers its own paths on the raw response; the rest is
          // rendered straight onto it (no compression in development).
          for (const [name, value] of Object.entries(reply.getHeaders())) {
            if (value !== undefined) reply.raw.setHeader(name, value as string | string[]);
          }
          reply.hijack();
          request.raw.url = url;
          const listener = createRequestListener((req) => handler(req, context));
          options.viteMiddleware(
            request.raw,
            reply.raw,
            () => void listener(request.raw, reply.raw),
          );
          return;
        }

        // A seller's page: one view for their insights once it is answered (visit-recording.ts).
        if (shared) request.sellerPageSeen = url.split('?', 1)[0]!;
        const render = async (target: string, background = false) => {
          let databaseAway = false;
          const context = await createPageContext(
            app,
            request,
            reply,
            // Behind the visitors, the render cache renders the page every visitor gets: anonymous.
            background ? undefined : resolveSession,
            siteDomain,
            () => (databaseAway = true),
            shared,
          );
          // A render no cache answered, for a visitor without a session: counted per address.
          if (!background && !context.signedIn) {
            const refused = await limitRenders(request);
            if (refused) return refused;
          }
          const webRequest = webRequestFor(request, reply, target, background);
          const response = await handler(webRequest, context);
          if (!databaseAway)
            return siteDomain ? redirectOnDomain(response, url, siteDomain.username) : response;
          // Rendered without some of its data: the visitor gets the short 503 page instead, and
          // the render cache never keeps it (it keeps 200s only).
          await response.body?.cancel();
          return unavailablePage(app.deps.env.BRAND_NAME);
        };
        // Visits to a seller's page already in the render cache (anonymous ones, and members' on
        // its shared pages) are answered from it
        // without the database (even a custom domain's, from its last known owner: site-hosts.ts).
        const plan = pages?.plan(request, reply, host, url, staticSegments);
        if (plan) {
          const renderPlan = (mode: 'visit' | 'background') =>
            render(plan.url, mode === 'background');
          return await pages!.respond(request, reply, plan, renderPlan, send);
        }
        return await send(await render(url));
      } catch (err) {
        if (err instanceof UnreadableRequest) {
          return sendError(reply, 400, 'This request could not be read.', 'BAD_REQUEST');
        }
        // The session check or the host look-up found the database away.
        if (isDatabaseUnavailable(err)) return send(unavailablePage(app.deps.env.BRAND_NAME));
        throw err;
      }
    });
  });
}
