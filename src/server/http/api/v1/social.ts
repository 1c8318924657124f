import type { FastifyPluginAsync } from 'fastify';
import { socialApi } from '../../../../shared/api/social';
import {
  getFollowed,
  getFollowState,
  getPageState,
  likedProductIds,
  likedUserIds,
  listBlocked,
  listFavoriteProducts,
  listFavoriteUsers,
  listFollowing,
  listFollowingPosts,
  setProductAlert,
  toggleBlock,
  toggleFollow,
  toggleProductLike,
  toggleUserLike,
} from '../../../modules/social';
import { nowDate } from '../../../modules/core';
import { openOffersOn } from '../../../modules/offers';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { HOUR, perUser } from './rate-limits';

/** Likes, follows, blocks and the lists built from them (issue 11). */
export const socialRoutes: FastifyPluginAsync = async (app) => {
  // Toggles are cheap, but each one drops cached pages and a follow may mail someone: a budget
  // per account far above what a person clicks, well below what a script would.
  const likes = perUser(app, 'like-toggle', 600, HOUR);
  const followToggles = perUser(app, 'follow-toggle', 200, HOUR);
  const blockToggles = perUser(app, 'block-toggle', 100, HOUR);

  // ---- likes ----
  defineRoute(app, socialApi.likeProduct, {
    access: 'user',
    preHandler: likes,
    handler: async (request, _reply, deps) =>
      toggleProductLike(deps, currentUser(request).id, request.body.id),
  });
  defineRoute(app, socialApi.likeUser, {
    access: 'user',
    preHandler: likes,
    handler: async (request, _reply, deps) =>
      toggleUserLike(deps, currentUser(request).id, request.body.id),
  });
  defineRoute(app, socialApi.productAlert, {
    access: 'user',
    preHandler: likes,
    handler: async (request, _reply, deps) =>
      setProductAlert(deps, currentUser(request).id, request.body.id, request.body.alert),
  });
  defineRoute(app, socialApi.likedProductIds, {
    access: 'user',
    handler: async (request, _reply, deps) => likedProductIds(deps, currentUser(request).id),
  });
  defineRoute(app, socialApi.likedUserIds, {
    access: 'user',
    handler: async (request, _reply, deps) => likedUserIds(deps, currentUser(request).id),
  });
  defineRoute(app, socialApi.favoriteProducts, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      listFavoriteProducts(deps, currentUser(request).id, request.query),
  });
  defineRoute(app, socialApi.favoriteUsers, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      listFavoriteUsers(deps, currentUser(request).id, request.query),
  });

  // ---- follows ----
  defineRoute(app, socialApi.follow, {
    access: 'user',
    preHandler: followToggles,
    handler: async (request, _reply, deps) =>
      toggleFollow(deps, currentUser(request).id, request.body.id),
  });
  defineRoute(app, socialApi.followState, {
    access: 'public',
    handler: async (request, _reply, deps) =>
      getFollowState(deps, request.user?.id ?? null, request.params.id),
  });
  defineRoute(app, socialApi.following, {
    access: 'user',
    handler: async (request, _reply, deps) => {
      const me = currentUser(request).id;
      const { id, ...page } = request.query;
      return id ? getFollowed(deps, me, id) : listFollowing(deps, me, page);
    },
  });
  defineRoute(app, socialApi.followingPosts, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      listFollowingPosts(deps, currentUser(request).id, request.query),
  });

  // ---- what is personal on a shared page (docs/decisions/045) ----
  defineRoute(app, socialApi.pageState, {
    access: 'user',
    handler: async (request, reply, deps) => {
      // The caller's own relations: no shared cache may keep them.
      reply.header('cache-control', 'private, no-store');
      const userId = currentUser(request).id;
      const { ids } = request.query;
      const [state, offers] = await Promise.all([
        getPageState(deps, userId, ids),
        openOffersOn(deps.db, userId, ids, nowDate(deps)),
      ]);
      return { ...state, offers };
    },
  });

  // ---- blocks ----
  defineRoute(app, socialApi.block, {
    access: 'user',
    preHandler: blockToggles,
    handler: async (request, _reply, deps) =>
      toggleBlock(deps, currentUser(request).id, request.body.id),
  });
  defineRoute(app, socialApi.blockedUsers, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      listBlocked(deps, currentUser(request).id, request.query),
  });
};
