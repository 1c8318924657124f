import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { watchRedis } from '../../adapters/redis';
import { metricsOf, type AppDeps } from '../../composition/app-deps';
import { shareChangesThroughRedis } from '../../modules/core';
import { redisOrMemoryStore } from './rate-limit-store';

/**
 * Connects the app to Redis when it has one (docs/decisions/039): rate limits shared by every
 * instance, and every instance's caches told of every instance's writes (core/changes.ts). Both do
 * without Redis while it is away — limits per instance, caches on their TTL — with one warn line
 * per outage, the `redis_up` gauge and a count of the calls that fell back. Returns the store for
 * @fastify/rate-limit (none without Redis: the plugin's own in-memory one).
 */
export function useRedis(
  app: FastifyInstance,
  deps: AppDeps,
): FastifyRateLimitStoreCtor | undefined {
  const { redis } = deps;
  if (!redis) return undefined;
  const metrics = metricsOf(deps);
  const health = watchRedis(redis, { log: app.log, onState: (up) => metrics.redisUp(up) });
  const stopSharing = shareChangesThroughRedis(
    deps.env,
    { redis, health, onFallback: () => metrics.redisFallback('changes') },
    app.log,
  );
  // Before runtime.close disconnects the client: closing on purpose is no outage.
  app.addHook('onClose', async () => {
    stopSharing();
    health.stop();
  });
  return redisOrMemoryStore({
    redis,
    health,
    nameSpace: `${deps.env.REDIS_PREFIX}:rl:`,
    onFallback: () => metrics.redisFallback('rate-limit'),
  });
}
