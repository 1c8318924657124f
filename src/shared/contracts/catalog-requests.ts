import { z } from 'zod';
import { readsAsWritten, requiredAs } from './common';
import { hasNoNul } from './account-fields';
import { publicMemberSchema } from './accounts';
import {
  PRODUCT_LIMITS as L,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  UPLOAD_EXTENSIONS,
  normalizeTag,
} from './catalog-rules';
import { NUL_RULE, obj, productOwnerSchema, productSchema, text, uuidField } from './catalog-model';

// The catalogue's list, search, tag and upload calls (SPEC §7 Products, Tags, the upload URL).

// ---- lists ----

const pageField = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be at least 1.')
  .max(L.pageMax, `Must be at most ${L.pageMax}.`)
  .default(1);
const limitField = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be at least 1.')
  .max(L.pageSizeMax, `Must be at most ${L.pageSizeMax}.`)
  .default(L.pageSizeDefault);

/** page, limit, sort and a tag filter: the query of every post list. */
export const productListQuery = obj({
  page: pageField,
  limit: limitField,
  sort: z
    .enum(PRODUCT_SORTS, { error: `Choose one of: ${PRODUCT_SORTS.join(', ')}.` })
    .default('newest'),
  tag: z
    .string(requiredAs('one tag'))
    .trim()
    .max(L.tagMax, 'No post has this tag.')
    .transform(normalizeTag)
    .optional(),
});
export type ProductListQuery = z.input<typeof productListQuery>;

/** Lists of one's own or (admin) everyone's posts may filter by status and search titles. */
export const managedListQuery = productListQuery.extend({
  status: z
    .enum(PRODUCT_STATUSES, { error: `Choose one of: ${PRODUCT_STATUSES.join(', ')}.` })
    .optional(),
  q: z
    .string(requiredAs('one search text'))
    .trim()
    .max(L.searchQueryMax, `Search with at most ${L.searchQueryMax} characters.`)
    .optional(),
});

/** GET /products/mine: a page of my posts, one of them (?id=), or just their count (?countOnly=true). */
export const myProductsQuery = managedListQuery.extend({
  id: uuidField('a post id').optional(),
  countOnly: z
    .enum(['true', 'false'], { error: 'Must be true or false.' })
    .transform((v) => v === 'true')
    .optional(),
});

export const adminProductsQuery = managedListQuery.extend({
  userId: uuidField('a user id').optional(),
});

export const tagParams = obj({
  tag: z
    .string()
    .trim()
    .min(1, 'Name a tag.')
    .max(L.tagMax, 'No post has this tag.')
    .transform(normalizeTag),
});
const usernameField = z
  .string(requiredAs('text'))
  .trim()
  .min(1, 'Name the seller.')
  .max(100, 'No user has this name.');
export const usernameParams = obj({ username: usernameField });
export const domainParams = obj({
  domain: z
    .string(requiredAs('text'))
    .trim()
    .min(1, 'Name the domain.')
    .max(253, 'This is not a domain name.'),
});

export const productListUserSchema = productOwnerSchema.extend({ bio: z.string() });

/** Every post list (DESIGN §4): `recordsCount` matches the query, `totalProducts` the whole list. */
export const productListResponse = obj({
  products: z.array(productSchema),
  recordsCount: z.number().int(),
  totalProducts: z.number().int(),
  tagName: z.string().optional(),
  user: productListUserSchema.optional(),
});
export type ProductList = z.infer<typeof productListResponse>;

// ---- search ----

export const searchInput = obj({
  query: z
    .string(requiredAs('text'))
    .trim()
    .min(1, 'Type something to search for.')
    .max(L.searchQueryMax, `Search with at most ${L.searchQueryMax} characters.`)
    .refine(hasNoNul, NUL_RULE),
  limit: limitField.optional(),
  /**
   * One seller's posts only (the search box of their page): an unknown or hidden seller is a 404,
   * and no people are searched.
   */
  username: usernameField.optional(),
});
/** Members a search shows at most, above its posts (fewer when `limit` is lower). */
export const SEARCH_PEOPLE_MAX = 6;
/**
 * `results`: published posts, best first; `people`: members with a public page whose username or
 * display name is like the query, best first (public fields only, docs/decisions/059).
 */
export const searchResponse = obj({
  results: z.array(productSchema),
  people: z.array(publicMemberSchema),
});

// ---- tags ----

export const tagSchema = obj({ name: z.string(), count: z.number().int() });
export type Tag = z.infer<typeof tagSchema>;
export const tagsResponse = obj({ tags: z.array(tagSchema) });
export const tagInput = obj({
  /** The admin adding the tag (must be the caller). */
  userId: uuidField('a user id').optional(),
  tag: z
    .string(requiredAs('text'))
    .superRefine(readsAsWritten)
    .trim()
    .min(1, 'Name the tag.')
    .max(L.tagMax, `A tag can have at most ${L.tagMax} characters.`)
    .refine(hasNoNul, NUL_RULE)
    .transform(normalizeTag),
});
export const tagResponse = obj({ tag: tagSchema });

// ---- media uploads ----

const EXTENSIONS = Object.keys(UPLOAD_EXTENSIONS) as [
  keyof typeof UPLOAD_EXTENSIONS,
  ...(keyof typeof UPLOAD_EXTENSIONS)[],
];

/** A pattern rather than a piped enum: its JSON Schema then tells clients (and the fuzzer) the set. */
const EXTENSION_PATTERN = new RegExp(`^(?:${EXTENSIONS.join('|')})$`, 'i');

export const uploadUrlParams = obj({
  ext: z
    .string(requiredAs('a file extension'))
    .trim()
    .regex(EXTENSION_PATTERN, `Upload one of: ${EXTENSIONS.join(', ')}.`)
    .transform((ext) => ext.toLowerCase() as (typeof EXTENSIONS)[number]),
});
export const uploadUrlQuery = obj({
  /** A cache-buster the client may send (SPEC §7); ignored. */
  cb: z.string().max(100).optional(),
  productId: uuidField('a post id'),
});
/** A signed, expiring direct upload: PUT the bytes to `url` with exactly `headers`. */
export const uploadUrlResponse = obj({
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  key: z.string(),
  expiresAt: z.string(),
});
export type UploadUrl = z.infer<typeof uploadUrlResponse>;

/** PUT /products/media: turns an uploaded object into one of the post's media. */
export const productMediaInput = obj({
  productId: uuidField('a post id'),
  key: z.string(requiredAs('text')).trim().min(1).max(300, 'This upload is not known.'),
  alt: text(L.altMax, ' for the description').trim().default(''),
});
export const productMediaQuery = obj({
  productId: uuidField('a post id'),
  mediaId: z.string().trim().min(1, 'Name the media.').max(100, 'This media is not known.'),
});
