import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { metricsOf } from '../../composition/app-deps';
import { sendError } from './error-handler';

/** Where Prometheus scrapes (outside /api/v1: it is for the operator's tools, not the app's clients). */
export const METRICS_PATH = '/metrics';

/**
 * The label of a finished request: its route pattern (`/api/v1/products/:id`), never the path a
 * client wrote (ids and usernames would make a series each). The hashed bundles are one route per
 * file and pages one catch-all; a path no route matched is `unmatched`.
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'unmatched';
  if (pattern.startsWith('/assets/')) return '/assets/*';
  return pattern;
}

/** Counts every answer by route pattern, method and status class (and its time). */
export function installRequestMetrics(app: FastifyInstance) {
  const metrics = metricsOf(app.deps);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(routeLabel(request), request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** Constant-time comparison, so the token cannot be guessed a character at a time. */
function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN
 * (`Authorization: Bearer …`): 401 without the header, 403 with another token, 404 while
 * METRICS_TOKEN is unset (the figures are the operator's, not the public's).
 */
export const metricsRoute: FastifyPluginAsync = async (app) => {
  const metrics = metricsOf(app.deps);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = app.deps.env.METRICS_TOKEN;
    if (!token) {
      return sendError(reply, 404, 'Metrics are off on this server: set METRICS_TOKEN to turn them on.', 'NOT_FOUND');
    }
    const header = request.headers.authorization ?? '';
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    if (!bearer) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendError(reply, 401, 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.', 'UNAUTHORIZED');
    }
    if (!sameToken(bearer, token)) {
      return sendError(reply, 403, 'This token does not open the metrics.', 'FORBIDDEN');
    }
    reply.header('cache-control', 'no-store');
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};
