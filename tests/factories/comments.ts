import { eq } from 'drizzle-orm';
import { blocks, comments, users } from '../../src/server/db/schema';
import {
  createComment,
  setCommentStatus,
  type CommentActor,
} from '../../src/server/modules/comments';
import type { Comment } from '../../src/shared/contracts/comments';
import type { TestApp } from '../helpers/app';
import { inject } from './accounts';

let sequence = 0;

/** A comment written through the module (no rate limit): pending unless `actor` owns the post. */
export async function createTestComment(
  t: TestApp,
  actor: CommentActor,
  productId: string,
  input: { text?: string; replyTo?: string } = {},
): Promise<Comment> {
  sequence += 1;
  const comment = await createComment(t.moduleDeps(), actor, {
    productId,
    text: input.text ?? `Test comment ${sequence}`,
    replyTo: input.replyTo ?? null,
  });
  // Each comment a moment after the previous one: "oldest first" has one answer.
  t.advanceTime(1000);
  return comment;
}

/** A comment approved by `reviewer` (the post's owner or a moderator). */
export async function acceptedComment(
  t: TestApp,
  actor: CommentActor,
  reviewer: CommentActor,
  productId: string,
  input: { text?: string; replyTo?: string } = {},
): Promise<Comment> {
  const comment = await createTestComment(t, actor, productId, input);
  if (comment.status !== 'accepted')
    await setCommentStatus(t.moduleDeps(), reviewer, comment._id, 'accepted');
  return { ...comment, status: 'accepted' };
}

/** `blocker` blocks `blocked` (written straight into the social module's table). */
export async function block(t: TestApp, blockerId: string, blockedId: string): Promise<void> {
  await t.deps.database.db.insert(blocks).values({ blockerId, blockedId });
}

/** Sets an account's status directly (what the admin's status call will do). */
export async function setUserStatus(
  t: TestApp,
  userId: string,
  status: 'active' | 'suspended',
): Promise<void> {
  await t.deps.database.db.update(users).set({ status }).where(eq(users.id, userId));
}

/** The comment's row as stored (undefined once deleted). */
export async function storedComment(t: TestApp, id: string) {
  const [row] = await t.deps.database.db.select().from(comments).where(eq(comments.id, id));
  return row;
}

/** Every stored comment (to check a refused call wrote nothing). */
export const allComments = (t: TestApp) => t.deps.database.db.select().from(comments);

/** POST /comment as `auth`. */
export function postComment(
  t: TestApp,
  auth: Record<string, string> | undefined,
  comment: Record<string, unknown>,
) {
  return inject(t, {
    method: 'POST',
    url: '/api/v1/comment',
    ...(auth ? { headers: auth } : {}),
    payload: { comment },
  });
}

/** PATCH /comment/:id/status as `auth`. */
export function patchStatus(t: TestApp, auth: Record<string, string>, id: string, status: string) {
  return inject(t, {
    method: 'PATCH',
    url: `/api/v1/comment/${id}/status`,
    headers: auth,
    payload: { status },
  });
}

/** GET `/api/v1${url}`, signed in as `auth` when given. */
export function getAs(t: TestApp, url: string, auth?: Record<string, string>) {
  return inject(t, { method: 'GET', url: `/api/v1${url}`, ...(auth ? { headers: auth } : {}) });
}
