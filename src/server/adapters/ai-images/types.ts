/** One image a generator made: its bytes and what they are (checked again before storing). */
export interface GeneratedImage {
  bytes: Buffer;
  contentType: string;
}

/**
 * Makes images from a text prompt (docs/decisions/035). Two drivers: OpenAI's Images API when
 * OPENAI_API_KEY is set, else the built-in offline generator, which needs no account or network.
 */
export interface AiImageDriver {
  readonly name: 'openai' | 'offline';
  /** `n` images for `prompt` (1 ≤ n ≤ 4), in order. */
  generate(prompt: string, n: number): Promise<GeneratedImage[]>;
}

/** The provider refused the prompt (its content policy); `message` is its reason, safe to show. */
export class PromptRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PromptRejectedError';
  }
}

/** The provider could not be reached or failed; `message` is written for the member. */
export class AiProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiProviderError';
  }
}
