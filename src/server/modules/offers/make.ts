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
import { assertNotBlocked, isBlockedEitherWay } from '../social';
import { checkBelowPrice, choicePriceMinor, listedPost, postTitle } from './post';
import { itemOf, money, offerNotFound, readOffer } from './rows';

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
    const selectedVariations = input.selectedVariations ?? {};
    checkBelowPrice(amountMinor, choicePriceMinor(post, selectedVariations), tx.env.CURRENCY);
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
        selectedVariations,
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
        excerpt: `offers ${money(amountMinor, tx.env.CURRENCY)} for ${itemOf(post.title, selectedVariations)}.`,
      },
    });
    return row!.id;
  }).catch(openOfferRace);
  return readOffer(deps.db, id, nowDate(deps));
}

/** A counter to an offer whose option the seller has since renamed or removed. */
const STALE_CHOICE =
  'The options of this post have changed since this offer was made: decline it, and an offer can be made on one of the options there are now.';

const SAID = {
  accept: (amount: string, item: string) =>
    `accepted the offer of ${amount} for ${item}: it holds for 48 hours.`,
  decline: (amount: string, item: string) => `declined the offer of ${amount} for ${item}.`,
  withdraw: (amount: string, item: string) => `withdrew the offer of ${amount} for ${item}.`,
  counter: (amount: string, item: string) => `counters with ${amount} for ${item}.`,
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
    const now = nowDate(tx);
    const other = side === 'seller' ? offer.buyerId : offer.sellerId;
    const tell = (productId: string, excerpt: string) =>
      notify(tx, { userId: other, kind: 'offer', actorId: userId, data: { productId, excerpt } });
    const amount = money(offer.amountMinor, tx.env.CURRENCY);

    // Taking one's own offer back needs nothing of the post or the other side: it works when the
    // post is no longer listed and when either has blocked the other (docs/decisions/076).
    if (input.action === 'withdraw') {
      await setStatus(tx.db, offer, 'withdrawn', now);
      const title = await postTitle(tx.db, offer.productId);
      if (!(await isBlockedEitherWay(tx.db, userId, other))) {
        await tell(offer.productId, SAID.withdraw(amount, itemOf(title, offer.selectedVariations)));
      }
      return offer.id;
    }
    const post = await listedPost(tx.db, offer.productId);
    await assertNotBlocked(tx.db, userId, other);
    const item = itemOf(post.title, offer.selectedVariations);

    if (input.action === 'counter') {
      const amountMinor = toMinor(input.amount!);
      checkBelowPrice(
        amountMinor,
        choicePriceMinor(post, offer.selectedVariations, STALE_CHOICE),
        tx.env.CURRENCY,
      );
      await setStatus(tx.db, offer, 'countered', now);
      const [row] = await tx.db
        .insert(offers)
        .values({
          productId: offer.productId,
          sellerId: offer.sellerId,
          buyerId: offer.buyerId,
          amountMinor,
          selectedVariations: offer.selectedVariations,
          note: input.note ?? '',
          proposedBy: side,
          counterOf: offer.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: offers.id });
      await tell(post.id, SAID.counter(money(amountMinor, tx.env.CURRENCY), item));
      return row!.id;
    }
    const accepted = input.action === 'accept';
    await setStatus(tx.db, offer, accepted ? 'accepted' : 'declined', now);
    await tell(post.id, SAID[input.action](amount, item));
    return offer.id;
  });
  return readOffer(deps.db, id, nowDate(deps));
}

/** An answer's new status; an accepted offer holds for 48 hours from now. */
async function setStatus(
  db: DbOrTx,
  offer: OfferRow,
  status: 'accepted' | 'declined' | 'countered' | 'withdrawn',
  now: Date,
) {
  await db
    .update(offers)
    .set({
      status,
      expiresAt: status === 'accepted' ? new Date(now.getTime() + OFFER_VALID_MS) : null,
      updatedAt: now,
    })
    .where(eq(offers.id, offer.id));
}
