import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { orders } from '../../db/schema';
import { defineJob, type ModuleDeps } from '../core';
import { queueCheckoutReminder } from './checkout-reminder';
import { releaseUnpaidOrder } from './unpaid-orders';

// The order lifecycle's background jobs live beside the steps they take: unpaid orders expire
// (here, queued by place-order.ts), unshipped sales are cancelled at their deadline (lifecycle.ts),
// refunds reach the provider exactly once (refunds.ts), an expired checkout is reminded once
// (checkout-reminder.ts).

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
  // Only an order that ran out of time gets a reminder: one the buyer let go is never cancelled
  // here (it is no longer unpaid), so it never reaches this callback.
  if (order)
    await releaseUnpaidOrder(deps, order, 'The order was not paid in time.', (tx) =>
      queueCheckoutReminder(tx, order.id),
    );
}
