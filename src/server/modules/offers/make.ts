import { and, eq, inArray, lte } from 'drizzle-orm';
import {
  OFFER_VALID_MS,
  type Offer,
  type OfferInput,
  type OfferRespondInput,
} from '../../../shared/contracts/offers';
import { toMinor } from '../../../shared/money';
import { offers, type OfferRow } from '../../db/schema';
import {
  conflict,
  forbidden,
  inTransaction,
  nowDate,
  uniqueViolation,
  validationError,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { notify } from '../notifications';
import { assertNotBlocked } from '../social';
import { checkBelowPrice, listedPost } from './post';
import { money, offerNotFound, readOffer } from './rows';

export const OPEN_OFFER_EXISTS =
  'You already have an open offer for this post: wait for the answer, or use the accepted offer within 48 hours.';

/** A lost race on "one open offer per buyer and post" reads like the check before it. */
const openOfferRace = (err: unknown) => {
  if (uniqueViolation(err)?.includes('offers_open_unique_idx')) throw conflict(OPEN_OFFER_EXISTS);
  throw err;
};

/** The pair's accepted offers whose 48 hours passed unused become `expired` (no longer open). */
async function expireStale(db: DbOrTx, buyerId: string, productId: string, now: Date) {
  await db
    .update(offers)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(offers.buyerId, buyerId),
        eq(offers.productId, productId),
        eq(offers.status, 'accepted'),
        lte(offers.expiresAt, now),
      ),
    );
}

/**
 * POST /offers: a signed-in member offers a price for a listed post that takes offers — not their
 * own, below its price, one open offer (pending or accepted) per buyer and post. The seller is
 * notified (their digest mail). Refused when either has blocked the other.
 */
export async function makeOffer(deps: ModuleDeps, buyerId: string, input: OfferInput) {
  const id = await inTransaction(deps, async (tx) => {
    const post = await listedPost(tx.db, input.postId);
    if (post.userId === buyerId)
      throw validationError('You cannot make an offer on your own post.');
    if (!post.allowOffers) throw validationError('This post does not take offers.');
    const amountMinor = toMinor(input.amount);
    checkBelowPrice(amountMinor, post.priceMinor, tx.env.CURRENCY);
    await assertNotBlocked(tx.db, buyerId, post.userId);
    const now = nowDate(tx);
    await expireStale(tx.db, buyerId, post.id, now);
    const [open] = await tx.db
      .select({ id: offers.id })
      .from(offers)
      .where(
        and(
          eq(offers.buyerId, buyerId),
          eq(offers.productId, post.id),
          inArray(offers.status, ['pending', 'accepted']),
        ),
      )
      .limit(1);
    // Checked for the message; two offers racing are kept apart by the unique index.
    if (open) throw conflict(OPEN_OFFER_EXISTS);
    const [row] = await tx.db
      .insert(offers)
      .values({
        productId: post.id,
        sellerId: post.userId,
        buyerId,
        amountMinor,
        note: input.note ?? '',
        proposedBy: 'buyer',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: offers.id });
    await notify(tx, {
      userId: post.userId,
      kind: 'offer',
      actorId: buyerId,
      data: {
        productId: post.id,
        excerpt: `offers ${money(amountMinor, tx.env.CURRENCY)} for “${post.title}”.`,
      },
    });
    return row!.id;
  }).catch(openOfferRace);
  return readOffer(deps.db, id, nowDate(deps));
}

const SAID = {
  accept: (amount: string, title: string) =>
    `accepted the offer of ${amount} for “${title}”: it holds for 48 hours.`,
  decline: (amount: string, title: string) => `declined the offer of ${amount} for “${title}”.`,
  withdraw: (amount: string, title: string) => `withdrew the offer of ${amount} for “${title}”.`,
  counter: (amount: string, title: string) => `counters with ${amount} for “${title}”.`,
} as const;

/**
 * POST /offers/respond: the side that did not make a pending offer accepts it (the buyer's price
 * for 48 hours), declines it, or counters with a new amount (a new pending offer the other side
 * answers). The proposer is notified. Someone else's offer is not found (no hint it exists).
 */
export async function respondToOffer(
  deps: ModuleDeps,
  userId: string,
  input: OfferRespondInput,
): Promise<Offer> {
  const id = await inTransaction(deps, async (tx) => {
    const [offer] = await tx.db
      .select()
      .from(offers)
      .where(eq(offers.id, input.id))
      .limit(1)
      .for('update');
    if (!offer || (offer.buyerId !== userId && offer.sellerId !== userId)) throw offerNotFound();
    const side = offer.sellerId === userId ? 'seller' : 'buyer';
    // The maker may only take a pending offer back; only the other side answers it.
    if ((offer.proposedBy === side) !== (input.action === 'withdraw')) {
      throw forbidden(
        input.action === 'withdraw'
          ? 'Only the member who made this offer can withdraw it.'
          : 'You made this offer: the other side answers it.',
      );
    }
    if (offer.status !== 'pending') throw conflict('This offer has already been answered.');
    const post = await listedPost(tx.db, offer.productId);
    await assertNotBlocked(tx.db, userId, side === 'seller' ? offer.buyerId : offer.sellerId);
    const now = nowDate(tx);
    const other = side === 'seller' ? offer.buyerId : offer.sellerId;
    const tell = (excerpt: string) =>
      notify(tx, {
        userId: other,
        kind: 'offer',
        actorId: userId,
        data: { productId: post.id, excerpt },
      });

    if (input.action === 'counter') {
      const amountMinor = toMinor(input.amount!);
      checkBelowPrice(amountMinor, post.priceMinor, tx.env.CURRENCY);
      await closeOffer(tx.db, offer, 'countered', now);
      const [row] = await tx.db
        .insert(offers)
        .values({
          productId: offer.productId,
          sellerId: offer.sellerId,
          buyerId: offer.buyerId,
          amountMinor,
          note: input.note ?? '',
          proposedBy: side,
          counterOf: offer.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: offers.id });
      await tell(SAID.counter(money(amountMinor, tx.env.CURRENCY), post.title));
      return row!.id;
    }
    const accepted = input.action === 'accept';
    await tx.db
      .update(offers)
      .set({
        status: accepted ? 'accepted' : input.action === 'withdraw' ? 'withdrawn' : 'declined',
        expiresAt: accepted ? new Date(now.getTime() + OFFER_VALID_MS) : null,
        updatedAt: now,
      })
      .where(eq(offers.id, offer.id));
    await tell(SAID[input.action](money(offer.amountMinor, tx.env.CURRENCY), post.title));
    return offer.id;
  });
  return readOffer(deps.db, id, nowDate(deps));
}

async function closeOffer(db: DbOrTx, offer: OfferRow, status: 'countered', now: Date) {
  await db.update(offers).set({ status, updatedAt: now }).where(eq(offers.id, offer.id));
}
