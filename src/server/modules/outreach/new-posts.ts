import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailListSubscribers, products, users } from '../../db/schema';
import { defineJob, enqueueJob, inTransaction, type ModuleDeps } from '../core';
import { queueListMail } from './list-mail';

/**
 * A seller's list hears of their new posts: when a post is first published (catalog calls
 * `announceNewPost` in the transaction that publishes it), a job waits NEW_POST_DELAY_MS — time
 * to fix a typo or take the post back — then queues one "New from {seller}" mail per confirmed
 * subscriber. Once per post: republishing it later announces nothing.
 */
export const newPostJob = defineJob(
  'outreach.new-post',
  z.object({ productId: z.string() }),
  fanOut,
);
export const NEW_POST_DELAY_MS = 10 * 60_000;
const ONCE_PER_POST_MS = 10 * 365 * 24 * 3600_000;

export async function announceNewPost(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  productId: string,
): Promise<void> {
  await enqueueJob(
    deps,
    newPostJob,
    { productId },
    {
      runAt: new Date(deps.now() + NEW_POST_DELAY_MS),
      dedupeKey: `${newPostJob.name}:${productId}`,
      quietPeriodMs: ONCE_PER_POST_MS,
    },
  );
}

async function fanOut(deps: ModuleDeps, { productId }: { productId: string }): Promise<void> {
  const [post] = await deps.db
    .select({
      status: products.status,
      hidden: products.sellerHidden,
      ownerId: products.userId,
      sellerStatus: users.status,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .where(eq(products.id, productId))
    .limit(1);
  if (!post || post.status !== 'published' || post.hidden || post.sellerStatus !== 'active') return;
  // All or none: a retried fan-out never mails anyone twice.
  await inTransaction(deps, async (tx) => {
    const subscribers = await tx.db
      .select({ id: emailListSubscribers.id })
      .from(emailListSubscribers)
      .where(
        and(
          eq(emailListSubscribers.listOwnerId, post.ownerId),
          eq(emailListSubscribers.status, 'confirmed'),
        ),
      );
    for (const s of subscribers)
      await queueListMail(tx, { mail: 'new_post', subscriberId: s.id, productId });
  });
}
