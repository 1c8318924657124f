import { and, eq, lte, ne } from 'drizzle-orm';
import {
  OFFER_LIMITS,
  OFFER_VALID_MS,
  type OfferLikersInput,
} from '../../../shared/contracts/offers';
import { toMinor } from '../../../shared/money';
import { offers, productLikes, users } from '../../db/schema';
import { forbidden, inTransaction, nowDate, type ModuleDeps } from '../core';
import { notify } from '../notifications';
import { notBlockedFor } from '../social';
import { checkBelowPrice, choicePriceMinor, listedPost } from './post';
import { itemOf, money } from './rows';

/**
 * POST /offers/likers: the seller offers one price to every active member who liked the post
 * (blocked either way left out): for each, an accepted seller-made offer valid 48 hours, told in
 * their notification digest. A liker who already has an open offer for the post keeps it (the
 * unique index skips them), so sending twice offers nobody a second price.
 */
export async function offerToLikers(deps: ModuleDeps, sellerId: string, input: OfferLikersInput) {
  const sent = await inTransaction(deps, async (tx) => {
    const post = await listedPost(tx.db, input.postId);
    if (post.userId !== sellerId) {
      throw forbidden("Only the post's seller can send an offer to the members who liked it.");
    }
    const amountMinor = toMinor(input.amount);
    const selectedVariations = input.selectedVariations ?? {};
    checkBelowPrice(amountMinor, choicePriceMinor(post, selectedVariations), tx.env.CURRENCY);
    const likers = await tx.db
      .select({ id: productLikes.userId })
      .from(productLikes)
      .innerJoin(users, eq(users.id, productLikes.userId))
      .where(
        and(
          eq(productLikes.productId, post.id),
          ne(productLikes.userId, sellerId),
          eq(users.status, 'active'),
          notBlockedFor(sellerId, productLikes.userId),
        ),
      )
      .limit(OFFER_LIMITS.likersMax);
    if (!likers.length) return 0;
    const now = nowDate(tx);
    // Likers whose earlier accepted offer ran out get the new one.
    await tx.db
      .update(offers)
      .set({ status: 'expired', updatedAt: now })
      .where(
        and(
          eq(offers.productId, post.id),
          eq(offers.status, 'accepted'),
          lte(offers.expiresAt, now),
        ),
      );
    const expiresAt = new Date(now.getTime() + OFFER_VALID_MS);
    const rows = await tx.db
      .insert(offers)
      .values(
        likers.map((l) => ({
          productId: post.id,
          sellerId,
          buyerId: l.id,
          amountMinor,
          selectedVariations,
          note: input.note ?? '',
          proposedBy: 'seller' as const,
          status: 'accepted' as const,
          expiresAt,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ buyerId: offers.buyerId });
    const excerpt = `offers you ${money(amountMinor, tx.env.CURRENCY)} for ${itemOf(post.title, selectedVariations)}, a post you liked: valid 48 hours.`;
    for (const row of rows) {
      await notify(tx, {
        userId: row.buyerId,
        kind: 'offer',
        actorId: sellerId,
        data: { productId: post.id, excerpt },
      });
    }
    return rows.length;
  });
  return {
    sent,
    message:
      sent === 0
        ? 'Nobody got this offer: no member who liked the post is without an open offer for it.'
        : `Your offer was sent to ${sent.toLocaleString('en-US')} ${sent === 1 ? 'member' : 'members'} who liked this post.`,
  };
}
