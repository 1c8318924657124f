import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { isModeratorRole } from '../../../shared/contracts/account-rules';
import type {
  CommentList,
  MyCommentsQuery,
  PostComments,
  ReviewCommentsQuery,
} from '../../../shared/contracts/comments';
import { comments, products, users } from '../../db/schema';
import { forbidden, type ModuleDeps } from '../core';
import { notBlockedFor } from '../social';
import { postNotFound } from './create';
import type { CommentActor } from './decide';
import { authorColumns, postColumns, toComment, toCommentWithPost } from './rows';

type ReadDeps = Pick<ModuleDeps, 'db'>;

const postOwners = alias(users, 'post_owner');

/**
 * Whether a comment (`c`, written by `author`) is shown to `viewer` on the post's page: its author
 * is an active member (a suspended member's comments leave public view) not blocked either way
 * with the viewer, and it is approved — or pending and the viewer's own, or pending and the viewer
 * reviews the post's comments.
 */
function visibleTo(
  viewerId: string | null,
  reviewer: boolean,
  c: { status: AnyPgColumn; userId: AnyPgColumn },
  author: { status: AnyPgColumn },
): SQL {
  const pendingShown = reviewer
    ? eq(c.status, 'pending')
    : viewerId
      ? and(eq(c.status, 'pending'), eq(c.userId, viewerId))
      : undefined;
  return and(
    eq(author.status, 'active'),
    pendingShown ? or(eq(c.status, 'accepted'), pendingShown) : eq(c.status, 'accepted'),
    notBlockedFor(viewerId, c.userId),
  )!;
}

/**
 * GET /comments?productId=: the comments of a post a viewer may see (see `visibleTo`), as
 * threads — each top-level comment with its replies, oldest first, a page of threads at a time. A
 * reply shows only under a visible thread. The post must be listed, unless the viewer manages it
 * (its owner, moderators and admins). Three queries whatever the size: counts, threads, replies.
 */
export async function listPostComments(
  deps: ReadDeps,
  viewer: CommentActor | null,
  query: { productId: string; page: number; limit: number },
): Promise<PostComments> {
  const viewerId = viewer?.id.toLowerCase() ?? null;
  const [post] = await deps.db
    .select({
      id: products.id,
      userId: products.userId,
      status: products.status,
      sellerHidden: products.sellerHidden,
    })
    .from(products)
    .where(eq(products.id, query.productId))
    .limit(1);
  if (!post) throw postNotFound();
  const reviewer = !!viewer && (viewerId === post.userId || isModeratorRole(viewer.role));
  const listed = post.status === 'published' && !post.sellerHidden;
  if (!listed && !reviewer) throw postNotFound();

  const parents = alias(comments, 'parent');
  const parentAuthors = alias(users, 'parent_author');
  const shown = visibleTo(viewerId, reviewer, comments, users);
  const [counts] = await deps.db
    .select({
      threads: sql<number>`count(*) filter (where ${comments.replyTo} is null)`.mapWith(Number),
      total: count(),
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(parents, eq(parents.id, comments.replyTo))
    .leftJoin(parentAuthors, eq(parentAuthors.id, parents.userId))
    .where(
      and(
        eq(comments.productId, post.id),
        shown,
        or(isNull(comments.replyTo), visibleTo(viewerId, reviewer, parents, parentAuthors)),
      ),
    );

  const threadRows = await deps.db
    .select({ comment: comments, ...authorColumns })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.productId, post.id), isNull(comments.replyTo), shown))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);

  const threadIds = threadRows.map((r) => r.comment.id);
  const replyRows = threadIds.length
    ? await deps.db
        .select({ comment: comments, ...authorColumns })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(and(inArray(comments.replyTo, threadIds), shown))
        .orderBy(asc(comments.createdAt), asc(comments.id))
    : [];

  const replies = new Map<string, ReturnType<typeof toComment>[]>();
  for (const row of replyRows) {
    const list = replies.get(row.comment.replyTo!) ?? [];
    list.push(toComment(row));
    replies.set(row.comment.replyTo!, list);
  }
  return {
    comments: threadRows.map((row) => ({
      ...toComment(row),
      replies: replies.get(row.comment.id) ?? [],
    })),
    recordsCount: counts?.threads ?? 0,
    totalComments: counts?.total ?? 0,
  };
}

/** Comments with their author, post and the post owner's username, filtered by `where`. */
async function commentsWithPost(
  deps: ReadDeps,
  where: SQL | undefined,
  order: 'newest' | 'oldest',
  page: { page: number; limit: number },
): Promise<CommentList> {
  const [total] = await deps.db
    .select({ n: count() })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(where);
  const rows = await deps.db
    .select({
      comment: comments,
      ...authorColumns,
      ...postColumns,
      postOwnerUsername: postOwners.username,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(products, eq(products.id, comments.productId))
    .innerJoin(postOwners, eq(postOwners.id, products.userId))
    .where(where)
    .orderBy(
      ...(order === 'newest'
        ? [desc(comments.createdAt), desc(comments.id)]
        : [asc(comments.createdAt), asc(comments.id)]),
    )
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { comments: rows.map(toCommentWithPost), recordsCount: total?.n ?? 0 };
}

/** GET /comments/mine: my comments in every status (or one), newest first, each with its post. */
export function listMyComments(
  deps: ReadDeps,
  actor: CommentActor,
  query: MyCommentsQuery,
): Promise<CommentList> {
  const me = actor.id.toLowerCase();
  return commentsWithPost(
    deps,
    and(eq(comments.userId, me), query.status ? eq(comments.status, query.status) : undefined),
    'newest',
    query,
  );
}

/**
 * GET /comments/review: the comments waiting for review on my posts, oldest first (from active
 * members I have not blocked, nor been blocked by). `scope=all` is the moderators' view: every
 * pending comment of an active member.
 */
export function listReviewComments(
  deps: ReadDeps,
  actor: CommentActor,
  query: ReviewCommentsQuery,
): Promise<CommentList> {
  const me = actor.id.toLowerCase();
  if (query.scope === 'all' && !isModeratorRole(actor.role)) {
    throw forbidden('Only moderators and admins can see every comment waiting for review.');
  }
  const pendingOfActive = and(eq(comments.status, 'pending'), eq(users.status, 'active'));
  return commentsWithPost(
    deps,
    query.scope === 'all'
      ? pendingOfActive
      : and(pendingOfActive, eq(comments.productOwnerId, me), notBlockedFor(me, comments.userId)),
    'oldest',
    query,
  );
}

/**
 * The owners of the posts on which `userId` has approved comments: whose pages change when this
 * member's comments leave (or come back to) public view — the account's suspension announces
 * them (`announceChange`).
 */
export async function postOwnersCommentedOnBy(deps: ReadDeps, userId: string): Promise<string[]> {
  const rows = await deps.db
    .selectDistinct({ ownerId: comments.productOwnerId })
    .from(comments)
    .where(and(eq(comments.userId, userId.toLowerCase()), eq(comments.status, 'accepted')));
  return rows.map((r) => r.ownerId);
}
