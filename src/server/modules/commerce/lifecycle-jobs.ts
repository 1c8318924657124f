import { eq } from 'drizzle-orm';
import { orderItems, orders, transactions, type OrderRow } from '../../db/schema';
import { invalidateCatalog, restoreStock } from '../catalog';
import { inTransaction, nowDate, type JobHandlers, type ModuleDeps } from '../core';
import { findLedgerEntry, ledgerKey, recordLedgerEntry } from './ledger';
import {
  AUTO_CANCEL_JOB,
  EXPIRE_ORDER_JOB,
  REFUND_JOB,
  cancelTransaction,
  isUnpaid,
  itemsOf,
  lockOrder,
  markOrderPaid,
} from './lifecycle';
import { paymentsOf } from './payments';

// The order lifecycle's background jobs (lifecycle.ts enqueues them): unpaid orders expire, unshipped
// sales are cancelled at their deadline, refunds reach the provider exactly once.

/**
 * Job: an order still unpaid at its deadline is cancelled and its stock released. The payment is
 * cancelled with the provider first; if it turns out to have succeeded meanwhile (a webhook still
 * on its way), the order is marked paid instead.
 */
async function expireOrder(deps: ModuleDeps, payload: unknown): Promise<void> {
  const orderId = (payload as { orderId?: unknown } | null)?.orderId;
  if (typeof orderId !== 'string') throw new Error('malformed expire-order job');
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || !isUnpaid(order)) return;
  if (order.paymentIntentId) {
    const intent = await paymentsOf(deps).cancelPaymentIntent(
      order.paymentIntentId,
      `cancel:${order.id}`,
    );
    if (intent.status === 'succeeded') {
      await markOrderPaid(deps, {
        orderId,
        paymentIntentId: intent.id,
        amountMinor: intent.amountMinor,
      });
      return;
    }
  }
  const sellers = await inTransaction(deps, async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked || !isUnpaid(locked)) return [];
    const at = nowDate(deps);
    await tx.db
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: at, updatedAt: at })
      .where(eq(orders.id, orderId));
    const parts = await tx.db
      .update(transactions)
      .set({
        status: 'cancelled',
        cancelledAt: at,
        cancelReason: 'The order was not paid in time.',
        updatedAt: at,
      })
      .where(eq(transactions.orderId, orderId))
      .returning({ sellerId: transactions.sellerId });
    await restoreStock(tx, await itemsOf(tx, eq(orderItems.orderId, orderId)));
    return parts.flatMap((p) => (p.sellerId ? [p.sellerId] : []));
  });
  if (sellers.length) invalidateCatalog(deps, sellers);
}

/** Job: a paid part still not shipped at its deadline is cancelled and refunded. */
async function autoCancel(deps: ModuleDeps, payload: unknown): Promise<void> {
  const transactionId = (payload as { transactionId?: unknown } | null)?.transactionId;
  if (typeof transactionId !== 'string') throw new Error('malformed auto-cancel job');
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

/** Job: refund a cancelled part (or a payment that arrived after its order expired) exactly once. */
async function refund(deps: ModuleDeps, payload: unknown): Promise<void> {
  const p = (payload ?? {}) as {
    transactionId?: string;
    orderId?: string;
    amountMinor?: number;
    paymentIntentId?: string;
  };
  let key: string;
  let order: OrderRow | undefined;
  let amountMinor: number;
  let transactionId: string | null = null;
  if (typeof p.transactionId === 'string') {
    const [part] = await deps.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, p.transactionId))
      .limit(1);
    if (!part) return;
    [order] = await deps.db.select().from(orders).where(eq(orders.id, part.orderId)).limit(1);
    key = ledgerKey.refund(part.id);
    amountMinor = part.totalMinor;
    transactionId = part.id;
  } else if (typeof p.orderId === 'string' && typeof p.amountMinor === 'number') {
    [order] = await deps.db.select().from(orders).where(eq(orders.id, p.orderId)).limit(1);
    key = ledgerKey.lateRefund(p.orderId);
    amountMinor = p.amountMinor;
  } else throw new Error('malformed refund job');
  const paymentIntentId = p.paymentIntentId ?? order?.paymentIntentId;
  if (!order || !paymentIntentId || (await findLedgerEntry(deps.db, key))) return;
  const { id } = await paymentsOf(deps).createRefund({
    paymentIntentId,
    amountMinor,
    metadata: { orderId: order.id, ...(transactionId ? { transactionId } : {}) },
    idempotencyKey: key,
  });
  await recordLedgerEntry(deps, {
    kind: 'refund',
    key,
    orderId: order.id,
    transactionId,
    amountMinor,
    currency: order.currency,
    provider: order.paymentProvider,
    providerRef: id,
  });
}

export const lifecycleJobs: JobHandlers = {
  [EXPIRE_ORDER_JOB]: expireOrder,
  [AUTO_CANCEL_JOB]: autoCancel,
  [REFUND_JOB]: refund,
};
