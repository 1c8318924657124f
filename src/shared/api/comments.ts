import {
  commentIdParams,
  commentIdResponse,
  commentInput,
  commentListResponse,
  commentResponse,
  commentStatusInput,
  myCommentsQuery,
  postCommentsQuery,
  postCommentsResponse,
  reviewCommentsQuery,
} from '../contracts/comments';
import { endpoint } from './endpoint';

/** SPEC §7 "Messages, comments": moderated comments on posts (docs/decisions/020). */
export const commentsApi = {
  // ---- reads ----
  postComments: endpoint({
    method: 'GET',
    path: '/comments',
    summary:
      "A post's comments, threaded, oldest first: the approved ones, plus the viewer's own pending ones (and, for the post's owner and moderators, every pending one)",
    tags: ['comments'],
    query: postCommentsQuery,
    response: postCommentsResponse,
  }),
  myComments: endpoint({
    method: 'GET',
    path: '/comments/mine',
    summary: 'My comments in every status (or ?status=), newest first, each with its post',
    tags: ['comments'],
    query: myCommentsQuery,
    response: commentListResponse,
  }),
  reviewComments: endpoint({
    method: 'GET',
    path: '/comments/review',
    summary:
      'Comments waiting for review on my posts, oldest first; ?scope=all (moderators and admins) every pending comment',
    tags: ['comments'],
    query: reviewCommentsQuery,
    response: commentListResponse,
  }),

  // ---- writes ----
  createComment: endpoint({
    method: 'POST',
    path: '/comment',
    summary:
      "Comment on a listed post, or reply to one of its comments; it stays pending until reviewed (the post owner's own comments are approved at once)",
    tags: ['comments'],
    body: commentInput,
    status: 201,
    response: commentResponse,
  }),
  setCommentStatus: endpoint({
    method: 'PATCH',
    path: '/comment/:commentId/status',
    summary:
      "Approve (accepted) or remove (rejected) a comment: the post's owner, moderators and admins",
    tags: ['comments'],
    params: commentIdParams,
    body: commentStatusInput,
    response: commentResponse,
  }),
  deleteComment: endpoint({
    method: 'DELETE',
    path: '/comment/:commentId',
    summary:
      "Delete a comment (and its replies): its author, the post's owner, moderators and admins",
    tags: ['comments'],
    params: commentIdParams,
    response: commentIdResponse,
  }),
};
