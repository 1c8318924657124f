import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { orderItems, orders, transactions } from '../../db/schema';
import { invalidateCatalogStock, restoreStock } from '../catalog';
import { defineJob, inTransaction, nowDate, type ModuleDeps } from '../core';
import { isUnpaid, itemsOf, lockOrder, markOrderPaid } from './lifecycle';
import { paymentsOf } from './payments';

// The order lifecycle's background jobs live beside the steps they take: unpaid orders expire
// (here, queued by place-order.ts), unshipped sales are cancelled at their deadline (lifecycle.ts),
// refunds reach the provider exactly once (refunds.ts).

/**
 * Job: an order still unpaid at its deadline is cancelled and its stock released. The payment is
 * cancelled with the provider first; if it turns out to have succeeded meanwhile (a webhook still
 * on its way), the order is marked paid instead.
 */
export const expireOrderJob = defineJob(
  'commerce.expire-order',
  z.object({ orderId: z.string() }),
  expireOrder,
);

async function expireOrder(deps: ModuleDeps, { orderId }: { orderId: string }): Promise<void> {
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
  // Stock came back: a soft change, as when it went.
  if (sellers.length) invalidateCatalogStock(deps, sellers);
}
