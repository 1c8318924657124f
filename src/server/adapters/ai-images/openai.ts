import {
  AiProviderError,
  PromptRejectedError,
  type AiImageDriver,
  type GeneratedImage,
} from './types';

export interface OpenAiImageOptions {
  apiKey: string;
  /** OPENAI_API_URL: another OpenAI-compatible address (a local stand-in in tests). */
  baseUrl?: string;
  /** OPENAI_IMAGE_MODEL, e.g. gpt-image-1 or dall-e-3. */
  model: string;
  /** How long one call may take; image models often need 20–60 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const OPENAI_DEFAULT_URL = 'https://api.openai.com/v1';
const IMAGE_SIZE = '1024x1024';
/** A downloaded image (the dall-e `url` answer) larger than this is refused. */
const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;

const BUSY = 'The image service is busy right now. Please try again in a minute.';
const FAILED = 'The image service could not make images right now. Please try again later.';
const SLOW = 'The image service took too long to answer. Please try again.';
const MISCONFIGURED =
  'AI images are not set up correctly on this site (the image service refused its key). Please tell the site’s team.';

/** Codes OpenAI answers a refused prompt with (DALL·E: content_policy_violation; GPT Image: moderation_blocked). */
const POLICY_CODES = new Set(['content_policy_violation', 'moderation_blocked']);

interface OpenAiError {
  message?: string;
  code?: string | null;
  type?: string;
}
interface ImagesResponse {
  data?: { b64_json?: string; url?: string }[];
}

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

/** What a failed answer means for the member: a refused prompt, or the service's trouble. */
function failure(status: number, error: OpenAiError | undefined): Error {
  const reason = (error?.message ?? '').trim().slice(0, 300);
  if (
    status === 400 &&
    (POLICY_CODES.has(error?.code ?? '') || error?.type === 'image_generation_user_error')
  ) {
    return new PromptRejectedError(
      `The image service refused this prompt${reason ? `: ${reason}` : '.'} Please describe the picture differently.`,
    );
  }
  // What OpenAI said stays in the log (the error's cause); the member reads a sentence.
  const cause = new Error(`OpenAI ${status}: ${reason}`);
  if (status === 401 || status === 403) return new AiProviderError(MISCONFIGURED, { cause });
  if (status === 429 || status === 503) return new AiProviderError(BUSY, { cause });
  return new AiProviderError(FAILED, { cause });
}

/** Images as OpenAI's Images API makes them (POST /images/generations). */
export function createOpenAiImageDriver(options: OpenAiImageOptions): AiImageDriver {
  const base = (options.baseUrl ?? OPENAI_DEFAULT_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 120_000;
  const doFetch = options.fetch ?? fetch;
  // GPT Image models always answer base64 and refuse `response_format`; DALL·E answers a URL
  // unless asked for base64. DALL·E 3 makes one image per call.
  const dalle = options.model.startsWith('dall-e');
  const onePerCall = options.model === 'dall-e-3';

  async function call(prompt: string, n: number): Promise<GeneratedImage[]> {
    let res: Response;
    try {
      res = await doFetch(`${base}/images/generations`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          model: options.model,
          prompt,
          n,
          size: IMAGE_SIZE,
          ...(dalle ? { response_format: 'b64_json' } : {}),
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new AiProviderError(isTimeout(err) ? SLOW : FAILED, { cause: err });
    }
    const body = (await res.json().catch(() => null)) as
      (ImagesResponse & { error?: OpenAiError }) | null;
    if (!res.ok) throw failure(res.status, body?.error);
    const data = body?.data ?? [];
    if (data.length === 0) throw new AiProviderError(FAILED, { cause: new Error('no images') });
    return Promise.all(data.map((item) => imageOf(item)));
  }

  async function imageOf(item: { b64_json?: string; url?: string }): Promise<GeneratedImage> {
    if (item.b64_json)
      return { bytes: Buffer.from(item.b64_json, 'base64'), contentType: 'image/png' };
    if (!item.url) throw new AiProviderError(FAILED, { cause: new Error('image without data') });
    try {
      const res = await doFetch(item.url, { signal: AbortSignal.timeout(timeoutMs) });
      const size = Number(res.headers.get('content-length') ?? 0);
      if (!res.ok || size > MAX_DOWNLOAD_BYTES) throw new Error(`download ${res.status} ${size}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (bytes.length > MAX_DOWNLOAD_BYTES) throw new Error('download too large');
      return { bytes, contentType: res.headers.get('content-type') ?? 'image/png' };
    } catch (err) {
      throw new AiProviderError(isTimeout(err) ? SLOW : FAILED, { cause: err });
    }
  }

  return {
    name: 'openai',
    async generate(prompt, n) {
      if (!onePerCall) return call(prompt, n);
      const sets = await Promise.all(Array.from({ length: n }, () => call(prompt, 1)));
      return sets.flat();
    },
  };
}
