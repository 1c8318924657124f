import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ROUTER_OPTIONS, ZOD_SCHEMAS } from './fastify-options';

/**
 * Swagger UI's own colours fall short of WCAG AA in places (method badges, muted text) and its
 * summary links are small: darker colours and larger targets, nothing else changed.
 */
const API_DOCS_CSS = `
.swagger-ui .opblock .opblock-summary-method { color: #fff; }
.swagger-ui .opblock-get .opblock-summary-method { background: #1d4ed8 !important; }
.swagger-ui .opblock-post .opblock-summary-method { background: #15803d !important; }
.swagger-ui .opblock-put .opblock-summary-method { background: #b45309 !important; }
.swagger-ui .opblock-patch .opblock-summary-method { background: #0f766e !important; }
.swagger-ui .opblock-delete .opblock-summary-method { background: #b91c1c !important; }
.swagger-ui .opblock-summary-path, .swagger-ui .opblock-summary-description,
.swagger-ui .info p, .swagger-ui .info li, .swagger-ui table thead tr th,
.swagger-ui .parameter__in, .swagger-ui .response-col_status, .swagger-ui .opblock-tag small { color: #1f2937 !important; }
.swagger-ui .opblock-summary-path a, .swagger-ui .opblock-tag a { display: inline-block; min-height: 24px; min-width: 24px; }
.swagger-ui .info .title small pre { background: #374151; }
.swagger-ui .info .title small.version-stamp pre { background: #365314; }
.swagger-ui .info .url, .swagger-ui .info a { color: #1d4ed8; }
.swagger-ui .btn.authorize, .swagger-ui .btn.authorize span { color: #166534; border-color: #166534; }
.swagger-ui .btn.authorize svg { fill: #166534; }
`;

const DOCS = '/api/docs';

/** What @fastify/swagger reads of a route: the rest (handler, hooks) stays with the app. */
type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

/** Headers of an inner answer that belong to its own transport: the app sets its own. */
const TRANSPORT_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * The viewer and the document, served by a Fastify instance of their own with @fastify/swagger and
 * Swagger UI, given every documented route of the app (their handlers are never called).
 */
async function docsApp(routes: DocumentedRoute[], brandName: string): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ routerOptions: ROUTER_OPTIONS, schemaController: ZOD_SCHEMAS });
  await docs.register(swagger, {
    openapi: {
      info: { title: `${brandName} API`, version: '1.0.0' },
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // An interactive viewer served from our own copy of Swagger UI (no CDN: it passes the CSP and
  // works offline); the document itself is at /api/docs/json.
  await docs.register(swaggerUi, {
    routePrefix: DOCS,
    // BaseLayout: no "explore another URL" top bar (an unlabelled field and a logo without text).
    uiConfig: {
      docExpansion: 'list',
      deepLinking: true,
      tryItOutEnabled: false,
      layout: 'BaseLayout',
    },
    theme: {
      title: `${brandName} API`,
      css: [{ filename: 'a11y.css', content: API_DOCS_CSS }],
    },
  });
  for (const route of routes) docs.route({ ...route, handler: () => {} });
  await docs.ready();
  return docs;
}

/**
 * The OpenAPI document (from every route's zod schemas) and the viewer for it at /api/docs, made
 * when first asked for: loading and registering @fastify/swagger and Swagger UI was ~0.1 s of
 * every restart before its first answer (docs/decisions/055). The routes are noted as they are
 * declared (as @fastify/swagger's own hook notes them: all but HEAD and hidden ones); /api/docs…
 * is answered by the docs' own instance (docsApp) through inject, with this app's hooks around it
 * as for any answer (compression, CSP, security headers, request log).
 */
export function registerApiDocs(app: FastifyInstance, brandName: string) {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', ({ method, url, schema, config }) => {
    if (method === 'HEAD' || (schema as { hide?: boolean } | undefined)?.hide) return;
    routes.push({ method, url, schema, config });
  });
  // Made by the first request for the docs and kept; a failed attempt is forgotten.
  let made: Promise<FastifyInstance> | undefined;
  const docs = () =>
    (made ??= docsApp(routes, brandName).catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
  app.addHook('onClose', async () => {
    await (await made?.catch(() => undefined))?.close();
  });

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const res = await (
      await docs()
    ).inject({
      method: 'GET',
      url: request.url,
      // Compressed (or not) by this app, as every answer.
      headers: { ...request.headers, 'accept-encoding': 'identity' },
    });
    // A file the viewer does not have: this app's own 404, as for any unknown path.
    if (res.statusCode === 404) return reply.callNotFound();
    reply.status(res.statusCode);
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !TRANSPORT_HEADERS.has(name)) reply.header(name, value);
    }
    // No body (a redirect, 304): none sent, and so no content type made up for it.
    return res.rawPayload.length ? reply.send(res.rawPayload) : reply.send();
  }
  app.get(DOCS, { schema: { hide: true } }, answer);
  app.get(`${DOCS}/*`, { schema: { hide: true } }, answer);
}
