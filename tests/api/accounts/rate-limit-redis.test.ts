import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app';
import { twoInstancesOnRedis, type TwoInstances } from '../../helpers/instances';

/**
 * With REDIS_URL, rate limits are shared by every instance behind the load balancer. Runs when
 * TEST_REDIS_URL names a Redis to use (CI sets it; the local machine has one on 6379).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let instances: TwoInstances | undefined;
  beforeAll(async () => {
    instances = await twoInstancesOnRedis(redisUrl!);
  });
  afterAll(() => instances?.close());

  it('counts login attempts across two app instances and answers 429 with a message', async () => {
    const { a, b } = instances!;
    // A fresh address per run (besides the pair's own REDIS_PREFIX).
    const ip = `203.0.${randomInt(0, 255)}.${randomInt(1, 255)}`;
    const attempt = (t: TestApp, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: ip,
        payload: { email: `nobody-${i}@example.com`, password: 'wrong-password' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i % 2 ? a : b, i)).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const limited = await attempt(a, 11);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/Please wait \d+ (seconds|minutes)/);
    // The other instance agrees.
    expect((await attempt(b, 12)).statusCode).toBe(429);
  });
});
