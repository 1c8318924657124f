import type { FastifyPluginAsync } from 'fastify';
import { commentsApi } from '../../../../shared/api/comments';
import {
  createComment,
  deleteComment,
  listMyComments,
  listPostComments,
  listReviewComments,
  reviewComment,
} from '../../../modules/comments';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { MINUTE, perUser } from './rate-limits';

/** Moderated comments on posts (SPEC §7 "Messages, comments", docs/decisions/020). */
export const commentRoutes: FastifyPluginAsync = async (app) => {
  // A person writes a few comments in a conversation; a script writing hundreds is stopped.
  const commentWrites = perUser(app, 'comment-create', 20, 10 * MINUTE);

  // ---- reads ----
  defineRoute(app, commentsApi.postComments, {
    access: 'public',
    handler: async (request, _reply, deps) =>
      listPostComments(deps, request.user ?? null, request.query),
  });
  defineRoute(app, commentsApi.myComments, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      listMyComments(deps, currentUser(request), request.query),
  });
  defineRoute(app, commentsApi.reviewComments, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      listReviewComments(deps, currentUser(request), request.query),
  });

  // ---- writes ----
  defineRoute(app, commentsApi.createComment, {
    access: 'user',
    preHandler: commentWrites,
    handler: async (request, _reply, deps) => ({
      comment: await createComment(deps, currentUser(request), request.body.comment),
    }),
  });
  defineRoute(app, commentsApi.setCommentStatus, {
    access: 'owner',
    handler: async (request, _reply, deps) => ({
      comment: await reviewComment(
        deps,
        currentUser(request),
        request.params.commentId,
        request.body.status,
      ),
    }),
  });
  defineRoute(app, commentsApi.deleteComment, {
    access: 'owner',
    handler: async (request, _reply, deps) =>
      deleteComment(deps, currentUser(request), request.params.commentId),
  });
};
