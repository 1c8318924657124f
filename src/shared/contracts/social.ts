import { z } from 'zod';
import { meResponse, publicProfileSchema } from './accounts';
import { isUuid, requiredAs } from './common';
import { obj, productSchema, uuidField } from './catalog-model';
import { pageOfferSchema } from './offers';
import { productListQuery, productListResponse } from './catalog-requests';

// Request and response shapes of likes, follows and blocks (SPEC §7 "Auth and users", "Products";
// issue 11 items 1, 2 and 6). Every toggle answers with the state after the call, so a client that
// guessed (optimistic update) can settle on the server's answer.

/** A member as the social lists show them: the public profile with follower/following counts. */
export const socialUserSchema = publicProfileSchema.extend({
  followersCount: z.number().int(),
  followingCount: z.number().int(),
});
export type SocialUser = z.infer<typeof socialUserSchema>;

/** `page` (1-based) and `limit` of every social list (DESIGN §4). */
export const socialPageQuery = productListQuery.pick({ page: true, limit: true });
export type SocialPageQuery = z.input<typeof socialPageQuery>;

// ---- likes ----

/** POST /products/like */
export const productLikeRequest = obj({ id: uuidField('a post id') });
export type ProductLikeRequest = z.infer<typeof productLikeRequest>;
export const productLikeResponse = obj({ product: productSchema, liked: z.boolean() });
export type ProductLikeResponse = z.infer<typeof productLikeResponse>;

/**
 * POST /products/alert: ring (`alert: true`) or silence the bell of a post I like — told in my
 * notification digest when it drops in price or is back in stock (docs/decisions/075).
 */
export const productAlertRequest = obj({
  id: uuidField('a post id'),
  alert: z.boolean(requiredAs('true or false')),
});
export type ProductAlertRequest = z.infer<typeof productAlertRequest>;
export const productAlertResponse = obj({ productId: z.string(), alert: z.boolean() });
export type ProductAlertResponse = z.infer<typeof productAlertResponse>;

/** POST /users/like, POST /users/follow, POST /users/block */
export const userTargetRequest = obj({ id: uuidField('a user id') });
export type UserTargetRequest = z.infer<typeof userTargetRequest>;
export const userLikeResponse = obj({ user: publicProfileSchema, liked: z.boolean() });
export type UserLikeResponse = z.infer<typeof userLikeResponse>;

/** GET /products/favoriteIds: the ids of every post I like, newest like first. */
export const likedProductIdsResponse = obj({ likedProductIds: z.array(z.string()) });
/** GET /users/favoriteIds: the ids of every member I like, newest like first. */
export const likedUserIdsResponse = obj({ likedUserIds: z.array(z.string()) });

/** GET /products/favorites: the posts I like that are still for sale, newest like first. */
export const favoriteProductsResponse = productListResponse;

/** GET /users/favorites, GET /users/following, GET /users/blocked */
export const socialUsersResponse = obj({
  users: z.array(socialUserSchema),
  recordsCount: z.number().int(),
});
export type SocialUsers = z.infer<typeof socialUsersResponse>;

// ---- follows ----

/** POST /users/follow */
export const followResponse = obj({ following: z.boolean(), followersCount: z.number().int() });
export type FollowResponse = z.infer<typeof followResponse>;

/** GET /users/follow-state/:id (malformed ids are users that do not exist: 404) */
export const followStateParams = obj({ id: z.string().max(100) });
export const followStateResponse = obj({
  /** I follow them (false when signed out). */
  following: z.boolean(),
  /** They follow me. */
  followedBy: z.boolean(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  /** I like them (the member's like, SPEC §4). */
  liked: z.boolean(),
  /** I have blocked them. */
  blocked: z.boolean(),
});
export type FollowState = z.infer<typeof followStateResponse>;

/** GET /users/following?page&limit&id: with `id`, that one member if I follow them (else 404). */
export const followingQuery = socialPageQuery.extend({ id: uuidField('a user id').optional() });
export type FollowingQuery = z.input<typeof followingQuery>;
export const followingResponse = z.union([socialUsersResponse, socialUserSchema]);
export type FollowingResponse = z.infer<typeof followingResponse>;

/** GET /products/following/: the listed posts of the members I follow, newest first. */
export const followingPostsResponse = obj({
  posts: z.array(productSchema),
  recordsCount: z.number().int(),
  totalProducts: z.number().int(),
});
export type FollowingPosts = z.infer<typeof followingPostsResponse>;

// ---- blocks ----

/** POST /users/block */
export const blockResponse = obj({ blocked: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponse>;

// ---- page state ----

/** The most ids one GET /me/page-state asks about: a page of posts, its seller and a little more. */
export const PAGE_STATE_IDS_MAX = 100;

/**
 * GET /me/page-state?ids=a,b,c: the ids (posts and members) shown on a page that is the same for
 * everyone (docs/decisions/045), comma-separated, each a uuid, 1 to PAGE_STATE_IDS_MAX of them.
 */
export const pageStateQuery = obj({
  ids: z
    .string(requiredAs('a comma-separated list of ids'))
    .max(PAGE_STATE_IDS_MAX * 37, {
      error: `Ask about at most ${PAGE_STATE_IDS_MAX} ids.`,
      abort: true,
    })
    .transform((raw) => [...new Set(raw.split(',').map((id) => id.trim().toLowerCase()))])
    .pipe(
      z
        .array(z.string().refine(isUuid, 'Each id must be a post or member id.'))
        .min(1, 'Ask about at least one id.')
        .max(PAGE_STATE_IDS_MAX, `Ask about at most ${PAGE_STATE_IDS_MAX} ids.`),
    ),
});
export type PageStateQuery = z.input<typeof pageStateQuery>;

/**
 * What is personal on a shared page, for the caller only: who they are (as GET /users/me answers:
 * the page's header and menu) and the subsets of the ids asked about.
 */
export const pageStateResponse = meResponse.extend({
  /** Posts among the ids that I like. */
  likedPostIds: z.array(z.string()),
  /** Posts among the ids that I like with the bell on (price drop and restock alerts). */
  alertPostIds: z.array(z.string()),
  /** Members among the ids that I like. */
  likedUserIds: z.array(z.string()),
  /** Members among the ids that I follow. */
  followedUserIds: z.array(z.string()),
  /** Members among the ids that I have blocked. */
  blockedUserIds: z.array(z.string()),
  /** My open offers (as the buyer) on posts among the ids (docs/decisions/076). */
  offers: z.array(pageOfferSchema),
});
export type PageState = z.infer<typeof pageStateResponse>;
