import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsOf } from '../../../src/server/composition/app-deps';
import { onContentChange, type ContentChange } from '../../../src/server/modules/core';
import type { Product } from '../../../src/shared/contracts/catalog';
import type { TestApp } from '../../helpers/app';
import {
  sharingThroughRedis,
  twoInstancesOnRedis,
  type TwoInstances,
} from '../../helpers/instances';
import { startRedisServer, type RedisServer } from '../../helpers/redis-server';
import {
  inject,
  nextIp,
  recordingLogger,
  registrationBody,
  signedInUser,
} from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress, createTestOrder } from '../../factories/commerce';

/**
 * Redis is an accelerator, never a dependency (docs/decisions/039): two instances on a Redis of
 * the test's own, which is stopped and started again for real.
 */
const PORT = 6391;

let server: RedisServer;
let instances: TwoInstances;
let a: TestApp;
let b: TestApp;
const logs = [recordingLogger(), recordingLogger()] as const;
let seller: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let product: Product;
let orderId: string;
let addressId: string;

beforeAll(async () => {
  server = await startRedisServer(PORT);
  instances = await twoInstancesOnRedis(server.url, { loggers: [logs[0].logger, logs[1].logger] });
  ({ a, b } = instances);
  seller = await signedInUser(a.deps);
  buyer = await signedInUser(a.deps);
  product = await createProduct(a, seller.user, { title: 'Outage mug', stock: 50 });
  orderId = (await createTestOrder(a, buyer.user.id, [{ productId: product._id }]))._id;
  addressId = (await createTestAddress(a, buyer.user.id)).id;
});
afterAll(async () => {
  await instances?.close();
  await server?.stop();
});

const linesOf = (i: 0 | 1, text: string) => logs[i].entries().filter((e) => e.msg.includes(text));
const OUTAGE = 'Redis is unreachable';
const BACK = 'Redis is back';

/** A metric's value on an instance (0 when it was never counted). */
async function metric(t: TestApp, name: string, labels: Record<string, string> = {}) {
  const found = metricsOf(t.deps).registry.getSingleMetric(`storefront_${name}`);
  const values = (await found?.get())?.values ?? [];
  const value = values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
  return value?.value ?? 0;
}

const login = (t: TestApp, ip: string, n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    remoteAddress: ip,
    payload: { email: `nobody-${n}@example.test`, password: 'wrong-password' },
  });

/** Every kind of rate-limited call: per address (route limits) and per account or user (preHandlers). */
function rateLimitedCalls(t: TestApp): Promise<LightMyRequestResponse>[] {
  const items = [{ _id: product._id, amount: 1 }];
  return [
    login(t, nextIp(), 0),
    inject(t, { method: 'POST', url: '/api/v1/register', payload: registrationBody() }),
    inject(t, { method: 'POST', url: '/api/v1/products/search', payload: { query: 'mug' } }),
    inject(t, { method: 'POST', url: '/api/v1/cart/refresh', payload: { items } }),
    inject(t, {
      method: 'POST',
      url: '/api/v1/orders',
      headers: buyer.auth,
      payload: { items, shippingAddressId: addressId },
    }),
    inject(t, {
      method: 'POST',
      url: '/api/v1/payment-intent',
      headers: buyer.auth,
      payload: { orderId },
    }),
    inject(t, {
      method: 'POST',
      url: '/api/v1/users/password-reset-link',
      payload: { email: 'someone@example.test' },
    }),
  ];
}

/** Ten failed logins from one address over the two instances, and the eleventh on each. */
async function eleventhLogins(ip: string) {
  for (let n = 0; n < 10; n++) expect((await login(n % 2 ? a : b, ip, n)).statusCode).toBe(401);
  return [(await login(a, ip, 10)).statusCode, (await login(b, ip, 11)).statusCode];
}

describe('Redis stopped under two instances', () => {
  it('shares limits while Redis answers', async () => {
    expect(await eleventhLogins(nextIp())).toEqual([429, 429]);
    expect(await metric(a, 'redis_up')).toBe(1);
  });

  it('answers rate-limited routes without a 5xx while it is down, with limits per instance', async () => {
    await server.stop();
    for (const t of [a, b])
      await expect.poll(() => (t.deps.redis as Redis).status).not.toBe('ready');

    for (const t of [a, b]) {
      for (const res of await Promise.all(rateLimitedCalls(t))) {
        expect(res.statusCode, `${res.raw.req.url}: ${res.body}`).toBeLessThan(500);
      }
    }
    // Each instance counts on its own: ten attempts on A stop the eleventh there, not on B.
    const ip = nextIp();
    for (let n = 0; n < 10; n++) expect((await login(a, ip, n)).statusCode).toBe(401);
    expect((await login(a, ip, 10)).statusCode).toBe(429);
    expect((await login(b, ip, 11)).statusCode).toBe(401);

    // A write is not told to the other instance, and does not fail for it.
    const saved = await inject(a, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: seller.auth,
      payload: { title: 'Written during the outage', price: 3 },
    });
    expect(saved.statusCode).toBe(200);

    // One warn line per instance for the whole outage, a gauge, and a count of what fell back.
    expect(linesOf(0, OUTAGE)).toHaveLength(1);
    expect(linesOf(1, OUTAGE)).toHaveLength(1);
    expect(linesOf(0, OUTAGE)[0]!.level).toBe(40);
    expect(await metric(a, 'redis_up')).toBe(0);
    expect(await metric(a, 'redis_fallbacks_total', { use: 'rate-limit' })).toBeGreaterThanOrEqual(
      18,
    );
    expect(await metric(a, 'redis_fallbacks_total', { use: 'changes' })).toBeGreaterThanOrEqual(1);
  });

  it('shares limits and invalidations again once Redis is back, dropping cached copies', async () => {
    const dropped = new Promise<void>((resolve) => {
      const stop = onContentChange(b.deps.env, (change) => {
        if (change.kind === 'all') {
          stop();
          resolve();
        }
      });
    });
    await server.start();
    await sharingThroughRedis(a, b);
    // B's subscriber reconnected by itself, and dropped every cached copy (messages were lost).
    await dropped;
    for (const i of [0, 1] as const) await expect.poll(() => linesOf(i, BACK)).toHaveLength(1);
    expect(linesOf(0, OUTAGE)).toHaveLength(1);
    expect(await metric(a, 'redis_up')).toBe(1);

    expect(await eleventhLogins(nextIp())).toEqual([429, 429]);

    // A's next write reaches B through Redis.
    const heard = new Promise<ContentChange>((resolve) => {
      const stop = onContentChange(b.deps.env, (change) => {
        if (change.userIds?.includes(seller.user.id)) {
          stop();
          resolve(change);
        }
      });
    });
    const saved = await inject(a, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: seller.auth,
      payload: { title: 'Written after the outage', price: 4 },
    });
    expect(saved.statusCode).toBe(200);
    expect(await heard).toMatchObject({ kind: 'catalog' });
  });

  it('does without a Redis that stops answering mid-call, at most a second per call', async () => {
    const admin = new Redis(server.url);
    try {
      const before = await metric(a, 'redis_fallbacks_total', { use: 'rate-limit' });
      // Every write waits (an overloaded or cut-off server) while the connections stay open.
      await admin.client('PAUSE', 5_000, 'WRITE');
      const started = Date.now();
      const res = await login(a, nextIp(), 0);
      expect(res.statusCode).toBe(401);
      expect(Date.now() - started).toBeLessThan(2_500);
      // Its two limiters (per address, per account) both counted in memory: one waited, once.
      expect(await metric(a, 'redis_fallbacks_total', { use: 'rate-limit' })).toBe(before + 2);
      expect(linesOf(0, OUTAGE)).toHaveLength(2);
      // Meanwhile calls go to memory at once rather than waiting again.
      const quick = Date.now();
      expect((await login(a, nextIp(), 1)).statusCode).toBe(401);
      expect(Date.now() - quick).toBeLessThan(500);
    } finally {
      await admin.client('UNPAUSE');
      admin.disconnect();
    }
    // Once it answers again, a call after the pause ends the outage.
    await expect
      .poll(async () => {
        await login(a, nextIp(), 2);
        return linesOf(0, BACK).length;
      })
      .toBe(2);
  });
});
