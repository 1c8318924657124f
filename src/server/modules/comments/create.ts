import { eq } from 'drizzle-orm';
import type { Comment } from '../../../shared/contracts/comments';
import { comments, products, users } from '../../db/schema';
import {
  announceCountsChange,
  inTransaction,
  notFound,
  nowDate,
  validationError,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { notify } from '../notifications';
import { assertNotBlocked } from '../social';
import type { CommentActor } from './decide';
import { readComment } from './rows';

export interface CreateCommentInput {
  productId: string;
  text: string;
  replyTo?: string | null;
}

export const postNotFound = () =>
  notFound('This post could not be found. It may have been deleted.', 'PRODUCT_NOT_FOUND');

export const REPLY_GONE =
  'The comment you are replying to is no longer available. Write a new comment instead.';
export const REPLY_OTHER_POST = 'You can only reply to a comment on the same post.';
export const REPLY_NOT_VISIBLE =
  'You can only reply to approved comments (or to your own comment while it waits for review).';

/**
 * The post a comment goes on, if it is listed (published, and its seller not suspended). Locked
 * `FOR SHARE` for the rest of the transaction: a post deleted meanwhile waits for the comment
 * (which its deletion then takes along) instead of failing the insert.
 */
export async function findListedPost(db: DbOrTx, productId: string) {
  const [post] = await db
    .select({
      id: products.id,
      userId: products.userId,
      title: products.title,
      status: products.status,
      sellerHidden: products.sellerHidden,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1)
    .for('share');
  if (!post || post.status !== 'published' || post.sellerHidden) throw postNotFound();
  return post;
}

/**
 * The thread a reply joins: `replyTo` must be a comment on the same post that the author can see
 * (approved, or their own one still pending), written by an active member who has not blocked them
 * (nor been blocked by them). A reply to a reply joins that reply's thread (one level of nesting).
 */
async function threadOf(
  db: DbOrTx,
  actor: CommentActor,
  productId: string,
  replyTo: string,
): Promise<{ threadId: string; parentAuthorId: string }> {
  const readable = async (id: string) => {
    const [row] = await db
      .select({
        id: comments.id,
        productId: comments.productId,
        replyTo: comments.replyTo,
        status: comments.status,
        userId: comments.userId,
        authorStatus: users.status,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(eq(comments.id, id))
      .limit(1)
      // Held until the reply is written: the comment answered cannot vanish in between.
      .for('share', { of: comments });
    if (!row || row.authorStatus !== 'active') {
      throw validationError(REPLY_GONE, 'REPLY_NOT_ALLOWED');
    }
    if (row.productId !== productId) throw validationError(REPLY_OTHER_POST, 'REPLY_NOT_ALLOWED');
    const visible =
      row.status === 'accepted' || (row.status === 'pending' && row.userId === actor.id);
    if (!visible) throw validationError(REPLY_NOT_VISIBLE, 'REPLY_NOT_ALLOWED');
    return row;
  };
  const parent = await readable(replyTo);
  // The thread's first comment must be readable too: a reply under a removed comment is hidden.
  const root = parent.replyTo ? await readable(parent.replyTo) : parent;
  await assertNotBlocked(db, actor.id, parent.userId);
  return { threadId: root.id, parentAuthorId: parent.userId };
}

/**
 * POST /comment: a comment on a listed post, or a reply in one of its threads. It waits for review
 * (`pending`) and the post's owner is told; the owner's own comments on their post need no review
 * and are approved at once (docs/decisions/020). Refused (403) when the author and the post's owner
 * have blocked each other. Nothing is written on a refusal.
 */
export async function createComment(
  deps: ModuleDeps,
  actor: CommentActor,
  input: CreateCommentInput,
): Promise<Comment> {
  const actorId = actor.id.toLowerCase();
  const me = { ...actor, id: actorId };
  const { comment, ownerId } = await inTransaction(deps, async (tx) => {
    const post = await findListedPost(tx.db, input.productId);
    await assertNotBlocked(tx.db, actorId, post.userId);
    const thread = input.replyTo ? await threadOf(tx.db, me, post.id, input.replyTo) : null;
    const byOwner = actorId === post.userId;
    const now = nowDate(tx);
    const [row] = await tx.db
      .insert(comments)
      .values({
        productId: post.id,
        productOwnerId: post.userId,
        userId: actorId,
        replyTo: thread?.threadId ?? null,
        text: input.text,
        status: byOwner ? 'accepted' : 'pending',
        decidedBy: byOwner ? actorId : null,
        decidedAt: byOwner ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const excerpt = row!.text.slice(0, 140);
    if (byOwner) {
      // Approved at once: the member answered is told now, as an approval would have.
      if (thread) {
        await notify(tx, {
          userId: thread.parentAuthorId,
          kind: 'comment_reply',
          actorId,
          data: { productId: post.id, title: post.title, commentId: row!.id, excerpt },
        });
      }
    } else {
      await notify(tx, {
        userId: post.userId,
        kind: 'comment_to_review',
        actorId,
        data: { productId: post.id, title: post.title, commentId: row!.id, excerpt },
      });
    }
    return { comment: (await readComment(tx.db, row!.id))!, ownerId: post.userId };
  });
  // Only an approved comment changes what visitors of the seller's pages see: one more comment
  // and its count, a soft change.
  if (comment.status === 'accepted') announceCountsChange(deps, 'user', [ownerId]);
  return comment;
}
