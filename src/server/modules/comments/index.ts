// The comments module's public surface: moderated comments on posts, threaded by replyTo.
export { canReview, commentNotFound, setCommentStatus, type CommentActor } from './decide';
