import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from './app';
import { createTestDatabase } from './database';
import type { BuildAppOptions } from '../../src/server/http/boot/app';

export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  close(): Promise<void>;
}

/**
 * Two instances of the app on one database, each with its own Redis connection, as behind a load
 * balancer: for tests of what one instance's write does to the other's caches. Each app closes
 * only itself; `close` ends both, the connections and the database.
 */
export async function twoInstancesOnRedis(
  redisUrl: string,
  web?: BuildAppOptions['web'],
): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const shared = { ...database, close: async () => {} };
  const redisA = new Redis(redisUrl);
  const redisB = new Redis(redisUrl);
  const a = await createTestApp({ redis: redisA }, {}, { database: shared, web });
  const b = await createTestApp({ redis: redisB }, {}, { database: shared, web });
  return {
    a,
    b,
    async close() {
      await Promise.all([a.close(), b.close()]);
      redisA.disconnect();
      redisB.disconnect();
      await database.close();
    },
  };
}
