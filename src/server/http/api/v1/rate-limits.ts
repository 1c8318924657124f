import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { rateLimited } from '../../../modules/core';

/** "4 minutes" reads better than "240 seconds" for hour-long windows. */
export function waitDuration(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

export function waitMessage(ttlMs: number): string {
  return `Too many attempts. Please wait ${waitDuration(ttlMs)} and try again.`;
}

/** Route-level limit per client IP (`config.rateLimit` of @fastify/rate-limit). */
export function perIp(max: number, timeWindow: number) {
  return {
    max,
    timeWindow,
    errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: waitMessage(ctx.ttl),
    }),
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/**
 * A second limiter keyed by something in the parsed body (the account), run as a preHandler. The
 * plugin's own route limiter marks the request as limited, so a second one must go through
 * createRateLimit and decide itself.
 */
export function perKey(
  app: FastifyInstance,
  name: string,
  opts: {
    max: number;
    timeWindow: number;
    key: (request: FastifyRequest) => string | undefined | Promise<string | undefined>;
  },
) {
  // The key is worked out once per request (it may need a database read) and handed over here.
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: opts.max,
    timeWindow: opts.timeWindow,
    // Distinct prefix: limiters made this way share the plugin's store namespace.
    keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = await opts.key(request);
    if (key === undefined) return;
    keys.set(request, key);
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      request.log.warn({ limiter: name }, 'rate limit reached');
      reply.header('retry-after', result.ttlInSeconds);
      throw rateLimited(waitMessage(result.ttl));
    }
  };
}

export const clientIp = (request: FastifyRequest) => normalizeIP(request.ip);

/** A limit per signed-in user (run after the access rule, so there is one). */
export const perUser = (app: FastifyInstance, name: string, max: number, timeWindow: number) =>
  perKey(app, name, { max, timeWindow, key: (request) => request.user?.id });

/** The validated body's email (preHandlers run after validation). */
export const bodyEmail = (request: FastifyRequest) =>
  (request.body as { email?: string } | undefined)?.email?.toLowerCase();
