import { aiApi } from '../../../../shared/api/ai';
import type { AiGenerator } from '../../../../shared/contracts/ai';
import { PRODUCT_LIMITS } from '../../../../shared/contracts/catalog-rules';
import { api } from '../../../lib/api';

// The post editor's AI image calls (docs/decisions/035), each naming its endpoint of the catalogue.

export const getAiAllowance = () => api.call(aiApi.allowance, {});

export const generateImages = (prompt: string, n: number) =>
  api.call(aiApi.generate, { query: { prompt, n } });

export const addGeneratedMedia = (productId: string, url: string, alt: string) =>
  api.call(aiApi.addToPost, { body: { productId, url, alt } });

/**
 * The description a generated picture starts with (the seller can change it like any alt text):
 * OpenAI draws what the prompt says; the offline generator only takes its colours and mood.
 */
export function generatedAlt(prompt: string, generator: AiGenerator): string {
  const text =
    generator === 'openai'
      ? `AI-generated picture: ${prompt}`
      : `Abstract AI-generated picture for “${prompt}”`;
  return text.length > PRODUCT_LIMITS.altMax
    ? `${text.slice(0, PRODUCT_LIMITS.altMax - 1)}…`
    : text;
}
