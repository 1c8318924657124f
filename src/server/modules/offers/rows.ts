import { and, desc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Offer, PageOffer } from '../../../shared/contracts/offers';
import { OFFER_LIMITS } from '../../../shared/contracts/offer-rules';
import { formatMoney } from '../../../shared/format';
import { toMajor } from '../../../shared/money';
import { postPath } from '../../../shared/post-path';
import { offers, products, users, type OfferRow } from '../../db/schema';
import { optionPriceMinor } from '../catalog';
import { notFound, validationError, type DbOrTx } from '../core';

export const offerNotFound = () =>
  notFound('This offer could not be found. It may have been withdrawn.', 'OFFER_NOT_FOUND');

const sellers = alias(users, 'offer_sellers');
const buyers = alias(users, 'offer_buyers');

/** An accepted offer whose 48 hours have passed (the row may still say `accepted`). */
export const isExpired = (row: Pick<OfferRow, 'status' | 'expiresAt'>, now: Date) =>
  row.status === 'expired' ||
  (row.status === 'accepted' && row.expiresAt !== null && row.expiresAt <= now);

/** Offers with their post and both people, newest first, as the wire shows them. */
export async function readOffers(db: DbOrTx, where: SQL | undefined, now: Date): Promise<Offer[]> {
  const rows = await db
    .select({
      offer: offers,
      title: products.title,
      shortId: products.shortId,
      priceMinor: products.priceMinor,
      shippingMinor: products.shippingMinor,
      variations: products.variations,
      seller: { id: sellers.id, username: sellers.username, name: sellers.name },
      buyer: { id: buyers.id, username: buyers.username, name: buyers.name },
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .innerJoin(buyers, eq(buyers.id, offers.buyerId))
    .where(where)
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(OFFER_LIMITS.listMax);
  return rows.map((r) => ({
    _id: r.offer.id,
    product: {
      _id: r.offer.productId,
      title: r.title,
      path: postPath(r.seller.username, { title: r.title, shortId: r.shortId }),
      price: toMajor(r.priceMinor),
      shippingCost: toMajor(r.shippingMinor),
    },
    seller: { _id: r.seller.id, username: r.seller.username, name: r.seller.name },
    buyer: { _id: r.buyer.id, username: r.buyer.username, name: r.buyer.name },
    amount: toMajor(r.offer.amountMinor),
    // An option renamed since (the choice no longer resolves) compares with the post's price.
    listedPrice: toMajor(optionPriceMinor(r, r.offer.selectedVariations) ?? r.priceMinor),
    selectedVariations: r.offer.selectedVariations,
    note: r.offer.note,
    proposedBy: r.offer.proposedBy,
    status: isExpired(r.offer, now) ? 'expired' : r.offer.status,
    counterOf: r.offer.counterOf,
    expiresAt: r.offer.expiresAt?.toISOString() ?? null,
    expired: isExpired(r.offer, now),
    createdAt: r.offer.createdAt.toISOString(),
    updatedAt: r.offer.updatedAt.toISOString(),
  }));
}

export async function readOffer(db: DbOrTx, id: string, now: Date): Promise<Offer> {
  const [offer] = await readOffers(db, eq(offers.id, id), now);
  if (!offer) throw offerNotFound();
  return offer;
}

/**
 * GET /offers: received (I sell) and sent (I buy), newest first; with `withId`, only those whose
 * other side is that member (the conversation's offers). Every row has me as one side, so nobody
 * reads an offer they are not party to; asking about a third pair gives empty lists.
 */
export async function listMyOffers(db: DbOrTx, userId: string, now: Date, withId?: string) {
  if (withId !== undefined && withId.toLowerCase() === userId.toLowerCase()) {
    throw validationError('Choose another member: offers are between a seller and a buyer.');
  }
  const [received, sent] = await Promise.all([
    readOffers(
      db,
      and(eq(offers.sellerId, userId), withId ? eq(offers.buyerId, withId) : undefined),
      now,
    ),
    readOffers(
      db,
      and(eq(offers.buyerId, userId), withId ? eq(offers.sellerId, withId) : undefined),
      now,
    ),
  ]);
  return { received, sent };
}

/**
 * GET /me/page-state's offers: the buyer's open offers on `postIds` (pending, or accepted and
 * not expired), so a post page can say "Offer sent" or sell at the accepted price instead of
 * offering a form the server would refuse (one open offer per buyer and post). One index range
 * of offers_open_unique_idx's rows (buyer first).
 */
export async function openOffersOn(
  db: DbOrTx,
  buyerId: string,
  postIds: readonly string[],
  now: Date,
): Promise<PageOffer[]> {
  const rows = await db
    .select({
      id: offers.id,
      productId: offers.productId,
      amountMinor: offers.amountMinor,
      selectedVariations: offers.selectedVariations,
      proposedBy: offers.proposedBy,
      status: offers.status,
      expiresAt: offers.expiresAt,
    })
    .from(offers)
    .where(
      and(
        eq(offers.buyerId, buyerId),
        inArray(offers.productId, [...postIds]),
        or(
          eq(offers.status, 'pending'),
          and(
            eq(offers.status, 'accepted'),
            or(isNull(offers.expiresAt), gt(offers.expiresAt, now)),
          ),
        ),
      ),
    );
  return rows.map((r) => ({
    _id: r.id,
    postId: r.productId,
    amount: toMajor(r.amountMinor),
    selectedVariations: r.selectedVariations,
    proposedBy: r.proposedBy,
    status: r.status === 'accepted' ? 'accepted' : 'pending',
    expiresAt: r.expiresAt?.toISOString() ?? null,
  }));
}

/** "$12.00" in the app's currency. */
export const money = (minor: number, currency: string) => formatMoney(toMajor(minor), currency);

/** “Lamp” or, for an offer on an option, “Lamp” (Size: M). */
export const itemOf = (title: string, selected: Record<string, string>) => {
  const choice = Object.entries(selected).map(([name, option]) => `${name}: ${option}`);
  return choice.length ? `“${title}” (${choice.join(', ')})` : `“${title}”`;
};
