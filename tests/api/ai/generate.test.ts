import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiProviderError } from '../../../src/server/adapters/ai-images';
import { aiGenerations } from '../../../src/server/db/schema';
import { PLANS } from '../../../src/shared/plans';
import { inject, signedInUser } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../../helpers/app';
import { allowance, generate, givePlan, keyOf } from './ai-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const FREE = PLANS.free.limits.aiImagesPerMonth;

/** Earlier use this month, recorded as GET /ai/image records it. */
async function alreadyUsed(userId: string, count: number, at = new Date(t.moduleDeps().now())) {
  await t.deps.database.db.insert(aiGenerations).values({
    userId,
    prompt: 'earlier pictures',
    count,
    driver: 'offline',
    urls: [],
    keys: [],
    createdAt: at,
  });
}

describe('GET /ai/image (offline generator)', () => {
  it('refuses a signed-out caller', async () => {
    const res = await generate(t, null, { prompt: 'a red bicycle' });
    expect(res.statusCode).toBe(401);
  });

  it('checks the prompt and the number of pictures, with sentences', async () => {
    const { token } = await signedInUser(t.deps);
    const cases: [Record<string, string | number>, RegExp][] = [
      [{}, /prompt: Describe the picture you want\./],
      [{ prompt: '  ab  ' }, /at least 3 characters/],
      [{ prompt: 'x'.repeat(501) }, /500 characters or fewer/],
      [{ prompt: 'a red bicycle', n: 0 }, /at least 1 picture/],
      [{ prompt: 'a red bicycle', n: 5 }, /at most 4 pictures at a time/],
      [{ prompt: 'a red bicycle', n: 'two' }, /Must be a number/],
      [{ prompt: 'a red bicycle', n: 1.5 }, /whole number/],
    ];
    for (const [query, message] of cases) {
      const res = await generate(t, token, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // Nothing was generated or counted.
    expect((await allowance(t, token)).json().remainingThisMonth).toBe(FREE);
  });

  it('stores real, distinct 1024×1024 pictures under our own URLs and records the generation', async () => {
    const { user, token } = await signedInUser(t.deps);
    const res = await generate(t, token, { prompt: '  Sunset over the mountains ', n: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      generator: 'offline',
      prompt: 'Sunset over the mountains',
      planName: 'Free',
      perMonth: FREE,
      remainingThisMonth: FREE - 3,
    });
    expect(body.notice).toMatch(/offline generator/i);
    expect(body.urls).toHaveLength(3);
    expect(new Set(body.urls).size).toBe(3);
    expect(body.images.map((i: { url: string }) => i.url)).toEqual(body.urls);

    const files: Buffer[] = [];
    for (const [i, url] of (body.urls as string[]).entries()) {
      expect(url).toMatch(/^\/media\/ai\//);
      const bytes = await t.deps.storage.read(keyOf(url));
      expect(bytes, url).not.toBeNull();
      const meta = await sharp(bytes!).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 1024 });
      files.push(bytes!);
      const thumb = await t.deps.storage.read(keyOf(body.images[i].thumbnail));
      expect(await sharp(thumb!).metadata()).toMatchObject({ width: 320, height: 320 });
      // Served from our own origin like every other stored image.
      const served = await inject(t, { method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    expect(new Set(files.map((f) => f.toString('base64'))).size).toBe(3);

    const rows = await t.deps.database.db
      .select()
      .from(aiGenerations)
      .where(eq(aiGenerations.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      prompt: 'Sunset over the mountains',
      count: 3,
      driver: 'offline',
      urls: body.urls,
    });
    expect(rows[0]!.keys).toHaveLength(6);
  });

  it('draws the same pictures for the same prompt, under new URLs each time', async () => {
    const { token } = await signedInUser(t.deps);
    const first = (await generate(t, token, { prompt: 'neon gaming desk' })).json();
    const again = (await generate(t, token, { prompt: 'Neon  gaming desk' })).json();
    const other = (await generate(t, token, { prompt: 'quiet forest lake' })).json();
    expect(again.urls[0]).not.toBe(first.urls[0]);
    const read = async (url: string) => (await t.deps.storage.read(keyOf(url)))!;
    expect((await read(again.urls[0])).equals(await read(first.urls[0]))).toBe(true);
    expect((await read(other.urls[0])).equals(await read(first.urls[0]))).toBe(false);
  });

  it('shows the generator and the allowance before anything is generated', async () => {
    const { token } = await signedInUser(t.deps);
    const res = await allowance(t, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      generator: 'offline',
      planName: 'Free',
      perMonth: FREE,
      remainingThisMonth: FREE,
    });
    expect(res.json().notice).toMatch(/offline generator/i);
  });
});

describe('the monthly allowance of the plan', () => {
  it('refuses more pictures than are left and names the plan that allows more', async () => {
    const { user, token } = await signedInUser(t.deps);
    await alreadyUsed(user.id, FREE - 2);

    const tooMany = await generate(t, token, { prompt: 'a lighthouse at night', n: 3 });
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json()).toMatchObject({ code: 'PLAN_LIMIT' });
    expect(tooMany.json().message).toMatch(/has 2 AI images left this month: ask for 2 or fewer/);
    expect(tooMany.json().message).toMatch(/Upgrade to the Creator plan/);

    const rest = await generate(t, token, { prompt: 'a lighthouse at night', n: 2 });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().remainingThisMonth).toBe(0);

    const none = await generate(t, token, { prompt: 'a lighthouse at night' });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message: `Your Free plan does not let you generate more than ${FREE} AI images a month. Upgrade to the Creator plan to generate more than ${FREE} AI images a month.`,
    });
  });

  it('counts the calendar month (UTC): last month’s pictures do not count', async () => {
    const { user, token } = await signedInUser(t.deps);
    const now = new Date(t.moduleDeps().now());
    const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    await alreadyUsed(user.id, FREE, new Date(thisMonth - 1));
    const res = await generate(t, token, { prompt: 'a lighthouse at night' });
    expect(res.statusCode).toBe(200);
    expect(res.json().remainingThisMonth).toBe(FREE - 1);
  });

  it('gives a paid plan its larger allowance', async () => {
    const { user, token } = await signedInUser(t.deps);
    await alreadyUsed(user.id, FREE);
    expect((await generate(t, token, { prompt: 'studio photo of a keyboard' })).statusCode).toBe(
      403,
    );
    await givePlan(t, user.id, 'creator');
    const res = await generate(t, token, { prompt: 'studio photo of a keyboard', n: 2 });
    expect(res.statusCode).toBe(200);
    const creator = PLANS.creator.limits.aiImagesPerMonth;
    expect(res.json()).toMatchObject({
      planName: 'Creator',
      perMonth: creator,
      remainingThisMonth: creator - FREE - 2,
    });
  });

  it('rate limits each member to 10 calls a minute', async () => {
    const { user, token } = await signedInUser(t.deps);
    await alreadyUsed(user.id, FREE);
    for (let i = 0; i < 10; i++) {
      expect((await generate(t, token, { prompt: 'a calm harbour' })).statusCode).toBe(403);
    }
    const limited = await generate(t, token, { prompt: 'a calm harbour' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/Please wait \d+ seconds/);
    // Another member is not affected.
    const other = await signedInUser(t.deps);
    expect((await generate(t, other.token, { prompt: 'a calm harbour' })).statusCode).toBe(200);
  });
});

describe('a generator that fails', () => {
  it('answers 503 with the reason and does not count the pictures', async () => {
    const failing = await createTestApp({
      aiImages: {
        name: 'offline',
        generate: async () => {
          throw new AiProviderError(
            'The image service is busy right now. Please try again in a minute.',
          );
        },
      },
    });
    try {
      const { token } = await signedInUser(failing.deps);
      const res = await generate(failing, token, { prompt: 'a red bicycle', n: 2 });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'AI_PROVIDER_ERROR',
        message: 'The image service is busy right now. Please try again in a minute.',
      });
      expect((await allowance(failing, token)).json().remainingThisMonth).toBe(FREE);
    } finally {
      await failing.close();
    }
  });
});
