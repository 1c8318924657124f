import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../../src/server/adapters/redis';
import {
  changesChannel,
  onContentChange,
  type ContentChange,
} from '../../../src/server/modules/core';
import { createTestApp, type TestApp } from '../../helpers/app';
import { sharingThroughRedis, testRedisPrefix } from '../../helpers/instances';
import { startRedisServer, type RedisServer } from '../../helpers/redis-server';
import { inject, nextIp, signedInUser } from '../../factories/accounts';

/**
 * Two deployments (each its own database) on one Redis: REDIS_PREFIX keeps their rate limits and
 * their cache invalidations apart.
 */
const PORT = 6392;

let server: RedisServer;
let admin: Redis;
const prefixes = [testRedisPrefix(), testRedisPrefix()] as const;
let one: TestApp;
let other: TestApp;

beforeAll(async () => {
  server = await startRedisServer(PORT);
  admin = new Redis(server.url);
  const deployment = (REDIS_PREFIX: string) =>
    createTestApp({ redis: connectRedis(server.url) }, { REDIS_PREFIX });
  [one, other] = await Promise.all([deployment(prefixes[0]), deployment(prefixes[1])]);
  await Promise.all([sharingThroughRedis(one), sharingThroughRedis(other)]);
});
afterAll(async () => {
  for (const t of [one, other]) {
    await t?.close();
    t?.deps.redis?.disconnect();
  }
  admin?.disconnect();
  await server?.stop();
});

const login = (t: TestApp, ip: string, n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    remoteAddress: ip,
    payload: { email: `nobody-${n}@example.test`, password: 'wrong-password' },
  });

describe('deployments sharing one Redis', () => {
  it('keep their rate limits apart, every key under their own prefix', async () => {
    const ip = nextIp();
    for (let n = 0; n < 10; n++) expect((await login(one, ip, n)).statusCode).toBe(401);
    expect((await login(one, ip, 10)).statusCode).toBe(429);
    expect((await login(other, ip, 11)).statusCode).toBe(401);

    const keys = await admin.keys('*');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(new RegExp(`^(${prefixes.join('|')}):rl:`));
    expect(keys.some((k) => k.startsWith(`${prefixes[1]}:`))).toBe(true);
    expect((await admin.pubsub('CHANNELS', '*')).sort()).toEqual(
      prefixes.map((p) => `${p}:content:changed`).sort(),
    );
  });

  it("never drop each other's cached copies", async () => {
    const heardByOther: ContentChange[] = [];
    const stop = onContentChange(other.deps.env, (change) => heardByOther.push(change));
    const watcher = new Redis(server.url);
    try {
      const published: string[] = [];
      watcher.on('pmessage', (_pattern: string, channel: string) => published.push(channel));
      await watcher.psubscribe('*');
      const seller = await signedInUser(one.deps);
      const saved = await inject(one, {
        method: 'PUT',
        url: '/api/v1/products',
        headers: seller.auth,
        payload: { title: 'Written in one deployment', price: 2 },
      });
      expect(saved.statusCode).toBe(200);
      // The write went out on its deployment's channel…
      await expect.poll(() => published).toContain(changesChannel(one.deps.env));
      // …and a message on the other deployment's channel, published after it, arrives alone:
      // Redis delivers in order, so the write's change would have come first.
      const marker: ContentChange = { kind: 'user', userIds: ['marker'] };
      await admin.publish(
        changesChannel(other.deps.env),
        JSON.stringify({ from: 'test', change: marker }),
      );
      await expect.poll(() => heardByOther).toContainEqual(marker);
      expect(heardByOther.filter((c) => c.userIds?.includes(seller.user.id))).toEqual([]);
    } finally {
      stop();
      watcher.disconnect();
    }
  });
});
