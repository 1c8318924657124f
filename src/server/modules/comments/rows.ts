import { eq } from 'drizzle-orm';
import type { Comment, CommentWithPost } from '../../../shared/contracts/comments';
import { imageOf } from '../../../shared/contracts/common';
import { comments, products, users, type CommentRow } from '../../db/schema';
import type { DbOrTx } from '../core';

/** The author columns a comment is shown with (read in the same query as the comment). */
export const authorColumns = {
  authorId: users.id,
  authorUsername: users.username,
  authorName: users.name,
  authorThumbnail: users.imageThumbnail,
  authorFullsize: users.imageFullsize,
};

export interface AuthorFields {
  authorId: string;
  authorUsername: string;
  authorName: string;
  authorThumbnail: string | null;
  authorFullsize: string | null;
}

export type CommentWithAuthor = { comment: CommentRow } & AuthorFields;

/** A comment as the API shows it. */
export function toComment(row: CommentWithAuthor): Comment {
  const c = row.comment;
  return {
    _id: c.id,
    productId: c.productId,
    replyTo: c.replyTo,
    text: c.text,
    status: c.status,
    user: {
      _id: row.authorId,
      username: row.authorUsername,
      name: row.authorName,
      image: imageOf(row.authorThumbnail, row.authorFullsize),
    },
    createdAt: c.createdAt.toISOString(),
    decidedAt: c.decidedAt ? c.decidedAt.toISOString() : null,
  };
}

/** The post columns a comment outside its post page is listed with. */
export const postColumns = {
  postId: products.id,
  postTitle: products.title,
  postOwnerId: products.userId,
};

export type CommentWithPostRow = CommentWithAuthor & {
  postId: string;
  postTitle: string;
  postOwnerId: string;
  postOwnerUsername: string;
};

export function toCommentWithPost(row: CommentWithPostRow): CommentWithPost {
  return {
    ...toComment(row),
    product: {
      _id: row.postId,
      title: row.postTitle,
      user: { _id: row.postOwnerId, username: row.postOwnerUsername },
    },
  };
}

/** One comment with its author, for the answer of a write. */
export async function readComment(db: DbOrTx, id: string): Promise<Comment | null> {
  const [row] = await db
    .select({ comment: comments, ...authorColumns })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, id))
    .limit(1);
  return row ? toComment(row) : null;
}
