import { z } from 'zod';
import { hasNoNul } from './account-fields';
import { PRODUCT_LIMITS } from './catalog-rules';
import { NUL_RULE, obj, productOwnerSchema, uuidField } from './catalog-model';
import { requiredAs } from './common';
import { COMMENT_STATUSES, SOCIAL_LIMITS } from './social-rules';

// Moderated comments on posts (SPEC §3 Comment, §4, §7 "Messages, comments"; DESIGN §4). A comment
// is `pending` until the post's owner (or a moderator) approves it (`accepted`) or removes it
// (`rejected`); only accepted comments are shown to others. Replies hang under a top-level comment:
// one level of threading (docs/decisions/020).

// ---- fields ----

const pageField = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be at least 1.')
  .max(PRODUCT_LIMITS.pageMax, `Must be at most ${PRODUCT_LIMITS.pageMax}.`)
  .default(1);
const limitField = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be at least 1.')
  .max(PRODUCT_LIMITS.pageSizeMax, `Must be at most ${PRODUCT_LIMITS.pageSizeMax}.`)
  .default(PRODUCT_LIMITS.pageSizeDefault);

/** What a comment says: trimmed, 1 to SOCIAL_LIMITS.commentMax characters, shown as plain text. */
export const commentTextSchema = z
  .string(requiredAs('text'))
  .trim()
  .min(1, 'Write something before sending your comment.')
  .max(
    SOCIAL_LIMITS.commentMax,
    `Keep your comment to at most ${SOCIAL_LIMITS.commentMax.toLocaleString('en-US')} characters.`,
  )
  .refine(hasNoNul, NUL_RULE);

const commentStatusField = z.enum(COMMENT_STATUSES, {
  error: `Choose one of: ${COMMENT_STATUSES.join(', ')}.`,
});

// ---- the comment on the wire ----

/** The author as a comment shows them (joined in the same query as the comment). */
export const commentAuthorSchema = productOwnerSchema;
export type CommentAuthor = z.infer<typeof commentAuthorSchema>;

export const commentSchema = obj({
  _id: z.string(),
  productId: z.string(),
  /** The top-level comment this one answers (its thread), or null for a top-level comment. */
  replyTo: z.string().nullable(),
  text: z.string(),
  status: z.enum(COMMENT_STATUSES),
  user: commentAuthorSchema,
  createdAt: z.string(),
  /** When it was approved or removed; null while pending. */
  decidedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

/** A top-level comment with its replies (oldest first), as a post's comment list shows it. */
export const commentThreadSchema = commentSchema.extend({ replies: z.array(commentSchema) });
export type CommentThread = z.infer<typeof commentThreadSchema>;

/** The post a comment belongs to, for lists outside the post page (/comments). */
export const commentPostSchema = obj({
  _id: z.string(),
  title: z.string(),
  user: obj({ _id: z.string(), username: z.string() }),
});

export const commentWithPostSchema = commentSchema.extend({ product: commentPostSchema });
export type CommentWithPost = z.infer<typeof commentWithPostSchema>;

// ---- requests ----

/** POST /comment: `{ comment: { productId, text, replyTo? } }` (SPEC §7). */
export const commentInput = obj({
  comment: obj({
    productId: uuidField('a post id'),
    text: commentTextSchema,
    replyTo: uuidField('a comment id').nullish(),
  }),
});
export type CommentInput = z.input<typeof commentInput>;

export const commentIdParams = obj({ commentId: uuidField('a comment id') });

/** PATCH /comment/:commentId/status: approve (`accepted`) or remove (`rejected`). */
export const commentStatusInput = obj({
  status: z.enum(['accepted', 'rejected'], {
    error: 'Choose accepted (approve the comment) or rejected (remove it).',
  }),
});
export type CommentDecision = z.output<typeof commentStatusInput>['status'];

/** GET /comments?productId=: a post's comments, a page of threads at a time. */
export const postCommentsQuery = obj({
  productId: uuidField('a post id'),
  page: pageField,
  limit: limitField,
});
export type PostCommentsQuery = z.output<typeof postCommentsQuery>;

/** GET /comments/mine: my comments in every status (or one of them), newest first. */
export const myCommentsQuery = obj({
  page: pageField,
  limit: limitField,
  status: commentStatusField.optional(),
});
export type MyCommentsQuery = z.output<typeof myCommentsQuery>;

export const REVIEW_SCOPES = ['mine', 'all'] as const;
export type ReviewScope = (typeof REVIEW_SCOPES)[number];

/** GET /comments/review: pending comments on my posts; `scope=all` (moderators) every one. */
export const reviewCommentsQuery = obj({
  page: pageField,
  limit: limitField,
  scope: z
    .enum(REVIEW_SCOPES, { error: `Choose one of: ${REVIEW_SCOPES.join(', ')}.` })
    .default('mine'),
});
export type ReviewCommentsQuery = z.output<typeof reviewCommentsQuery>;

// ---- responses ----

export const commentResponse = obj({ comment: commentSchema });
export const commentIdResponse = obj({ _id: z.string() });

export const postCommentsResponse = obj({
  comments: z.array(commentThreadSchema),
  /** Top-level comments this viewer can see (the pages are pages of threads). */
  recordsCount: z.number().int(),
  /** Every comment this viewer can see on the post, replies included. */
  totalComments: z.number().int(),
});
export type PostComments = z.infer<typeof postCommentsResponse>;

export const commentListResponse = obj({
  comments: z.array(commentWithPostSchema),
  recordsCount: z.number().int(),
});
export type CommentList = z.infer<typeof commentListResponse>;
