// The comments module's public surface: moderated comments on posts, threaded by replyTo (one level:
// a reply joins its thread's first comment). It writes only the comments table.
export {
  announceCommentDecision,
  canReview,
  commentNotFound,
  reviewComment,
  setCommentStatus,
  type CommentActor,
} from './decide';
export { createComment, type CreateCommentInput } from './create';
export {
  listMyComments,
  listPostComments,
  listReviewComments,
  postOwnersCommentedOnBy,
} from './read';
export { deleteComment } from './remove';
