import type { Env } from '../../config/env';
import { createOfflineImageDriver } from './offline';
import { createOpenAiImageDriver } from './openai';
import type { AiImageDriver } from './types';

export { createOfflineImageDriver, OFFLINE_IMAGE_SIZE, renderOfflineImage } from './offline';
export { createOpenAiImageDriver, type OpenAiImageOptions } from './openai';
export {
  AiProviderError,
  PromptRejectedError,
  type AiImageDriver,
  type GeneratedImage,
} from './types';

/** OpenAI's Images API when OPENAI_API_KEY is set; otherwise the built-in offline generator. */
export function aiImageDriverFor(
  env: Pick<Env, 'OPENAI_API_KEY' | 'OPENAI_API_URL' | 'OPENAI_IMAGE_MODEL'>,
): AiImageDriver {
  if (!env.OPENAI_API_KEY) return createOfflineImageDriver();
  return createOpenAiImageDriver({
    apiKey: env.OPENAI_API_KEY,
    baseUrl: env.OPENAI_API_URL,
    model: env.OPENAI_IMAGE_MODEL,
  });
}
