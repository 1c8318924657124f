import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ledgerEntries, orders, returnRequests, transactions } from '../../db/schema';
import { defineJob, enqueueJob, type DbOrTx, type ModuleDeps } from '../core';
import { findLedgerEntry, ledgerKey, recordLedgerEntry } from './ledger';
import { paymentsOf } from './payments';
import { returnKey } from './returns-read';

// The money of an accepted return request (ADR 074), a job because the provider may be slow or
// down: the buyer is refunded the accepted amount from the order's payment, and when the seller
// was already paid, their transfer is reversed by their share of it — the refund less the part of
// the platform fee it gives back. Each movement has its own ledger key (also the provider's
// idempotency key), so retries never move money twice.
//
// The seller's share is reconciled rather than assumed: what they should keep is the part's total
// less its fee less every refund's seller share; what is reversed is whatever was transferred
// beyond that. So a refund that runs before the transfer (payouts.ts transfers less) and one that
// runs after it (reversed here) end with the same money in the same places.

export const returnRefundJob = defineJob(
  'commerce.return-refund',
  z.object({ returnId: z.string() }),
  sendReturnRefund,
);

export function queueReturnRefund(deps: Pick<ModuleDeps, 'db' | 'now'>, returnId: string) {
  return enqueueJob(
    deps,
    returnRefundJob,
    { returnId },
    { dedupeKey: `${returnRefundJob.name}:${returnId}` },
  );
}

/** The seller's share of the refunds recorded for a part (refunds less the fee they gave back). */
export async function refundedSellerShare(db: DbOrTx, transactionId: string): Promise<number> {
  const [row] = await db
    .select({
      share:
        sql<string>`coalesce(sum(${ledgerEntries.amountMinor} - ${ledgerEntries.feeMinor}), 0)`.mapWith(
          Number,
        ),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.transactionId, transactionId), eq(ledgerEntries.kind, 'refund')));
  return row?.share ?? 0;
}

/** The transfer of a part and what has been reversed of it so far. */
async function transferred(db: DbOrTx, transactionId: string) {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.transactionId, transactionId),
        inArray(ledgerEntries.kind, ['transfer', 'reversal']),
      ),
    );
  const transfer = rows.find((r) => r.kind === 'transfer') ?? null;
  const reversed = rows.filter((r) => r.kind === 'reversal').reduce((n, r) => n + r.amountMinor, 0);
  return { transfer, reversed };
}

/** A transfer is under way and not recorded yet: retry later, when it is (the job backs off). */
class TransferInFlight extends Error {
  constructor() {
    super('The seller’s payout is being sent; the refund waits for it to settle.');
  }
}

async function sendReturnRefund(deps: ModuleDeps, { returnId }: { returnId: string }) {
  const [request] = await deps.db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.id, returnId))
    .limit(1);
  if (!request || request.status !== 'refunded' || !request.refundMinor) return;
  const [part] = await deps.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, request.transactionId))
    .limit(1);
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(eq(orders.id, request.orderId))
    .limit(1);
  if (!part || !order?.paymentIntentId) return;
  const payments = paymentsOf(deps);
  const metadata = { orderId: order.id, transactionId: part.id, returnId };

  const refundKey = returnKey.refund(returnId);
  if (!(await findLedgerEntry(deps.db, refundKey))) {
    const { id } = await payments.createRefund({
      paymentIntentId: order.paymentIntentId,
      amountMinor: request.refundMinor,
      metadata,
      idempotencyKey: refundKey,
    });
    await recordLedgerEntry(deps, {
      kind: 'refund',
      key: refundKey,
      orderId: order.id,
      transactionId: part.id,
      amountMinor: request.refundMinor,
      feeMinor: request.feeReturnedMinor,
      currency: order.currency,
      provider: order.paymentProvider,
      providerRef: id,
    });
  }

  const reversalKey = returnKey.reversal(returnId);
  if (await findLedgerEntry(deps.db, reversalKey)) return;
  const { transfer, reversed } = await transferred(deps.db, part.id);
  if (!transfer) {
    // Not paid out yet: the payout will transfer the share less this refund (payouts.ts). One in
    // flight is waited for, so that it is reconciled here once it is recorded.
    if (
      part.payoutStatus === 'pending' &&
      (await findLedgerEntry(deps.db, ledgerKey.transfer(part.id))) === null
    )
      throw new TransferInFlight();
    return;
  }
  const keeps =
    part.totalMinor - part.platformFeeMinor - (await refundedSellerShare(deps.db, part.id));
  // Whatever was transferred (and not yet reversed) beyond what the seller keeps.
  const amountMinor = transfer.amountMinor - reversed - Math.max(keeps, 0);
  if (amountMinor <= 0) return;
  const { id } = await payments.createTransferReversal({
    transferId: transfer.providerRef,
    amountMinor,
    metadata,
    idempotencyKey: reversalKey,
  });
  await recordLedgerEntry(deps, {
    kind: 'reversal',
    key: reversalKey,
    orderId: order.id,
    transactionId: part.id,
    amountMinor,
    currency: order.currency,
    provider: order.paymentProvider,
    providerRef: id,
  });
}
