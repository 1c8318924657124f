import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AiProviderError,
  createOpenAiImageDriver,
  PromptRejectedError,
} from '../../../src/server/adapters/ai-images';
import { PLANS } from '../../../src/shared/plans';
import { signedInUser } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../../helpers/app';
import { allowance, generate, keyOf } from './ai-helpers';
import { startOpenAiStandIn, type OpenAiStandIn } from './openai-stand-in';

const FREE = PLANS.free.limits.aiImagesPerMonth;
let standIn: OpenAiStandIn;
let t: TestApp;

beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  // The driver is chosen from the environment, as at start-up.
  t = await createTestApp(
    {},
    {
      OPENAI_API_KEY: 'sk-test-123',
      OPENAI_API_URL: `${standIn.url}/v1/`,
      OPENAI_IMAGE_MODEL: 'gpt-image-1',
    },
  );
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
beforeEach(() => {
  standIn.answer = 'b64';
  standIn.calls.length = 0;
});

describe('GET /ai/image with OPENAI_API_KEY set', () => {
  it('asks OpenAI’s Images API and stores the pictures it returns as our own files', async () => {
    const { token } = await signedInUser(t.deps);
    const res = await generate(t, token, {
      prompt: 'A refurbished graphics card, studio light',
      n: 2,
    });
    expect(res.statusCode).toBe(200);

    expect(standIn.calls).toHaveLength(1);
    expect(standIn.calls[0]).toEqual({
      path: '/v1/images/generations',
      authorization: 'Bearer sk-test-123',
      // GPT Image models answer base64 always and refuse response_format.
      body: {
        model: 'gpt-image-1',
        prompt: 'A refurbished graphics card, studio light',
        n: 2,
        size: '1024x1024',
      },
    });

    const body = res.json();
    expect(body).toMatchObject({ generator: 'openai', remainingThisMonth: FREE - 2 });
    expect(body.notice).toMatch(/made by OpenAI/);
    expect(body.urls).toHaveLength(2);
    const stored = await Promise.all(
      (body.urls as string[]).map((url) => t.deps.storage.read(keyOf(url))),
    );
    for (const bytes of stored) {
      expect(await sharp(bytes!).metadata()).toMatchObject({
        format: 'webp',
        width: 1024,
        height: 1024,
      });
    }
    expect(stored[0]!.equals(stored[1]!)).toBe(false);
  });

  it('answers 503 with a sentence when OpenAI fails, and does not count the pictures', async () => {
    const { token } = await signedInUser(t.deps);
    standIn.answer = {
      status: 500,
      error: { message: 'The server had an error', type: 'server_error' },
    };
    const failed = await generate(t, token, { prompt: 'a vintage keyboard' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({
      code: 'AI_PROVIDER_ERROR',
      message: 'The image service could not make images right now. Please try again later.',
    });

    standIn.answer = { status: 429, error: { message: 'Rate limit reached', type: 'requests' } };
    const busy = await generate(t, token, { prompt: 'a vintage keyboard' });
    expect(busy.statusCode).toBe(503);
    expect(busy.json().message).toBe(
      'The image service is busy right now. Please try again in a minute.',
    );

    standIn.answer = {
      status: 401,
      error: {
        message: 'Incorrect API key provided',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    };
    const key = await generate(t, token, { prompt: 'a vintage keyboard' });
    expect(key.statusCode).toBe(503);
    expect(key.json().message).toMatch(/not set up correctly on this site/);
    // The key's details are the site team's business, not the member's.
    expect(key.json().message).not.toMatch(/Incorrect API key/);

    standIn.answer = 'not-an-image';
    const junk = await generate(t, token, { prompt: 'a vintage keyboard' });
    expect(junk.statusCode).toBe(503);
    expect(junk.json().code).toBe('AI_PROVIDER_ERROR');

    expect((await allowance(t, token)).json().remainingThisMonth).toBe(FREE);
  });

  it('answers 400 PROMPT_REJECTED with OpenAI’s reason when the prompt breaks its content policy', async () => {
    const { token } = await signedInUser(t.deps);
    standIn.answer = {
      status: 400,
      error: {
        message: 'Your request was rejected as a result of our safety system.',
        type: 'image_generation_user_error',
        code: 'moderation_blocked',
      },
    };
    const res = await generate(t, token, { prompt: 'something it will not draw' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PROMPT_REJECTED' });
    expect(res.json().message).toBe(
      'The image service refused this prompt: Your request was rejected as a result of our safety system. Please describe the picture differently.',
    );
    expect((await allowance(t, token)).json().remainingThisMonth).toBe(FREE);
  });
});

describe('the OpenAI driver', () => {
  it('asks DALL·E for base64, one call per picture for dall-e-3', async () => {
    const driver = createOpenAiImageDriver({
      apiKey: 'sk-dalle',
      baseUrl: `${standIn.url}/v1`,
      model: 'dall-e-3',
    });
    const images = await driver.generate('a gaming chair', 2);
    expect(images).toHaveLength(2);
    expect(standIn.calls.map((c) => c.body)).toEqual([
      {
        model: 'dall-e-3',
        prompt: 'a gaming chair',
        n: 1,
        size: '1024x1024',
        response_format: 'b64_json',
      },
      {
        model: 'dall-e-3',
        prompt: 'a gaming chair',
        n: 1,
        size: '1024x1024',
        response_format: 'b64_json',
      },
    ]);
  });

  it('downloads pictures answered as URLs', async () => {
    standIn.answer = 'url';
    const driver = createOpenAiImageDriver({
      apiKey: 'k',
      baseUrl: `${standIn.url}/v1`,
      model: 'dall-e-2',
    });
    const [image] = await driver.generate('a monitor arm', 1);
    expect(image!.contentType).toBe('image/png');
    expect(await sharp(image!.bytes).metadata()).toMatchObject({ format: 'png', width: 1024 });
  });

  it('gives up on a call that takes too long', async () => {
    standIn.answer = 'hang';
    const driver = createOpenAiImageDriver({
      apiKey: 'k',
      baseUrl: `${standIn.url}/v1`,
      model: 'gpt-image-1',
      timeoutMs: 300,
    });
    const err = await driver.generate('a slow picture', 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiProviderError);
    expect((err as Error).message).toBe(
      'The image service took too long to answer. Please try again.',
    );
  });

  it('tells a refused prompt from a failure (DALL·E’s content_policy_violation)', async () => {
    standIn.answer = {
      status: 400,
      error: {
        message: 'This request has been blocked by our content filters.',
        type: 'invalid_request_error',
        code: 'content_policy_violation',
      },
    };
    const driver = createOpenAiImageDriver({
      apiKey: 'k',
      baseUrl: `${standIn.url}/v1`,
      model: 'dall-e-2',
    });
    const err = await driver.generate('blocked', 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PromptRejectedError);
    expect((err as Error).message).toMatch(/blocked by our content filters/);
  });
});
