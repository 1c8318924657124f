import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Order } from '../../../shared/contracts/commerce';
import type { Attribution } from '../../../shared/contracts/insights';
import { COMMERCE_LIMITS } from '../../../shared/contracts/commerce-rules';
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
import { orderFigures } from './order-figures';
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
  /** Stored on the order; a repeat is answered before placing (place-order-once.ts, ADR 077). */
  idempotencyKey?: string | undefined;
}

export const addressNotFound = () =>
  notFound(
    'This address could not be found. Choose one of your saved addresses.',
    'ADDRESS_NOT_FOUND',
  );

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

/** The lines of a cart as the stock sees them. */
export const stockLines = (items: PlaceOrderInput['items']): StockLine[] =>
  items.map((i) => ({
    productId: i._id,
    amount: i.amount,
    selectedVariations: i.selectedVariations,
  }));

/**
 * What may change the cart's prices, read without a lock (POST /orders and the preview): the
 * cart sellers' codes of the typed name, and the buyer's accepted offers (docs/decisions/076),
 * which are taken in the order's transaction.
 */
export async function cartTerms(
  deps: ModuleDeps,
  buyerId: string,
  input: Pick<PlaceOrderInput, 'items' | 'discountCode'>,
  quoted: PricedLine[],
) {
  const [codes, offered] = await Promise.all([
    input.discountCode ? findCartCodes(deps.db, sellersOf(quoted), input.discountCode) : [],
    offerPrices(
      deps,
      buyerId,
      // Accepted offers price their lines (docs/decisions/076); taken in the order's transaction.
      input.items.map((i) => ({ ...i, productId: i._id })),
    ),
  ]);
  return { codes, offered };
}

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
  const lines = stockLines(input.items);
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
  const [plans, { codes, offered }] = await Promise.all([
    plansOf(deps, sellersOf(quoted)),
    cartTerms(deps, buyerId, input, quoted),
  ]);

  const placed = await inTransaction(deps, async (tx) => {
    // First: the buyer's row is locked and their open orders counted (ADR 052), never a post's;
    // then the codes' uses (their rows), and the stock last.
    await refuseTooManyUnpaid(tx, buyerId);
    const offeredLines = withOfferPrices(quoted, offered);
    // A code never discounts a line an offer priced (docs/decisions/073, 076).
    const applied = discountsFor(deps, await redeemCodes(tx, buyerId, codes), offeredLines);
    const written = await writeOrder(tx, buyer, offeredLines, plans, input, applied, offered);
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
      return writeOrder(tx, buyer, offeredLines, plansNow, input, applied, offered);
    });
  });
  // Stock changed: lists showing "sold out" or counts must not serve the old answer; the
  // sellers' pages are refreshed behind their visitors (a soft change).
  invalidateCatalogStock(deps, placed.sellers);
  return placed.order;
}

/**
 * The order's rows (order, one transaction per seller, items, its expiry job): 4 inserts; then
 * the accepted offers that priced its lines are taken by it.
 */
async function writeOrder(
  deps: ModuleDeps,
  buyer: Buyer,
  priced: PricedLine[],
  plans: Awaited<ReturnType<typeof plansOf>>,
  { attribution = [], idempotencyKey }: Pick<PlaceOrderInput, 'attribution' | 'idempotencyKey'>,
  applied: ReadonlyMap<string, AppliedDiscount>,
  offered: Awaited<ReturnType<typeof offerPrices>>,
) {
  // The same figures POST /discounts/preview answers (order-figures.ts).
  const figures = orderFigures(deps, priced, applied);
  const groups = figures.parts;
  const credits = await creditParts(
    deps,
    groups.map(({ sellerId, lines }) => ({ sellerId, postIds: lines.map((l) => l.productId) })),
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
      subtotalMinor: figures.subtotal,
      discountMinor: figures.discount,
      shippingMinor: figures.shipping,
      taxMinor: figures.tax,
      grandTotalMinor: figures.grandTotal,
      shippingAddress: buyer.shipping.address,
      billingAddress: buyer.billing.address,
      paymentProvider: paymentsOf(deps).provider,
      expiresAt: new Date(at.getTime() + COMMERCE_LIMITS.holdMinutes * 60_000),
      idempotencyKey: idempotencyKey ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  // Ids made here so that the items can name their part in the same single insert.
  const partIds = groups.map(() => randomUUID());
  const parts = await db
    .insert(transactions)
    .values(
      groups.map((part, i) => {
        const { sellerId, lines } = part;
        // The seller's plan at the time of purchase sets the fee (a later upgrade does not change it).
        const feeBps = plans.get(sellerId)!.limits.platformFeeBps;
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
          discountCode: part.discountCode,
          discountMinor: part.discount,
          shippingMinor: part.shipping,
          taxMinor: part.tax,
          totalMinor: part.total,
          // The fee is on what the seller earns: the items less the discount, and shipping.
          platformFeeMinor: platformFeeMinor(part.earned, feeBps),
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
      groups.flatMap(({ lines }, i) =>
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
  await claimOfferPrices(deps, order!.id, offered);
  return { order: placedOrder(order!, parts, items), sellers: groups.map((g) => g.sellerId) };
}
