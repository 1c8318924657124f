import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../composition/app-deps';
import { frameworkError, installErrorHandler } from '../api/error-handler';
import { apiV1 } from '../api/v1';
import { localStorageRoutes } from '../api/media';
import { fontRoutes } from '../pages/fonts';
import { shareImageRoutes } from '../pages/share-images';
import { seoRoutes } from '../pages/seo';
import { linkRedirectRoutes } from '../pages/link-redirect';
import type { LocalStorageDriver } from '../../adapters/storage/local';
import { IMAGE_MAX_BYTES } from '../../adapters/images/process';
import { COMPRESSION } from '../api/compression';
import { installContentSecurityPolicy } from '../pages/csp';
import { PageIdentities } from '../api/auth';
import { installLifecycle } from '../api/lifecycle';
import { installRequestLog } from './request-log';
import { registerApiDocs } from '../api/api-docs';
import { ROUTER_OPTIONS, ZOD_SCHEMAS } from '../api/fastify-options';
import { installVisitRecording } from '../pages/visit-recording';
import { installSellerDomainRules } from '../pages/seller-domains';
import { installRequestMetrics, metricsRoute } from '../api/metrics';
import { installRequestIds, REQUEST_ID_HEADER, requestIdOf } from '../api/request-id';
import { guardPageRequests } from '../pages/page-requests';
import { useRedis } from './redis';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** A request must arrive whole within this long (slow-loris uploads are cut off). */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface BuildAppOptions {
  /** Overrides REQUEST_TIMEOUT_MS (tests). */
  requestTimeoutMs?: number;
  /** Registers the web front end (static assets + SSR catch-all). Absent in API-only tests. */
  web?: (app: FastifyInstance) => Promise<void>;
  /** URLs per sitemap document (tests page through a handful; default the protocol's 50,000). */
  sitemapPageSize?: number;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest n hops". */
function trustProxyOption(value: boolean | number | string[]) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Builds the whole application: API, media, and (when given) the server-rendered web app. */
export async function buildApp(
  deps: AppDeps,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    ...(deps.logger && typeof deps.logger === 'object'
      ? { loggerInstance: deps.logger }
      : { logger: deps.logger ?? false }),
    trustProxy: trustProxyOption(deps.env.TRUST_PROXY),
    // Every log line of a request carries its id (`reqId`), and so does every answer (below).
    genReqId: (req) => requestIdOf(req.headers[REQUEST_ID_HEADER]),
    // Our own one line per request instead (request-log.ts): quiet for assets, redacted.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    requestTimeout,
    // Node arms its request timer only from the options it is created with, and checks for
    // overdue requests on this interval (30 s by default, on top of the timeout).
    http: { requestTimeout, connectionsCheckingInterval: Math.min(5_000, requestTimeout) },
    routerOptions: ROUTER_OPTIONS,
    frameworkErrors: (err, _request, reply) => void frameworkError(err, reply),
    // A request that arrives on an open keep-alive connection while the server closes is served
    // (with `Connection: close`), not refused with Fastify's bare 503: the drain after SIGTERM
    // must show clients no 5xx (docs/decisions/038).
    return503OnClosing: false,
    schemaController: ZOD_SCHEMAS,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', deps);
  // Shared by the API scope (which fills and reads them) and the server renderer.
  app.decorate('apiRoutes', []);
  app.decorate('directRoutes', new Map());
  app.decorate('pageIdentities', new PageIdentities());
  installErrorHandler(app);
  installLifecycle(app);
  installRequestIds(app);
  installRequestLog(app);
  installRequestMetrics(app);
  guardPageRequests(app);
  // A seller's domain serves their shop only: no sessions, no account calls (docs/decisions/050).
  installSellerDomainRules(app);
  // Views and clicks for sellers' insights, written behind the answers (docs/decisions/071).
  installVisitRecording(app);

  // A fresh nonce per page lets React Router's inline hydration scripts pass the CSP.
  installContentSecurityPolicy(app, deps.env);
  // Every text answer is compressed when the client accepts it (docs/decisions/011): pages and
  // JSON on the fly, at brotli settings cheap enough not to cost server-rendering throughput;
  // hashed assets are served precompressed by @fastify/static (ssr.ts). Registered before any
  // route, as its hook is added to each route when the route is declared. Images under /media are
  // not compressible types and pass through; request bodies are never inflated.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION.threshold,
    brotliOptions: COMPRESSION.brotli,
    zlibOptions: COMPRESSION.gzip,
    // Pages and JSON held whole, up to 256 KB, are compressed in one call, not through a stream.
    syncThreshold: COMPRESSION.oneCallUpTo,
    globalDecompression: false,
  });
  await app.register(cookie, { secret: deps.secret });
  await app.register(helmet, {
    // Set by installContentSecurityPolicy from strings built once (helmet rebuilds it per answer).
    contentSecurityPolicy: false,
    // The app embeds its own media only; COEP would block user images served from S3/CDN.
    crossOriginEmbedderPolicy: false,
    hsts: deps.env.APP_URL.startsWith('https://'),
    // Not helmet's no-referrer: under it browsers send `Origin: null` with plain form posts, and
    // the no-JavaScript forms (log in, register, sign out) would fail React Router's and the API's
    // same-origin checks. same-origin still gives other sites no Referer (and them `Origin: null`).
    referrerPolicy: { policy: 'same-origin' },
  });
  // With Redis, limits are shared by every instance, and per instance while it is away.
  const sharedStore = useRedis(app, deps);
  await app.register(rateLimit, {
    global: false,
    ...(sharedStore ? { store: sharedStore } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: `Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  });
  registerApiDocs(app, deps.env.BRAND_NAME);

  await app.register(apiV1, { prefix: '/api/v1' });
  await app.register(metricsRoute);
  await app.register(fontRoutes);
  await app.register(shareImageRoutes);
  await app.register(seoRoutes, { pageSize: options.sitemapPageSize });
  await app.register(linkRedirectRoutes);

  if (deps.storage.name === 'local') {
    const storage = deps.storage as LocalStorageDriver;
    await app.register(localStorageRoutes, {
      storage,
      dir: storage.dir,
      maxBytes: IMAGE_MAX_BYTES,
    });
  }

  if (options.web) await options.web(app);
  return app;
}
