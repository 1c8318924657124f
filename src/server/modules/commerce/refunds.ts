import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { orders, transactions, type OrderRow } from '../../db/schema';
import { defineJob, type ModuleDeps } from '../core';
import { findLedgerEntry, ledgerKey, recordLedgerEntry } from './ledger';
import { paymentsOf } from './payments';

const refundPayload = z.union([
  /** A cancelled part: its total. */
  z.object({ transactionId: z.string() }),
  /** A payment that arrived after its order expired: all of it. */
  z.object({
    orderId: z.string(),
    amountMinor: z.number(),
    paymentIntentId: z.string().optional(),
  }),
]);

export const refundJob = defineJob('commerce.refund', refundPayload, refund);

/** Job: refund a cancelled part (or a payment that arrived after its order expired) exactly once. */
async function refund(deps: ModuleDeps, p: z.output<typeof refundPayload>): Promise<void> {
  let key: string;
  let order: OrderRow | undefined;
  let amountMinor: number;
  let transactionId: string | null = null;
  let paymentIntentId: string | null | undefined;
  if ('transactionId' in p) {
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
  } else {
    [order] = await deps.db.select().from(orders).where(eq(orders.id, p.orderId)).limit(1);
    key = ledgerKey.lateRefund(p.orderId);
    amountMinor = p.amountMinor;
    paymentIntentId = p.paymentIntentId;
  }
  paymentIntentId ??= order?.paymentIntentId;
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
