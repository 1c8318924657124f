import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isUuid } from '../../../shared/contracts/common';
import { productLikes, products, users } from '../../db/schema';
import { defineJob, enqueueJob, inTransaction, type ModuleDeps } from '../core';
import { notify } from './notify';

// Alerts for liked posts (docs/decisions/075): a member who likes a post and rang its bell is told,
// in their notification digest, when it gets cheaper or comes back in stock. The catalogue's write
// only queues one job per post and change, in its own transaction; the job fans the event out to
// the members later, so a seller's save never waits on (or fails for) thousands of likes.

export const LIKED_POST_CHANGES = ['price_drop', 'back_in_stock'] as const;
export type LikedPostChange = (typeof LIKED_POST_CHANGES)[number];

/**
 * How long the job waits: a seller who corrects a price twice in a minute makes one alert, and the
 * digest tells the price as it stands when it goes out.
 */
export const LIKED_POST_ALERT_DELAY_MS = 60_000;
/** Bounds one fan-out (far beyond a real post's bells); beyond it, members are left out by id order. */
const FAN_OUT_MAX = 10_000;

const payload = z.object({
  productId: z.string().refine(isUuid, 'Must be a post id.'),
  change: z.enum(LIKED_POST_CHANGES),
  /** The price before the drop (minor units), for "now $8 (was $10)". */
  wasMinor: z.number().int().nonnegative(),
});

export const likedPostAlertJob = defineJob('notifications.liked-post-alert', payload, fanOut);

/**
 * In the transaction of the catalogue write that lowered a price or refilled an empty stock: one
 * job per post and change while one is waiting (the first drop's old price is the one kept).
 */
export async function announceLikedPostChange(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  productId: string,
  change: LikedPostChange,
  wasMinor: number,
): Promise<void> {
  await enqueueJob(
    deps,
    likedPostAlertJob,
    { productId, change, wasMinor },
    {
      runAt: new Date(deps.now() + LIKED_POST_ALERT_DELAY_MS),
      dedupeKey: `${likedPostAlertJob.name}:${productId}:${change}`,
    },
  );
}

async function fanOut(deps: ModuleDeps, input: z.output<typeof payload>): Promise<void> {
  const [post] = await deps.db
    .select({ ownerId: products.userId, status: products.status, hidden: products.sellerHidden })
    .from(products)
    .where(eq(products.id, input.productId))
    .limit(1);
  if (!post || post.status !== 'published' || post.hidden) return;
  // All or none: a retried fan-out never records an event twice.
  await inTransaction(deps, async (tx) => {
    const members = await tx.db
      .select({ id: productLikes.userId })
      .from(productLikes)
      .innerJoin(users, eq(users.id, productLikes.userId))
      .where(
        and(
          eq(productLikes.productId, input.productId),
          eq(productLikes.alert, true),
          eq(users.status, 'active'),
        ),
      )
      .orderBy(productLikes.userId)
      .limit(FAN_OUT_MAX);
    for (const member of members) {
      await notify(tx, {
        userId: member.id,
        kind: 'liked_post_alert',
        // The seller is the one who "did" it: a member who blocked them hears nothing.
        actorId: post.ownerId,
        data: {
          productId: input.productId,
          change: input.change,
          wasMinor: String(input.wasMinor),
        },
      });
    }
  });
}
