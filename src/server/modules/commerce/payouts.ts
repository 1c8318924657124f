import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { orders, sellerAccounts, transactions } from '../../db/schema';
import { defineJob, enqueueJob, nowDate, type ModuleDeps } from '../core';
import { findLedgerEntry, ledgerKey, recordLedgerEntry } from './ledger';
import { paymentsOf } from './payments';
import { refundedSellerShare } from './returns-refund';

// Payouts follow shipping (issue 12 §7): a seller's share of a paid sale is transferred when they
// mark it shipped, if their payout account is set up; until then it is held, with the reason shown
// on /sales. Finishing payout setup releases everything held for shipped sales. The seller's share
// is the part's whole total (items, shipping and tax: the seller is the merchant of record);
// platform fees arrive with plans (docs/decisions/026).

export const payoutJob = defineJob(
  'commerce.payout',
  z.object({ transactionId: z.string() }),
  payOut,
);

export const HELD_FOR_SETUP = 'Finish your payout setup to receive this money.';

/** Queues the transfer of one shipped part (once: retries and repeats share the key). */
export function queuePayout(deps: Pick<ModuleDeps, 'db' | 'now'>, transactionId: string) {
  return enqueueJob(
    deps,
    payoutJob,
    { transactionId },
    { dedupeKey: `${payoutJob.name}:${transactionId}` },
  );
}

/** The seller's payout account when it can receive money (details submitted). */
export async function readySellerAccount(deps: Pick<ModuleDeps, 'db'>, sellerId: string) {
  const [account] = await deps.db
    .select()
    .from(sellerAccounts)
    .where(eq(sellerAccounts.userId, sellerId))
    .limit(1);
  return account?.detailsSubmitted ? account : null;
}

/** After payout setup completes: transfer everything held for the seller's shipped sales. */
export async function releaseHeldPayouts(deps: ModuleDeps, sellerId: string): Promise<number> {
  const held = await deps.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.sellerId, sellerId),
        eq(transactions.status, 'shipped'),
        eq(transactions.payoutStatus, 'held'),
      ),
    );
  for (const t of held) await queuePayout(deps, t.id);
  return held.length;
}

async function payOut(
  deps: ModuleDeps,
  { transactionId }: { transactionId: string },
): Promise<void> {
  const [part] = await deps.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .limit(1);
  if (
    !part ||
    part.status !== 'shipped' ||
    part.payoutStatus === 'paid' ||
    part.payoutStatus === 'refunded'
  )
    return;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, part.orderId)).limit(1);
  if (!order?.paymentIntentId) return;
  const key = ledgerKey.transfer(part.id);
  const settle = (set: Partial<typeof transactions.$inferInsert>) =>
    deps.db
      .update(transactions)
      .set({ ...set, updatedAt: nowDate(deps) })
      .where(eq(transactions.id, part.id));
  if (await findLedgerEntry(deps.db, key)) {
    await settle({ payoutStatus: 'paid', payoutHeldReason: null });
    return;
  }
  const account = part.sellerId ? await readySellerAccount(deps, part.sellerId) : null;
  if (!account) {
    await settle({ payoutStatus: 'held', payoutHeldReason: HELD_FOR_SETUP });
    return;
  }
  await settle({ payoutStatus: 'pending', payoutHeldReason: null });
  // A return refunded before the payout: the seller is sent their share less its part (ADR 074).
  const amountMinor =
    part.totalMinor - part.platformFeeMinor - (await refundedSellerShare(deps.db, part.id));
  if (amountMinor <= 0) {
    await settle({ payoutStatus: 'refunded', payoutHeldReason: null });
    return;
  }
  const payments = paymentsOf(deps);
  const intent = await payments.retrievePaymentIntent(order.paymentIntentId);
  const { id } = await payments.createTransfer({
    amountMinor,
    currency: order.currency,
    destination: account.accountId,
    transferGroup: `order_${order.id}`,
    sourceTransaction: intent.chargeId,
    metadata: { orderId: order.id, transactionId: part.id },
    idempotencyKey: key,
  });
  await recordLedgerEntry(deps, {
    kind: 'transfer',
    key,
    orderId: order.id,
    transactionId: part.id,
    amountMinor,
    currency: order.currency,
    provider: order.paymentProvider,
    providerRef: id,
  });
  await settle({ payoutStatus: 'paid', payoutHeldReason: null });
}
