import { socialApi } from '../../../../shared/api/social';
import type { FollowResponse } from '../../../../shared/contracts/social';
import { api } from '../../../lib/api';

// The browser's social calls (likes, follows, blocks). The browser build gets the API catalogue
// without its zod schemas (vite/client-api-catalogue.ts), so these cost a few hundred bytes.

/** What a like toggle answers, as the LikeButton takes it. */
export interface LikeAnswer {
  liked: boolean;
  count: number;
}

export async function likeProduct(id: string): Promise<LikeAnswer> {
  const { liked, product } = await api.call(socialApi.likeProduct, { body: { id } });
  return { liked, count: product.likesCount };
}

/** Rings or silences a liked post's bell; whether it is on now. */
export async function setProductAlert(id: string, alert: boolean): Promise<boolean> {
  return (await api.call(socialApi.productAlert, { body: { id, alert } })).alert;
}

export async function likeUser(id: string): Promise<LikeAnswer> {
  const { liked, user } = await api.call(socialApi.likeUser, { body: { id } });
  return { liked, count: user.likesCount };
}

export const follow = (id: string): Promise<FollowResponse> =>
  api.call(socialApi.follow, { body: { id } });

export const block = (id: string) => api.call(socialApi.block, { body: { id } });

/** Every id I like (posts and members), for the liked-ids store: two calls at once. */
export async function fetchLikedIds() {
  const [products, users] = await Promise.all([
    api.call(socialApi.likedProductIds, {}),
    api.call(socialApi.likedUserIds, {}),
  ]);
  return { productIds: products.likedProductIds, userIds: users.likedUserIds };
}
