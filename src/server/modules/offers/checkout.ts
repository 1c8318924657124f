import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { OFFER_EXPIRED_MESSAGE } from '../../../shared/contracts/offer-rules';
import { offers } from '../../db/schema';
import { conflict, forbidden, validationError, type DbOrTx, type ModuleDeps } from '../core';
import { isExpired, offerNotFound } from './rows';

/** A cart line as checkout sees it: the post, how many, and the offer it names, if any. */
export interface OfferLine {
  productId: string;
  amount: number;
  /** The options chosen: an offer prices only a line with its own choice. */
  selectedVariations: Record<string, string>;
  offerId?: string | undefined;
}

/** The same choice of options (as many, each the same option). */
export function sameChoice(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

/** The offer that prices one line (by the line's index in the cart). */
export interface OfferPrice {
  offerId: string;
  priceMinor: number;
}

/**
 * Checkout's offer prices (docs/decisions/076): for each cart line, the buyer's accepted, unexpired,
 * unused offer for that post and that choice of options prices one item. A line naming an offer
 * (`offerId`) must be able to use it — the buyer's own, for that post and option, accepted,
 * within its 48 hours, quantity 1 — or the order is refused with a sentence saying why. A line
 * naming none gets the buyer's valid offer when its quantity is 1 and its options are the
 * offer's (the price they were promised), else the listed price: another option of the post is
 * charged as listed.
 * Read only: `claimOfferPrices` takes them in the order's transaction.
 */
export async function offerPrices(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  buyerId: string,
  lines: readonly OfferLine[],
): Promise<Map<number, OfferPrice>> {
  const now = new Date(deps.now());
  const named = lines.flatMap((l) => (l.offerId ? [l.offerId] : []));
  const postIds = [...new Set(lines.map((l) => l.productId))];
  const rows = postIds.length
    ? await deps.db
        .select()
        .from(offers)
        .where(
          or(
            named.length ? inArray(offers.id, named) : undefined,
            and(
              eq(offers.buyerId, buyerId),
              inArray(offers.productId, postIds),
              eq(offers.status, 'accepted'),
            ),
          ),
        )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const prices = new Map<number, OfferPrice>();
  const taken = new Set<string>();
  for (const [i, line] of lines.entries()) {
    if (!line.offerId) continue;
    const offer = byId.get(line.offerId);
    if (!offer) throw offerNotFound();
    if (offer.buyerId !== buyerId) {
      throw forbidden('This offer was made to another member: only they can use it.');
    }
    if (offer.productId !== line.productId)
      throw validationError('This offer is for another post.');
    if (!sameChoice(offer.selectedVariations, line.selectedVariations)) {
      throw validationError(
        'This offer is for another option of this post: choose the option you offered on, or pay the listed price.',
      );
    }
    if (offer.status === 'used' || taken.has(offer.id)) {
      throw validationError('This offer has already been used for an order.');
    }
    if (isExpired(offer, now)) throw validationError(OFFER_EXPIRED_MESSAGE, 'OFFER_EXPIRED');
    if (offer.status !== 'accepted') {
      throw validationError('This offer has not been accepted, so its price cannot be used yet.');
    }
    if (line.amount !== 1) {
      throw validationError('An offer is for one item: set the quantity of this post to 1.');
    }
    prices.set(i, { offerId: offer.id, priceMinor: offer.amountMinor });
    taken.add(offer.id);
  }
  for (const [i, line] of lines.entries()) {
    if (line.offerId || line.amount !== 1) continue;
    const offer = rows.find(
      (r) =>
        r.buyerId === buyerId &&
        r.productId === line.productId &&
        sameChoice(r.selectedVariations, line.selectedVariations) &&
        r.status === 'accepted' &&
        !isExpired(r, now) &&
        !taken.has(r.id),
    );
    if (!offer) continue;
    prices.set(i, { offerId: offer.id, priceMinor: offer.amountMinor });
    taken.add(offer.id);
  }
  return prices;
}

/**
 * In the order's transaction: the offers used become `used` by that order — only if still
 * accepted and unexpired (a second checkout racing for the same offer is refused, whole).
 */
export async function claimOfferPrices(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  orderId: string,
  prices: ReadonlyMap<number, OfferPrice>,
): Promise<void> {
  const ids = [...prices.values()].map((p) => p.offerId);
  if (!ids.length) return;
  const now = new Date(deps.now());
  const claimed = await deps.db
    .update(offers)
    .set({ status: 'used', orderId, updatedAt: now })
    .where(
      and(
        inArray(offers.id, ids),
        eq(offers.status, 'accepted'),
        isNull(offers.orderId),
        gt(offers.expiresAt, now),
      ),
    )
    .returning({ id: offers.id });
  if (claimed.length !== ids.length) {
    throw conflict('This offer was just used for another order, or has expired. Reload your cart.');
  }
}

/**
 * An unpaid order cancelled or expired gives its offers back (their 48 hours unchanged), unless
 * the pair opened a new offer meanwhile (one open offer per pair).
 */
export async function releaseOrderOffers(db: DbOrTx, orderId: string, now: Date): Promise<void> {
  await db
    .update(offers)
    .set({ status: 'accepted', orderId: null, updatedAt: now })
    .where(
      and(
        eq(offers.orderId, orderId),
        eq(offers.status, 'used'),
        // Written out: the subquery's own columns would shadow unqualified outer ones.
        sql`not exists (select 1 from offers o where o.buyer_id = offers.buyer_id and o.product_id = offers.product_id and o.status in ('pending', 'accepted'))`,
      ),
    );
}

/** The priced cart lines with the offers' prices in place of the listed ones (those marked `offered`). */
export const withOfferPrices = <L extends { priceMinor: number }>(
  lines: readonly L[],
  prices: ReadonlyMap<number, OfferPrice>,
): (L & { offered?: boolean })[] =>
  lines.map((l, i) =>
    prices.has(i) ? { ...l, priceMinor: prices.get(i)!.priceMinor, offered: true } : l,
  );
