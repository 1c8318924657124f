import { eq, sql } from 'drizzle-orm';
import {
  comments,
  messageLikes,
  messages,
  moderationActions,
  productLikes,
  products,
  reports,
  userLikes,
  users,
  type StoredMedia,
} from '../../src/server/db/schema';
import type { CommentStatus } from '../../src/shared/contracts/social-rules';
import type { TestApp } from '../helpers/app';
import { inject } from './accounts';

// Rows of the social tables written straight into the database, as their modules would (the
// like, comment and message calls belong to other parts of issue 11), for the moderation tests.

const db = (t: TestApp) => t.deps.database.db;

/** A comment on `productId` by `userId` (pending unless told otherwise). */
export async function addComment(
  t: TestApp,
  input: {
    productId: string;
    userId: string;
    text?: string;
    status?: CommentStatus;
    replyTo?: string;
    createdAt?: Date;
  },
) {
  const [post] = await db(t)
    .select({ ownerId: products.userId })
    .from(products)
    .where(eq(products.id, input.productId));
  const [row] = await db(t)
    .insert(comments)
    .values({
      productId: input.productId,
      productOwnerId: post!.ownerId,
      userId: input.userId,
      text: input.text ?? 'A comment worth reading.',
      status: input.status ?? 'pending',
      replyTo: input.replyTo ?? null,
      ...(input.createdAt && { createdAt: input.createdAt }),
    })
    .returning();
  return row!;
}

/** A message by `userId`: public, or private to `recipientId`. */
export async function addMessage(
  t: TestApp,
  input: { userId: string; recipientId?: string; text?: string; medias?: StoredMedia[] },
) {
  const [row] = await db(t)
    .insert(messages)
    .values({
      userId: input.userId,
      recipientId: input.recipientId ?? null,
      text: input.text ?? 'Hello from the message board.',
      medias: input.medias ?? [],
    })
    .returning();
  return row!;
}

/** `userId` likes a post, a member or a message: the row and the count, as the social module keeps them. */
export async function like(
  t: TestApp,
  userId: string,
  target: { productId?: string; likedUserId?: string; messageId?: string },
) {
  const plusOne = <C>(column: C) => sql`${column} + 1`;
  if (target.productId) {
    await db(t).insert(productLikes).values({ userId, productId: target.productId });
    await db(t)
      .update(products)
      .set({ likesCount: plusOne(products.likesCount) })
      .where(eq(products.id, target.productId));
  }
  if (target.likedUserId) {
    await db(t).insert(userLikes).values({ userId, likedUserId: target.likedUserId });
    await db(t)
      .update(users)
      .set({ likesCount: plusOne(users.likesCount) })
      .where(eq(users.id, target.likedUserId));
  }
  if (target.messageId) {
    await db(t).insert(messageLikes).values({ userId, messageId: target.messageId });
    await db(t)
      .update(messages)
      .set({ likesCount: plusOne(messages.likesCount) })
      .where(eq(messages.id, target.messageId));
  }
}

/** POST /reports as `token`. */
export function report(t: TestApp, token: string | undefined, payload: unknown) {
  return inject(t, {
    method: 'POST',
    url: '/api/v1/reports',
    headers: token ? { 'x-access-token': token } : {},
    payload: payload as object,
  });
}

/** Every report row on one thing. */
export const reportsOn = (t: TestApp, targetId: string) =>
  db(t).select().from(reports).where(eq(reports.targetId, targetId));

/** The decision log's rows on one thing, oldest first. */
export const actionsOn = (t: TestApp, targetId: string) =>
  db(t)
    .select()
    .from(moderationActions)
    .where(eq(moderationActions.targetId, targetId))
    .orderBy(moderationActions.createdAt);

/** A call as `token` (an admin's, a moderator's…). */
export function call(
  t: TestApp,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return inject(t, {
    method,
    url,
    headers: token ? { 'x-access-token': token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
