import { z } from 'zod';
import { hasNoNul } from './account-fields';
import { imageSchema, isUuid, readsAsWritten, requiredAs } from './common';
import { isShortId } from '../post-path';
import { MEDIA_TYPES, PRODUCT_LIMITS as L, PRODUCT_STATUSES, normalizeTag } from './catalog-rules';

// The post as the API shows it and takes it (SPEC §3 Product, DESIGN §4), and the field helpers the
// catalogue's request shapes share. Money is a number in major units with at most two decimals.

/** An object whose wrong type reads as a sentence (not zod's default wording). */
export const obj = <S extends z.ZodRawShape>(shape: S) =>
  z.object(shape, requiredAs('a JSON object'));

export const NUL_RULE = 'Remove the invisible control characters from this text.';

export const uuidField = (what: string) =>
  z
    .string(requiredAs('an id'))
    .trim()
    .max(100, { error: `Must be ${what}.`, abort: true })
    .refine(isUuid, `Must be ${what}.`);

/** A money amount in major units: not negative, at most two decimals, at most `max`. */
export const moneySchema = (max: number) =>
  z
    .number(requiredAs('a number'))
    .min(0, 'Must be 0 or more.')
    .max(max, `Must be at most ${max.toLocaleString('en-US')}.`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most two decimals.');

export const text = (max: number, what: string) =>
  z
    .string(requiredAs('text'))
    .max(max, `Use at most ${max.toLocaleString('en-US')} characters${what}.`)
    .refine(hasNoNul, NUL_RULE);

/** A post's tags: normalised (lower case, single spaces), de-duplicated, at most 10 of 30 characters. */
export const productTagsSchema = z
  .array(
    z
      .string(requiredAs('text'))
      .superRefine(readsAsWritten)
      .trim()
      .min(1, 'Tags cannot be empty.')
      .max(L.tagMax, `Each tag can have at most ${L.tagMax} characters.`)
      .refine(hasNoNul, NUL_RULE)
      .transform(normalizeTag),
    requiredAs('a list of tags'),
  )
  .max(L.tagsMax, `Add at most ${L.tagsMax} tags.`)
  .transform((tags) => [...new Set(tags)]);

// ---- variations ----

export const variationOptionSchema = obj({
  name: text(L.optionNameMax, ' for an option').trim().min(1, 'Name every option.'),
  /** Added to the post's price when this option is picked (may be negative; the result may not). */
  priceDelta: z
    .number(requiredAs('a number'))
    .min(-L.priceMax, 'This price change is too large.')
    .max(L.priceMax, 'This price change is too large.')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most two decimals.')
    .default(0),
  /** Stock of this option; null means it shares the post's stock. */
  stock: z
    .number(requiredAs('a whole number'))
    .int('Must be a whole number.')
    .min(0, 'Must be 0 or more.')
    .max(L.stockMax, `Must be at most ${L.stockMax.toLocaleString('en-US')}.`)
    .nullable()
    .default(null),
});
export type VariationOption = z.infer<typeof variationOptionSchema>;

/** An option group a buyer picks from (size, colour…); carried to the cart as `selectedVariations`. */
export const variationSchema = z
  .object({
    name: text(L.variationNameMax, ' for a variation').trim().min(1, 'Name every variation.'),
    options: z
      .array(variationOptionSchema, requiredAs('a list of options'))
      .min(1, 'Give every variation at least one option.')
      .max(L.optionsMax, `Give a variation at most ${L.optionsMax} options.`),
  })
  .refine((v) => new Set(v.options.map((o) => o.name.toLowerCase())).size === v.options.length, {
    error: 'Option names must differ within a variation.',
    path: ['options'],
  });
export type Variation = z.infer<typeof variationSchema>;

export const variationsSchema = z
  .array(variationSchema, requiredAs('a list of variations'))
  .max(L.variationsMax, `Add at most ${L.variationsMax} variations.`)
  .refine((vs) => new Set(vs.map((v) => v.name.toLowerCase())).size === vs.length, {
    error: 'Variation names must differ.',
  });

/** What a buyer picked: variation name → option name. */
export const selectedVariationsSchema = z.record(
  z.string().max(L.variationNameMax),
  z.string(requiredAs('text')).max(L.optionNameMax),
  requiredAs('a JSON object'),
);
export type SelectedVariations = z.infer<typeof selectedVariationsSchema>;

// ---- media ----

export const mediaSchema = obj({
  _id: z.string(),
  type: z.enum(MEDIA_TYPES),
  alt: z.string(),
  /** Images: the square thumbnail; video and audio: null. */
  thumbnail: z.string().nullable(),
  /** Images: the large WebP; video and audio: the file itself. */
  fullsize: z.string(),
  /** Ready-made `srcset` values for images (null for video and audio). */
  srcset: obj({ thumbnail: z.string(), fullsize: z.string() }).nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Present (true) on a picture made by the AI image generator (docs/decisions/035). */
  aiGenerated: z.literal(true).optional(),
});
export type Media = z.infer<typeof mediaSchema>;

// ---- the post ----

export const productOwnerSchema = obj({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  image: imageSchema.nullable(),
});
export type ProductOwner = z.infer<typeof productOwnerSchema>;

export const productSchema = obj({
  _id: z.string(),
  /** The post's id in its address: 12 hex digits, unique, never changes (docs/decisions/062). */
  shortId: z.string(),
  /** The post's page, `/{username}/{slug}-{shortId}` (src/shared/post-path.ts builds it). */
  path: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  shippingCost: z.number(),
  stock: z.number().int(),
  /** True when stock is 0 or the status is `sold`. */
  soldOut: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  variations: z.array(
    obj({
      name: z.string(),
      options: z.array(
        obj({ name: z.string(), priceDelta: z.number(), stock: z.number().int().nullable() }),
      ),
    }),
  ),
  _tags: z.array(z.string()),
  medias: z.array(mediaSchema),
  likesCount: z.number().int(),
  likesType: z.literal('product'),
  /** Signed-in members may offer a price for it (docs/decisions/076). */
  allowOffers: z.boolean(),
  user: productOwnerSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productResponse = obj({ product: productSchema });

/** PUT /products: creates when there is no `_id`, else updates (owner or admin). */
export const productInput = obj({
  _id: uuidField('a post id').optional(),
  title: text(L.titleMax, ' for the title').trim().min(1, 'Give your post a title.'),
  description: text(L.descriptionMax, ' for the description').trim().default(''),
  price: moneySchema(L.priceMax),
  shippingCost: moneySchema(L.shippingMax).default(0),
  stock: z
    .number(requiredAs('a whole number'))
    .int('Must be a whole number.')
    .min(0, 'Must be 0 or more.')
    .max(L.stockMax, `Must be at most ${L.stockMax.toLocaleString('en-US')}.`)
    .default(1),
  _tags: productTagsSchema.default([]),
  variations: variationsSchema.default([]),
  /** Take offers on this post; left out, an update keeps the current setting (new posts: no). */
  allowOffers: z.boolean({ error: 'Must be true or false.' }).optional(),
  /** New posts are `published` unless a status is given (DESIGN §4). */
  status: z
    .enum(PRODUCT_STATUSES, { error: `Choose one of: ${PRODUCT_STATUSES.join(', ')}.` })
    .optional(),
  /** The order and alt texts of the post's existing media (every media id, once). */
  medias: z
    .array(
      obj({
        _id: z.string(requiredAs('an id')).max(100),
        alt: text(L.altMax, ' for the description of a photo').trim(),
      }),
      requiredAs('a list of photos and files'),
    )
    .max(L.mediasMax)
    .optional(),
});
export type ProductInput = z.input<typeof productInput>;

export const productStatusInput = obj({
  id: uuidField('a post id'),
  status: z.enum(PRODUCT_STATUSES, { error: `Choose one of: ${PRODUCT_STATUSES.join(', ')}.` }),
});

export const productIdQuery = obj({ id: uuidField('a post id') });
/** GET /products/:id names the post by its id or by the short id of its address (docs/decisions/062). */
export const productIdParams = obj({
  id: z
    .string(requiredAs('an id'))
    .trim()
    .max(100, { error: 'Must be a post id or short id.', abort: true })
    .refine((v) => isUuid(v) || isShortId(v), 'Must be a post id or short id.'),
});
