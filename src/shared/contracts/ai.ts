import { z } from 'zod';
import { hasNoNul } from './account-fields';
import { NUL_RULE, obj, text } from './catalog-model';
import { PRODUCT_LIMITS } from './catalog-rules';
import { idField } from './commerce-fields';
import { requiredAs } from './common';

// Wire shapes of AI image generation (issue 13, docs/decisions/035).

export const AI_LIMITS = {
  promptMin: 3,
  promptMax: 500,
  /** Images one call may ask for. */
  perCallMax: 4,
} as const;

export const AI_GENERATORS = ['openai', 'offline'] as const;
export type AiGenerator = (typeof AI_GENERATORS)[number];

/** GET /ai/image?prompt=&n=: what to draw and how many pictures (1–4, default 1). */
export const aiImageQuery = obj({
  prompt: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'Describe the picture you want.' : 'Must be text.',
    })
    .trim()
    .min(AI_LIMITS.promptMin, `Describe the picture in at least ${AI_LIMITS.promptMin} characters.`)
    .max(AI_LIMITS.promptMax, `Keep the description to ${AI_LIMITS.promptMax} characters or fewer.`)
    .refine(hasNoNul, NUL_RULE),
  n: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Ask for at least 1 picture.')
    .max(AI_LIMITS.perCallMax, `Ask for at most ${AI_LIMITS.perCallMax} pictures at a time.`)
    .default(1),
});
export type AiImageQuery = z.infer<typeof aiImageQuery>;

/** One generated picture: the full image (1024 px WebP) and a 320 px square preview. */
export const generatedImageSchema = obj({ url: z.string(), thumbnail: z.string() });
export type GeneratedImageInfo = z.infer<typeof generatedImageSchema>;

/** This month's allowance of the caller's plan (calendar month, UTC). */
const allowanceFields = {
  /** Which generator makes the pictures here, and what a member should know about it. */
  generator: z.enum(AI_GENERATORS),
  notice: z.string(),
  planName: z.string(),
  perMonth: z.number().int(),
  remainingThisMonth: z.number().int(),
};

/** The "Generated image URL list" (SPEC §3), with previews and the allowance left. */
export const aiImageResponse = obj({
  urls: z.array(z.string()),
  images: z.array(generatedImageSchema),
  prompt: z.string(),
  ...allowanceFields,
});
export type AiImageResult = z.infer<typeof aiImageResponse>;

/** GET /ai/image/allowance: what the dialog shows before anything is generated. */
export const aiAllowanceResponse = obj(allowanceFields);
export type AiAllowance = z.infer<typeof aiAllowanceResponse>;

/** PUT /products/media/generated: one of my generated pictures becomes a photo of my post. */
export const generatedMediaInput = obj({
  productId: idField('a post id'),
  url: z
    .string(requiredAs('text'))
    .trim()
    .min(1, 'Choose a generated picture.')
    .max(1000, 'This is not a picture you generated.'),
  alt: text(PRODUCT_LIMITS.altMax, ' for the description').trim().default(''),
});
export type GeneratedMediaInput = z.infer<typeof generatedMediaInput>;
