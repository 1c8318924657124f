import {
  blockResponse,
  favoriteProductsResponse,
  followResponse,
  followStateParams,
  followStateResponse,
  followingPostsResponse,
  followingQuery,
  followingResponse,
  likedProductIdsResponse,
  likedUserIdsResponse,
  pageStateQuery,
  pageStateResponse,
  productAlertRequest,
  productAlertResponse,
  productLikeRequest,
  productLikeResponse,
  socialPageQuery,
  socialUsersResponse,
  userLikeResponse,
  userTargetRequest,
} from '../contracts/social';
import { endpoint } from './endpoint';

/** SPEC §7: likes of posts and members, follows and the feed, blocks (issue 11). */
export const socialApi = {
  // ---- likes ----
  likeProduct: endpoint({
    method: 'POST',
    path: '/products/like',
    summary:
      'Like a post, or take the like back (toggle); answers the post with its new likesCount',
    tags: ['products', 'social'],
    body: productLikeRequest,
    response: productLikeResponse,
  }),
  likeUser: endpoint({
    method: 'POST',
    path: '/users/like',
    summary:
      'Like a member, or take the like back (toggle); answers the member with the new likesCount',
    tags: ['users', 'social'],
    body: userTargetRequest,
    response: userLikeResponse,
  }),
  productAlert: endpoint({
    method: 'POST',
    path: '/products/alert',
    summary:
      'Ring or silence the bell of a post I like: told in my notification digest when it drops in price or is back in stock',
    tags: ['products', 'social'],
    body: productAlertRequest,
    response: productAlertResponse,
  }),
  likedProductIds: endpoint({
    method: 'GET',
    path: '/products/favoriteIds',
    summary: 'The ids of the posts I like',
    tags: ['products', 'social'],
    response: likedProductIdsResponse,
  }),
  likedUserIds: endpoint({
    method: 'GET',
    path: '/users/favoriteIds',
    summary: 'The ids of the members I like',
    tags: ['users', 'social'],
    response: likedUserIdsResponse,
  }),
  favoriteProducts: endpoint({
    method: 'GET',
    path: '/products/favorites',
    summary: 'The posts I like that are still listed, newest like first',
    tags: ['products', 'social'],
    query: socialPageQuery,
    response: favoriteProductsResponse,
  }),
  favoriteUsers: endpoint({
    method: 'GET',
    path: '/users/favorites',
    summary: 'The members I like, newest like first',
    tags: ['users', 'social'],
    query: socialPageQuery,
    response: socialUsersResponse,
  }),

  // ---- follows ----
  follow: endpoint({
    method: 'POST',
    path: '/users/follow',
    summary: 'Follow a member, or unfollow them (toggle); answers the new state and follower count',
    tags: ['users', 'social'],
    body: userTargetRequest,
    response: followResponse,
  }),
  followState: endpoint({
    method: 'GET',
    path: '/users/follow-state/:id',
    summary:
      'Whether I follow a member and they follow me, their counts, whether I like or blocked them',
    tags: ['users', 'social'],
    params: followStateParams,
    response: followStateResponse,
  }),
  following: endpoint({
    method: 'GET',
    path: '/users/following',
    summary:
      'The members I follow, newest first; with ?id= that member if I follow them (else 404)',
    tags: ['users', 'social'],
    query: followingQuery,
    response: followingResponse,
  }),
  followingPosts: endpoint({
    method: 'GET',
    path: '/products/following',
    summary: 'The feed: listed posts of the members I follow, newest first (as `posts`)',
    tags: ['products', 'social'],
    query: socialPageQuery,
    response: followingPostsResponse,
  }),

  // ---- what is personal on a shared page (docs/decisions/045) ----
  pageState: endpoint({
    method: 'GET',
    path: '/me/page-state',
    summary:
      'Which of the posts and members on a page I like, follow or blocked (up to 100 ids), and who I am',
    tags: ['users', 'social'],
    query: pageStateQuery,
    response: pageStateResponse,
  }),

  // ---- blocks ----
  block: endpoint({
    method: 'POST',
    path: '/users/block',
    summary: 'Block a member, or unblock them (toggle); blocking ends follows both ways',
    tags: ['users', 'social'],
    body: userTargetRequest,
    response: blockResponse,
  }),
  blockedUsers: endpoint({
    method: 'GET',
    path: '/users/blocked',
    summary: 'The members I have blocked, newest first',
    tags: ['users', 'social'],
    query: socialPageQuery,
    response: socialUsersResponse,
  }),
};
