import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Order } from '../../../shared/contracts/commerce';
import type { Attribution } from '../../../shared/contracts/insights';
import { COMMERCE_LIMITS } from '../../../shared/contracts/commerce-rules';
import { cartTotalsMinor, orderTaxShares } from '../../../shared/cart';
import { formatMoney } from '../../../shared/format';
import { toMajor } from '../../../shared/money';
import {
  addresses,
  orderItems,
  orders,
  transactions,
  users,
  type AddressRow,
} from '../../db/schema';
import {
  invalidateCatalogStock,
  quoteLines,
  refuseProblemLines,
  reserveStock,
  takeQuotedStock,
  type PricedLine,
  type StockLine,
} from '../catalog';
import { plansOf } from '../entitlements';
import { claimOfferPrices, offerPrices, withOfferPrices } from '../offers';
import { creditParts, recordSaleEvents } from '../insights';
import { platformFeeMinor } from '../../../shared/plans';
import {
  enqueueJob,
  inTransaction,
  notFound,
  nowDate,
  type DbOrTx,
  unauthorized,
  validationError,
  type ModuleDeps,
} from '../core';
import {
  discountsFor,
  findCartCodes,
  recordRedemptions,
  redeemCodes,
  type AppliedDiscount,
} from './discount-apply';
import { expireOrderJob } from './lifecycle-jobs';
import { paymentsOf } from './payments';
import { placedOrder } from './rows';
import { refuseTooManyUnpaid } from './unpaid-orders';

export interface PlaceOrderInput {
  items: {
    _id: string;
    amount: number;
    selectedVariations: Record<string, string>;
    offerId?: string | undefined;
  }[];
  shippingAddressId: string;
  billingAddressId?: string | undefined;
  /** The cart lines' credits (docs/decisions/071): each seller's part gets its newest. */
  attribution?: Attribution[] | undefined;
  /** A seller's discount code (docs/decisions/073): applies to its owner's part. */
  discountCode?: string | undefined;
}

export const addressNotFound = () =>
  notFound(
    'This address could not be found. Choose one of your saved addresses.',
    'ADDRESS_NOT_FOUND',
  );

const cents = (minor: number) => toMajor(minor);

/**
 * The most one order may total, in minor units: the largest amount a card payment takes (Stripe's
 * limit, $999,999.99 in USD). It also keeps every total well inside the database's integer columns.
 */
export const ORDER_TOTAL_MAX_MINOR = 99_999_999;

interface Buyer {
  id: string;
  name: string;
  email: string;
  shipping: AddressRow;
  billing: AddressRow;
}

/** The posts changed between pricing and taking stock: this attempt rolls back. */
class StockMoved extends Error {}

const sellersOf = (priced: PricedLine[]) => [...new Set(priced.map((l) => l.sellerId!))];

/**
 * POST /orders (docs/decisions/026, 047). Everything is read and checked first, without a lock:
 * the buyer, their addresses, the posts priced from the database (whatever the client sent) and
 * the sellers' plans. Then one short transaction writes the order split into one transaction per
 * seller carrying copies of each line (title, unit price with options, variation, image) — one
 * insert per table — and, last before the commit, takes the stock with a conditional UPDATE, so
 * a popular post's row is locked for that statement and the commit only. When the posts changed
 * in between (sold out meanwhile, repriced, unpublished) that attempt rolls back whole and the
 * order is placed again the old way, locking the posts before pricing them, which either
 * succeeds or refuses with the exact reason. The order's tax is computed on the whole cart (what
 * the buyer saw) and shared among the sellers so the parts add up exactly. Unpaid, it releases
 * its stock after COMMERCE_LIMITS.holdMinutes (commerce.expire-order); a member holds at most
 * COMMERCE_LIMITS.unpaidOrdersMax unpaid orders (docs/decisions/052).
 */
export async function placeOrder(
  deps: ModuleDeps,
  buyerId: string,
  input: PlaceOrderInput,
): Promise<Order> {
  const lines: StockLine[] = input.items.map((i) => ({
    productId: i._id,
    amount: i.amount,
    selectedVariations: i.selectedVariations,
  }));
  const shippingId = input.shippingAddressId;
  const billingId = input.billingAddressId ?? shippingId;
  const [[person], book, quoted] = await Promise.all([
    deps.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, buyerId))
      .limit(1),
    deps.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, buyerId), inArray(addresses.id, [shippingId, billingId]))),
    quoteLines(deps.db, buyerId, lines),
  ]);
  if (!person) throw unauthorized('Please log in to do that.');
  const shipping = book.find((a) => a.id === shippingId);
  const billing = book.find((a) => a.id === billingId);
  if (!shipping || !billing) throw addressNotFound();
  refuseProblemLines(quoted);
  const buyer: Buyer = { id: buyerId, ...person, shipping, billing };
  const [plans, codes, offered] = await Promise.all([
    plansOf(deps, sellersOf(quoted)),
    input.discountCode ? findCartCodes(deps.db, sellersOf(quoted), input.discountCode) : [],
    // Accepted offers price their lines (docs/decisions/076); taken in the order's transaction.
    offerPrices(deps, buyerId, input.items.map((i) => ({ ...i, productId: i._id }))),
  ]);

  const placed = await inTransaction(deps, async (tx) => {
    // First: the buyer's row is locked and their open orders counted (ADR 052), never a post's;
    // then the codes' uses (their rows), and the stock last.
    await refuseTooManyUnpaid(tx, buyerId);
    const offeredLines = withOfferPrices(quoted, offered);
    // A code never discounts a line an offer priced (docs/decisions/073, 076).
    const applied = discountsFor(deps, await redeemCodes(tx, buyerId, codes), offeredLines);
    const written = await writeOrder(tx, buyer, offeredLines, plans, input.attribution ?? [], applied);
    await claimOfferPrices(tx, written.order._id, offered);
    if (!(await takeQuotedStock(tx.db, buyerId, lines, quoted))) throw new StockMoved();
    return written;
  }).catch(async (err: unknown) => {
    if (!(err instanceof StockMoved)) throw err;
    return inTransaction(deps, async (tx) => {
      await refuseTooManyUnpaid(tx, buyerId);
      const taken = await redeemCodes(tx, buyerId, codes);
      const offeredLines = withOfferPrices(await reserveStock(tx, buyerId, lines), offered);
      const applied = discountsFor(deps, taken, offeredLines);
      const plansNow = await plansOf(tx, sellersOf(offeredLines));
      const written = await writeOrder(tx, buyer, offeredLines, plansNow, input.attribution ?? [], applied);
      await claimOfferPrices(tx, written.order._id, offered);
      return written;
    });
  });
  // Stock changed: lists showing "sold out" or counts must not serve the old answer; the
  // sellers' pages are refreshed behind their visitors (a soft change).
  invalidateCatalogStock(deps, placed.sellers);
  return placed.order;
}

/** The order's rows (order, one transaction per seller, items, its expiry job): 4 inserts. */
async function writeOrder(
  deps: ModuleDeps,
  buyer: Buyer,
  priced: PricedLine[],
  plans: Awaited<ReturnType<typeof plansOf>>,
  attribution: readonly Attribution[],
  applied: ReadonlyMap<string, AppliedDiscount>,
) {
  const minorLine = (l: PricedLine) => ({
    amount: l.amount,
    price: cents(l.priceMinor),
    shippingCost: cents(l.shippingMinor),
  });
  const bySeller = new Map<string, PricedLine[]>();
  for (const line of priced)
    bySeller.set(line.sellerId!, [...(bySeller.get(line.sellerId!) ?? []), line]);
  const groups = [...bySeller.entries()];
  const partTotals = groups.map(([, lines]) => cartTotalsMinor(lines.map(minorLine)));
  const off = groups.map(([sellerId]) => applied.get(sellerId)?.minor ?? 0);
  // Tax on each part's discounted items plus shipping (docs/decisions/073); the shares add up to
  // the same half-up tenth of the whole, as the buyer saw it.
  const taxes = orderTaxShares(partTotals.map((p, i) => p.subtotal - off[i]! + p.shipping));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const subtotal = sum(partTotals.map((p) => p.subtotal));
  const shipping = sum(partTotals.map((p) => p.shipping));
  const totals = { subtotal, discount: sum(off), shipping, tax: sum(taxes) };
  const grandTotal = subtotal - totals.discount + shipping + totals.tax;
  if (grandTotal > ORDER_TOTAL_MAX_MINOR) {
    const max = formatMoney(toMajor(ORDER_TOTAL_MAX_MINOR), deps.env.CURRENCY);
    throw validationError(`An order can total at most ${max}: place it as several smaller orders.`);
  }

  const credits = await creditParts(
    deps,
    groups.map(([sellerId, lines]) => ({ sellerId, postIds: lines.map((l) => l.productId) })),
    attribution,
  );
  const db: DbOrTx = deps.db;
  const at = nowDate(deps);
  const [order] = await db
    .insert(orders)
    .values({
      buyerId: buyer.id,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      status: 'pending',
      currency: deps.env.CURRENCY,
      subtotalMinor: totals.subtotal,
      discountMinor: totals.discount,
      shippingMinor: totals.shipping,
      taxMinor: totals.tax,
      grandTotalMinor: grandTotal,
      shippingAddress: buyer.shipping.address,
      billingAddress: buyer.billing.address,
      paymentProvider: paymentsOf(deps).provider,
      expiresAt: new Date(at.getTime() + COMMERCE_LIMITS.holdMinutes * 60_000),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  // Ids made here so that the items can name their part in the same single insert.
  const partIds = groups.map(() => randomUUID());
  const parts = await db
    .insert(transactions)
    .values(
      groups.map(([sellerId, lines], i) => {
        const part = partTotals[i]!;
        // The seller's plan at the time of purchase sets the fee (a later upgrade does not change it).
        const feeBps = plans.get(sellerId)!.limits.platformFeeBps;
        // What the seller earns: the items less the discount, and shipping; the fee is on that.
        const earned = part.subtotal - off[i]! + part.shipping;
        return {
          id: partIds[i]!,
          orderId: order!.id,
          sellerId,
          sellerName: lines[0]!.sellerName ?? '',
          sellerUsername: lines[0]!.sellerUsername ?? '',
          buyerId: buyer.id,
          buyerName: buyer.name,
          status: 'pending' as const,
          subtotalMinor: part.subtotal,
          discountCode: applied.get(sellerId)?.code ?? null,
          discountMinor: off[i]!,
          shippingMinor: part.shipping,
          taxMinor: taxes[i]!,
          totalMinor: earned + taxes[i]!,
          platformFeeMinor: platformFeeMinor(earned, feeBps),
          source: credits.get(sellerId)!.source,
          sourcePostId: credits.get(sellerId)!.postId,
          sourceLinkId: credits.get(sellerId)!.linkId,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning();
  const items = await db
    .insert(orderItems)
    .values(
      groups.flatMap(([, lines], i) =>
        lines.map((l) => ({
          orderId: order!.id,
          transactionId: partIds[i]!,
          productId: l.productId,
          title: l.title ?? '',
          image: l.image,
          priceMinor: l.priceMinor,
          shippingMinor: l.shippingMinor,
          amount: l.amount,
          selectedVariations: l.selectedVariations,
        })),
      ),
    )
    .returning();
  await recordRedemptions(deps, buyer.id, order!.id, parts, applied);
  await recordSaleEvents(deps, 'checkout', parts);
  await enqueueJob(deps, expireOrderJob, { orderId: order!.id }, { runAt: order!.expiresAt });
  return { order: placedOrder(order!, parts, items), sellers: groups.map(([id]) => id) };
}
