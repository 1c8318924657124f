import { inArray } from 'drizzle-orm';
import type {
  AddressRecord,
  Order,
  OrderItem,
  Transaction,
} from '../../../shared/contracts/commerce';
import { trackingUrl, type StoredAddress } from '../../../shared/contracts/commerce-rules';
import { toMajor } from '../../../shared/money';
import {
  feedbacks,
  returnRequests,
  orderItems,
  orders,
  transactions,
  type AddressRow,
  type OrderItemRow,
  type OrderRow,
  type TransactionRow,
} from '../../db/schema';
import type { DbOrTx } from '../core';

// Rows → wire shapes (DESIGN §4: money in major units, ISO times). Lists load their parts in a
// fixed number of queries, whatever their length (no N+1).

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toAddress = (row: AddressRow): AddressRecord => ({
  _id: row.id,
  ...row.address,
  createdAt: row.createdAt.toISOString(),
});

const toItem = (row: OrderItemRow): OrderItem => ({
  _id: row.id,
  productId: row.productId,
  title: row.title,
  image: row.image,
  price: toMajor(row.priceMinor),
  shippingCost: toMajor(row.shippingMinor),
  amount: row.amount,
  selectedVariations: row.selectedVariations,
});

interface Parts {
  items: Map<string, OrderItem[]>;
  /** `${transactionId}:${type}` of every feedback given. */
  feedback: Set<string>;
  /** Each part's return request (ADR 074). */
  returns: Map<string, Transaction['returnRequest']>;
}

async function loadParts(db: DbOrTx, transactionIds: string[]): Promise<Parts> {
  if (transactionIds.length === 0)
    return { items: new Map(), feedback: new Set(), returns: new Map() };
  const [itemRows, feedbackRows, returnRows] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.transactionId, transactionIds))
      .orderBy(orderItems.id),
    db
      .select({ transactionId: feedbacks.transactionId, type: feedbacks.type })
      .from(feedbacks)
      .where(inArray(feedbacks.transactionId, transactionIds)),
    db
      .select({
        _id: returnRequests.id,
        transactionId: returnRequests.transactionId,
        status: returnRequests.status,
        refundMinor: returnRequests.refundMinor,
      })
      .from(returnRequests)
      .where(inArray(returnRequests.transactionId, transactionIds)),
  ]);
  const items = new Map<string, OrderItem[]>();
  for (const row of itemRows) {
    const list = items.get(row.transactionId) ?? [];
    list.push(toItem(row));
    items.set(row.transactionId, list);
  }
  const returns = new Map(
    returnRows.map((r) => [
      r.transactionId,
      {
        _id: r._id,
        status: r.status,
        refund: r.refundMinor === null ? null : toMajor(r.refundMinor),
      },
    ]),
  );
  return {
    items,
    feedback: new Set(feedbackRows.map((f) => `${f.transactionId}:${f.type}`)),
    returns,
  };
}

function toTransaction(row: TransactionRow, order: OrderRow, parts: Parts): Transaction {
  const shippingAddress = plainAddress(order.shippingAddress);
  return {
    _id: row.id,
    orderId: row.orderId,
    status: row.status,
    seller: { _id: row.sellerId, name: row.sellerName, username: row.sellerUsername },
    buyer: { _id: row.buyerId, name: row.buyerName },
    items: parts.items.get(row.id) ?? [],
    subtotal: toMajor(row.subtotalMinor),
    discountCode: row.discountCode,
    discount: toMajor(row.discountMinor),
    shipping: toMajor(row.shippingMinor),
    tax: toMajor(row.taxMinor),
    total: toMajor(row.totalMinor),
    platformFee: toMajor(row.platformFeeMinor),
    payout: toMajor(row.totalMinor - row.platformFeeMinor),
    currency: order.currency,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
    shippedAt: iso(row.shippedAt),
    shipBy: iso(row.shipBy),
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    payoutStatus: row.payoutStatus,
    payoutHeldReason: row.payoutHeldReason,
    shippingAddress,
    buyerFeedbackGiven: parts.feedback.has(`${row.id}:order`),
    sellerFeedbackGiven: parts.feedback.has(`${row.id}:transaction`),
    returnRequest: parts.returns.get(row.id) ?? null,
    paidAt: iso(order.paidAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A copied address as the wire shows it (fields added later default to empty). */
const plainAddress = (a: StoredAddress): StoredAddress => ({
  name: a.name,
  line1: a.line1,
  line2: a.line2 ?? '',
  city: a.city,
  region: a.region ?? '',
  postalCode: a.postalCode ?? '',
  country: a.country,
  phone: a.phone ?? '',
});

function toOrder(order: OrderRow, txRows: TransactionRow[], parts: Parts): Order {
  return {
    _id: order.id,
    status: order.status,
    currency: order.currency,
    subtotal: toMajor(order.subtotalMinor),
    discount: toMajor(order.discountMinor),
    shipping: toMajor(order.shippingMinor),
    tax: toMajor(order.taxMinor),
    totalWithTax: toMajor(order.subtotalMinor - order.discountMinor + order.taxMinor),
    grandTotal: toMajor(order.grandTotalMinor),
    shippingAddress: plainAddress(order.shippingAddress),
    billingAddress: plainAddress(order.billingAddress),
    paymentProvider: order.paymentProvider,
    paymentError: order.paymentError,
    expiresAt: order.expiresAt.toISOString(),
    paidAt: iso(order.paidAt),
    cancelledAt: iso(order.cancelledAt),
    createdAt: order.createdAt.toISOString(),
    transactions: txRows
      .filter((t) => t.orderId === order.id)
      .map((t) => toTransaction(t, order, parts)),
  };
}

/** Orders with their parts, items and feedback flags, in the order given (5 queries). */
export async function ordersWithParts(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const txRows = await db
    .select()
    .from(transactions)
    .where(
      inArray(
        transactions.orderId,
        rows.map((o) => o.id),
      ),
    )
    .orderBy(transactions.sellerName, transactions.id);
  const parts = await loadParts(
    db,
    txRows.map((t) => t.id),
  );
  return rows.map((order) => toOrder(order, txRows, parts));
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * An order just placed, from the rows its transaction wrote (no read after the commit): parts by
 * seller name and items by id, as ordersWithParts lists them; no feedback can exist yet.
 */
export function placedOrder(
  order: OrderRow,
  txRows: TransactionRow[],
  itemRows: OrderItemRow[],
): Order {
  const items = new Map<string, OrderItem[]>();
  for (const row of [...itemRows].sort((a, b) => byText(a.id, b.id)))
    items.set(row.transactionId, [...(items.get(row.transactionId) ?? []), toItem(row)]);
  const sorted = [...txRows].sort(
    (a, b) => byText(a.sellerName, b.sellerName) || byText(a.id, b.id),
  );
  return toOrder(order, sorted, { items, feedback: new Set(), returns: new Map() });
}

/** Transactions (sales) with their items, feedback flags and order details (4 queries). */
export async function transactionsWithParts(
  db: DbOrTx,
  rows: TransactionRow[],
): Promise<Transaction[]> {
  if (rows.length === 0) return [];
  const orderRows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...new Set(rows.map((t) => t.orderId))]));
  const byId = new Map(orderRows.map((o) => [o.id, o]));
  const parts = await loadParts(
    db,
    rows.map((t) => t.id),
  );
  return rows.map((t) => toTransaction(t, byId.get(t.orderId)!, parts));
}
