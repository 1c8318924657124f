import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientIp, MINUTE, waitDuration } from '../api/v1/rate-limits';
import { shortPage } from './unavailable-page';

/**
 * The limit on page renders no cache answered, per client address (docs/decisions/053). A page a
 * cache answers costs next to nothing; a render costs tens of milliseconds of CPU — and a fresh
 * query string (`/maya?cb=1`, `?cb=2`…) or one of the app's uncached pages renders every time,
 * a cheap way for one client to load the machine. So each render made without a session counts
 * for the address it came from (the forwarded one behind a trusted proxy: TRUST_PROXY), through
 * the app's rate-limit store: shared by every instance with Redis, per instance without.
 * Past RENDER_RATE_LIMIT_PER_MINUTE the visitor gets a short 429 page with Retry-After instead.
 *
 * Returns the check, to run before such a render: the 429 page to send instead, or null to render.
 */
export function renderLimit(app: FastifyInstance): (request: FastifyRequest) => Promise<Response | null> {
  const max = app.deps.env.RENDER_RATE_LIMIT_PER_MINUTE;
  if (max === 0) return async () => null;
  const limiter = app.createRateLimit({
    max,
    timeWindow: MINUTE,
    // Its own prefix: limiters made this way share the plugin's store namespace (rate-limits.ts).
    keyGenerator: (request) => `page-render:${clientIp(request)}`,
  });
  return async (request) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return null;
    request.log.warn({ limiter: 'page-render' }, 'rate limit reached');
    return shortPage({
      status: 429,
      title: 'Too many pages at once',
      text: `So many pages were opened from your network in the last minute that we paused for a moment. Please wait ${waitDuration(result.ttl)} and reload this page.`,
      brandName: app.deps.env.BRAND_NAME,
      retryAfterSeconds: result.ttlInSeconds,
    });
  };
}
