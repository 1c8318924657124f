import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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

/** The OpenAPI document (from every route's zod schemas) and the viewer for it at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, brandName: string) {
  await app.register(swagger, {
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
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
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
}
