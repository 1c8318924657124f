import { and, eq, inArray } from 'drizzle-orm';
import type { Order } from '../../../shared/contracts/commerce';
import { COMMERCE_LIMITS } from '../../../shared/contracts/commerce-rules';
import { cartTotalsMinor, orderTaxShares } from '../../../shared/cart';
import { formatMoney } from '../../../shared/format';
import { toMajor } from '../../../shared/money';
import { addresses, orderItems, orders, transactions, users } from '../../db/schema';
import { invalidateCatalogStock, reserveStock, type PricedLine } from '../catalog';
import { planOf } from '../entitlements';
import { platformFeeMinor } from '../../../shared/plans';
import {
  enqueueJob,
  inTransaction,
  notFound,
  nowDate,
  unauthorized,
  validationError,
  type ModuleDeps,
} from '../core';
import { expireOrderJob } from './lifecycle-jobs';
import { paymentsOf } from './payments';
import { ordersWithParts } from './rows';

export interface PlaceOrderInput {
  items: { _id: string; amount: number; selectedVariations: Record<string, string> }[];
  shippingAddressId: string;
  billingAddressId?: string | undefined;
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

/**
 * POST /orders. In one transaction: the buyer's own addresses are copied, the posts are locked and
 * priced from the database (whatever the client sent), stock is taken, and the order is split
 * into one transaction per seller carrying copies of each line (title, unit price with options,
 * variation, image). The order's tax is computed on the whole cart (what the buyer saw) and shared
 * among the sellers so the parts add up exactly. Unpaid, it releases its stock after
 * COMMERCE_LIMITS.holdMinutes (commerce.expire-order).
 */
export async function placeOrder(
  deps: ModuleDeps,
  buyerId: string,
  input: PlaceOrderInput,
): Promise<Order> {
  const ids = [
    ...new Set([input.shippingAddressId, input.billingAddressId ?? input.shippingAddressId]),
  ];
  const { order, sellers } = await inTransaction(deps, async (tx) => {
    const [buyer] = await tx.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, buyerId))
      .limit(1);
    if (!buyer) throw unauthorized('Please log in to do that.');
    const book = await tx.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, buyerId), inArray(addresses.id, ids)));
    const shipping = book.find((a) => a.id === input.shippingAddressId);
    const billing = book.find((a) => a.id === (input.billingAddressId ?? input.shippingAddressId));
    if (!shipping || !billing) throw addressNotFound();

    const priced = await reserveStock(
      tx,
      buyerId,
      input.items.map((i) => ({
        productId: i._id,
        amount: i.amount,
        selectedVariations: i.selectedVariations,
      })),
    );
    const minorLine = (l: PricedLine) => ({
      amount: l.amount,
      price: cents(l.priceMinor),
      shippingCost: cents(l.shippingMinor),
    });
    const totals = cartTotalsMinor(priced.map(minorLine));
    if (totals.grandTotal > ORDER_TOTAL_MAX_MINOR) {
      const max = formatMoney(toMajor(ORDER_TOTAL_MAX_MINOR), deps.env.CURRENCY);
      throw validationError(
        `An order can total at most ${max}: place it as several smaller orders.`,
      );
    }
    const bySeller = new Map<string, PricedLine[]>();
    for (const line of priced)
      bySeller.set(line.sellerId!, [...(bySeller.get(line.sellerId!) ?? []), line]);
    const groups = [...bySeller.entries()];
    const partTotals = groups.map(([, lines]) => cartTotalsMinor(lines.map(minorLine)));
    // Adds up to totals.tax: the same half-up tenth of the same cents, shared out.
    const taxes = orderTaxShares(partTotals.map((p) => p.subtotal + p.shipping));

    const at = nowDate(deps);
    const [order] = await tx.db
      .insert(orders)
      .values({
        buyerId,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        status: 'pending',
        currency: deps.env.CURRENCY,
        subtotalMinor: totals.subtotal,
        shippingMinor: totals.shipping,
        taxMinor: totals.tax,
        grandTotalMinor: totals.grandTotal,
        shippingAddress: shipping.address,
        billingAddress: billing.address,
        paymentProvider: paymentsOf(deps).provider,
        expiresAt: new Date(at.getTime() + COMMERCE_LIMITS.holdMinutes * 60_000),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    for (const [i, [sellerId, lines]] of groups.entries()) {
      const part = partTotals[i]!;
      // The seller's plan at the time of purchase sets the fee (a later upgrade does not change it).
      const { limits } = await planOf(tx, sellerId);
      const [row] = await tx.db
        .insert(transactions)
        .values({
          orderId: order!.id,
          sellerId,
          sellerName: lines[0]!.sellerName ?? '',
          sellerUsername: lines[0]!.sellerUsername ?? '',
          buyerId,
          buyerName: buyer.name,
          status: 'pending',
          subtotalMinor: part.subtotal,
          shippingMinor: part.shipping,
          taxMinor: taxes[i]!,
          totalMinor: part.subtotal + part.shipping + taxes[i]!,
          platformFeeMinor: platformFeeMinor(part.subtotal + part.shipping, limits.platformFeeBps),
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: transactions.id });
      await tx.db.insert(orderItems).values(
        lines.map((l) => ({
          orderId: order!.id,
          transactionId: row!.id,
          productId: l.productId,
          title: l.title ?? '',
          image: l.image,
          priceMinor: l.priceMinor,
          shippingMinor: l.shippingMinor,
          amount: l.amount,
          selectedVariations: l.selectedVariations,
        })),
      );
    }
    await enqueueJob(tx, expireOrderJob, { orderId: order!.id }, { runAt: order!.expiresAt });
    return { order: order!, sellers: groups.map(([id]) => id) };
  });
  // Stock changed: lists showing "sold out" or counts must not serve the old answer; the
  // sellers' pages are refreshed behind their visitors (a soft change).
  invalidateCatalogStock(deps, sellers);
  const [full] = await ordersWithParts(deps.db, [order]);
  return full!;
}
