import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { vi } from 'vitest';
import { connectRedis } from '../../src/server/adapters/redis';
import { createTestApp, type TestApp } from './app';
import { createTestDatabase } from './database';
import type { BuildAppOptions } from '../../src/server/http/boot/app';
import { changesChannel } from '../../src/server/modules/core';

export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  /** The deployment's REDIS_PREFIX (one per pair: test runs sharing a Redis stay apart). */
  prefix: string;
  close(): Promise<void>;
}

/** A REDIS_PREFIX of its own, for a deployment made by a test. */
export const testRedisPrefix = () => `test-${randomBytes(6).toString('hex')}`;

/**
 * Two instances of the app on one database, each with its own Redis connection (made as the
 * runtime makes it), as behind a load balancer: for tests of what one instance's write does to the
 * other's caches, and of shared rate limits. Each app closes only itself; `close` ends both, the
 * connections and the database.
 */
export async function twoInstancesOnRedis(
  redisUrl: string,
  options: {
    web?: BuildAppOptions['web'];
    /** Each instance's logger (tests that read what an instance logs). */
    loggers?: [FastifyBaseLogger, FastifyBaseLogger];
  } = {},
): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const shared = { ...database, close: async () => {} };
  const prefix = testRedisPrefix();
  const redisA = connectRedis(redisUrl);
  const redisB = connectRedis(redisUrl);
  const instance = (redis: typeof redisA, logger?: FastifyBaseLogger) =>
    createTestApp(
      { redis, ...(logger ? { logger } : {}) },
      { REDIS_PREFIX: prefix },
      { database: shared, web: options.web },
    );
  const a = await instance(redisA, options.loggers?.[0]);
  const b = await instance(redisB, options.loggers?.[1]);
  await sharingThroughRedis(a, b);
  return {
    a,
    b,
    prefix,
    async close() {
      await Promise.all([a.close(), b.close()]);
      redisA.disconnect();
      redisB.disconnect();
      await database.close();
    },
  };
}

/**
 * Resolves once instances of one deployment share through Redis: every main connection ready and
 * every change subscriber subscribed (an instance connects in the background, and uses memory
 * until then).
 */
export async function sharingThroughRedis(...instances: TestApp[]): Promise<void> {
  const clients = instances.map((t) => t.deps.redis as Redis);
  const channel = changesChannel(instances[0]!.deps.env);
  await vi.waitFor(
    async () => {
      if (clients.some((c) => c.status !== 'ready')) throw new Error('Redis not connected yet');
      const [, subscribers] = (await clients[0]!.pubsub('NUMSUB', channel)) as [string, number];
      if (subscribers < instances.length) throw new Error('change subscribers not subscribed yet');
    },
    { timeout: 10_000, interval: 20 },
  );
}
