import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { isUnpaidStatus, UNPAID_ORDER_STATUSES } from '../../../shared/contracts/commerce-rules';
import {
  orderItems,
  orders,
  transactions,
  type OrderRow,
  type TransactionRow,
} from '../../db/schema';
import { invalidateCatalogStock, restoreStock } from '../catalog';
import {
  conflict,
  defineJob,
  enqueueJob,
  enqueueJobs,
  inTransaction,
  jobEntry,
  notFound,
  nowDate,
  type ModuleDeps,
} from '../core';
import { recordSaleEvents } from '../insights';
import { ledgerKey, recordLedgerEntry } from './ledger';
import { commerceMailEntry, queueCommerceMail } from './mail';
import { itemsOf, releaseLockedOrder, unsellableItem } from './order-holds';
import { refundJob } from './refunds';

// How an order moves after it is placed: paid (from the embedded card form or a Stripe webhook),
// payment failed, expired unpaid, a seller's part cancelled (by the seller or because it was not
// shipped in time) with its refund. Every step is idempotent and ignores steps that arrive late or
// out of order: a paid order never goes back to unpaid, a cancelled part never ships, a refund or
// a charge is recorded once (ledger.ts).

export const autoCancelJob = defineJob(
  'commerce.auto-cancel',
  z.object({ transactionId: z.string() }),
  autoCancel,
);

export const HELD_UNTIL_SHIPPED = 'Paid out when you mark it shipped.';

export const orderNotFound = () => notFound('This order could not be found.', 'ORDER_NOT_FOUND');
export const saleNotFound = () => notFound('This sale could not be found.', 'SALE_NOT_FOUND');

/** The order row, locked for the rest of the transaction. */
export async function lockOrder(
  deps: Pick<ModuleDeps, 'db'>,
  orderId: string,
): Promise<OrderRow | null> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

export const isUnpaid = (o: OrderRow) => isUnpaidStatus(o.status);

/** The order's status from its parts: all cancelled → cancelled; the rest all shipped → shipped. */
export async function settleOrderStatus(deps: ModuleDeps, orderId: string): Promise<void> {
  const parts = await deps.db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.orderId, orderId));
  const live = parts.filter((p) => p.status !== 'cancelled');
  const status =
    live.length === 0 ? 'cancelled' : live.every((p) => p.status === 'shipped') ? 'shipped' : null;
  if (!status) return;
  const at = nowDate(deps);
  await deps.db
    .update(orders)
    .set({ status, updatedAt: at, ...(status === 'cancelled' ? { cancelledAt: at } : {}) })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['paid', 'shipped'])));
}

/** A paid part is cancelled and refunded if it is not shipped by `shipBy` (once per part). */
export const autoCancelEntry = (transactionId: string, shipBy: Date) =>
  jobEntry(
    autoCancelJob,
    { transactionId },
    { runAt: shipBy, dedupeKey: `${autoCancelJob.name}:${transactionId}` },
  );
export const scheduleAutoCancel = (deps: ModuleDeps, transactionId: string, shipBy: Date) =>
  enqueueJobs(deps, [autoCancelEntry(transactionId, shipBy)]);

/** The order's charge in the ledger, once (its key): whether this call recorded it. */
function recordCharge(
  tx: ModuleDeps,
  order: OrderRow,
  input: { paymentIntentId: string; amountMinor: number },
) {
  return recordLedgerEntry(tx, {
    kind: 'charge',
    key: ledgerKey.charge(order.id),
    orderId: order.id,
    transactionId: null,
    amountMinor: input.amountMinor,
    currency: order.currency,
    provider: order.paymentProvider,
    providerRef: input.paymentIntentId,
  });
}

export type PaidOutcome = 'paid' | 'already_paid' | 'refunding_late_payment';

/**
 * The provider says the order's payment succeeded. In one transaction: the order and its parts
 * become paid, the charge is recorded, each seller's money is held until they ship, the
 * auto-cancel deadlines are set and the mails are queued. A payment for an order that expired
 * meanwhile is refunded in full (its stock is gone), and so is one for an order with an item no
 * longer for sale (the order is cancelled then). Repeats answer `already_paid`.
 */
export async function markOrderPaid(
  deps: ModuleDeps,
  input: { orderId: string; paymentIntentId: string; amountMinor: number },
): Promise<PaidOutcome> {
  return inTransaction(deps, async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw orderNotFound();
    return payLockedOrder(tx, order, input);
  });
}

/**
 * markOrderPaid's work, for a caller that already holds the order's row lock in its own
 * transaction and passes the row it read with it (the card confirmation reads its order once).
 */
export async function payLockedOrder(
  tx: ModuleDeps,
  order: OrderRow,
  input: { paymentIntentId: string; amountMinor: number },
  itemsChecked = false,
): Promise<PaidOutcome> {
  if (!isUnpaid(order)) {
    if (order.status !== 'cancelled') return 'already_paid';
    return refundLatePayment(tx, order, input);
  }
  // An item deleted, unpublished or its seller suspended since the order was placed: no sale is
  // made of it (ADR 052). The order is cancelled, its holds released, and the money goes back.
  // (The card confirmation checks before charging and says so: `itemsChecked`.)
  const gone = itemsChecked ? null : await unsellableItem(tx, order.id);
  if (gone) {
    // No catalogue refresh: the posts whose stock came back are not for sale anyway.
    await releaseLockedOrder(tx, order.id, gone);
    return refundLatePayment(tx, order, input);
  }
  if (input.amountMinor !== order.grandTotalMinor) {
    throw conflict(
      `Payment amount ${input.amountMinor} does not match order ${order.id} total ${order.grandTotalMinor}.`,
    );
  }
  const at = nowDate(tx);
  const shipBy = new Date(at.getTime() + tx.env.SHIP_WITHIN_DAYS * 24 * 3600_000);
  await recordCharge(tx, order, input);
  await tx.db
    .update(orders)
    .set({
      status: 'paid',
      paidAt: at,
      paymentError: null,
      paymentIntentId: input.paymentIntentId,
      updatedAt: at,
    })
    .where(eq(orders.id, order.id));
  const parts = await tx.db
    .update(transactions)
    .set({
      status: 'paid',
      shipBy,
      payoutStatus: 'held',
      payoutHeldReason: HELD_UNTIL_SHIPPED,
      updatedAt: at,
    })
    .where(and(eq(transactions.orderId, order.id), eq(transactions.status, 'pending')))
    .returning();
  // Insights: a purchase, only ever from the provider's confirmation (docs/decisions/071).
  await recordSaleEvents(tx, 'order', parts);
  // The buyer's confirmation, each seller's new sale and each part's ship-by deadline: one insert.
  await enqueueJobs(tx, [
    commerceMailEntry('order_confirmation', order.id),
    ...parts.flatMap((part) => [
      commerceMailEntry('new_sale', part.id),
      autoCancelEntry(part.id, shipBy),
    ]),
  ]);
  return 'paid';
}

/** A payment for an order that is cancelled: the charge is recorded and refunded in full, once. */
async function refundLatePayment(
  tx: ModuleDeps,
  order: OrderRow,
  input: { paymentIntentId: string; amountMinor: number },
): Promise<PaidOutcome> {
  const charged = await recordCharge(tx, order, input);
  if (charged) {
    await enqueueJob(tx, refundJob, {
      orderId: order.id,
      amountMinor: input.amountMinor,
      paymentIntentId: input.paymentIntentId,
    });
  }
  return 'refunding_late_payment';
}

/** A payment attempt failed: an unpaid order shows why (a paid one is not touched). */
export async function recordPaymentFailure(
  deps: ModuleDeps,
  orderId: string,
  message: string,
): Promise<void> {
  await deps.db
    .update(orders)
    .set({ status: 'payment_failed', paymentError: message, updatedAt: nowDate(deps) })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...UNPAID_ORDER_STATUSES])));
}

export type CancelledBy = 'seller' | 'system';

/**
 * Cancels one seller's part before it ships: its stock comes back, the buyer is refunded its total
 * (a job: the provider may be slow), both parties are told. Shipped parts cannot be cancelled
 * (409); cancelling a cancelled part is a no-op.
 */
export async function cancelTransaction(
  deps: ModuleDeps,
  transactionId: string,
  reason: string,
): Promise<TransactionRow> {
  const result = await inTransaction(deps, async (tx) => {
    const [found] = await tx.db
      .select({ orderId: transactions.orderId })
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .limit(1);
    if (!found) throw saleNotFound();
    const order = await lockOrder(tx, found.orderId);
    const [part] = await tx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .for('update');
    if (!order || !part) throw saleNotFound();
    if (part.status === 'cancelled') return { part, owners: [] as string[] };
    if (part.status === 'shipped') {
      throw conflict('This sale has shipped, so it cannot be cancelled.', 'SALE_NOT_CANCELLABLE');
    }
    const at = nowDate(deps);
    const wasPaid = part.status === 'paid';
    const [updated] = await tx.db
      .update(transactions)
      .set({
        status: 'cancelled',
        cancelledAt: at,
        cancelReason: reason || null,
        updatedAt: at,
        payoutStatus: wasPaid ? 'refunded' : 'none',
        payoutHeldReason: null,
      })
      .where(eq(transactions.id, part.id))
      .returning();
    await restoreStock(tx, await itemsOf(tx, eq(orderItems.transactionId, part.id)));
    if (wasPaid) {
      await enqueueJob(tx, refundJob, { transactionId: part.id });
      // Insights: the sale and its revenue are taken back (docs/decisions/071).
      await recordSaleEvents(tx, 'refund', [part]);
    }
    await settleOrderStatus(tx, order.id);
    await queueCommerceMail(tx, 'sale_cancelled', part.id);
    return { part: updated!, owners: part.sellerId ? [part.sellerId] : [] };
  });
  // Stock came back: a soft change, as when it went.
  if (result.owners.length) invalidateCatalogStock(deps, result.owners);
  return result.part;
}

/** Job: a paid part still not shipped at its deadline is cancelled and refunded. */
async function autoCancel(
  deps: ModuleDeps,
  { transactionId }: { transactionId: string },
): Promise<void> {
  const [part] = await deps.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .limit(1);
  if (!part || part.status !== 'paid' || !part.shipBy || part.shipBy.getTime() > deps.now()) return;
  await cancelTransaction(
    deps,
    transactionId,
    `Not marked shipped within ${deps.env.SHIP_WITHIN_DAYS} days, so it was cancelled automatically.`,
  );
}
