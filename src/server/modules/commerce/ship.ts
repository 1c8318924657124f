import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../shared/contracts/commerce';
import { orders, transactions, type TransactionRow } from '../../db/schema';
import { conflict, inTransaction, nowDate, type ModuleDeps } from '../core';
import { cancelTransaction, saleNotFound, settleOrderStatus } from './lifecycle';
import { queueCommerceMail } from './mail';
import { HELD_FOR_SETUP, queuePayout, readySellerAccount } from './payouts';
import { transactionsWithParts } from './rows';

// The seller's two moves on a paid sale (SPEC §4, §7; issue 12 §6–7; docs/decisions/028): mark it
// shipped with a carrier and tracking number — irreversible, it releases their payout and tells
// the buyer — or cancel it before it ships, refunding the buyer. Only the sale's seller may do
// either; anyone else is told the sale does not exist (404), so sale ids cannot be probed.

export interface Seller {
  id: string;
}

export interface ShipInput {
  id: string;
  trackingNumber: string;
  carrier: string;
}

/** The sale's order id, when `sellerId` sold it (else 404, whether it exists or not). */
async function ownSale(deps: Pick<ModuleDeps, 'db'>, seller: Seller, saleId: string) {
  const [found] = await deps.db
    .select({
      orderId: transactions.orderId,
      sellerId: transactions.sellerId,
      status: transactions.status,
    })
    .from(transactions)
    .where(eq(transactions.id, saleId))
    .limit(1);
  if (!found || found.sellerId !== seller.id.toLowerCase()) throw saleNotFound();
  return found;
}

function refuseShipping(part: TransactionRow): void {
  if (part.status === 'shipped') {
    throw conflict(
      "This sale was already marked shipped; that can't be changed.",
      'ALREADY_SHIPPED',
    );
  }
  if (part.status === 'cancelled') {
    throw conflict('This sale was cancelled, so it cannot be shipped.', 'SALE_NOT_SHIPPABLE');
  }
  if (part.status !== 'paid') {
    throw conflict(
      'This sale is not paid yet. Ship it once the buyer has paid.',
      'SALE_NOT_SHIPPABLE',
    );
  }
}

/**
 * PUT /transactions: the seller marks a paid sale shipped. In one transaction (the order, then
 * the part, locked in the same order as a cancellation locks them, so the two cannot cross): the
 * part becomes shipped with its carrier and tracking number, the payout is queued (transferred
 * once if the seller's payout setup is finished, else held with the reason), the order settles
 * and the buyer's mail with the tracking link is queued.
 */
export async function markShipped(
  deps: ModuleDeps,
  seller: Seller,
  input: ShipInput,
): Promise<Transaction> {
  const { orderId } = await ownSale(deps, seller, input.id);
  const row = await inTransaction(deps, async (tx) => {
    await tx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const [part] = await tx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, input.id))
      .for('update');
    if (!part) throw saleNotFound();
    refuseShipping(part);
    const at = nowDate(deps);
    // Shown at once on /sales; the payout job confirms it (and records the transfer) when it runs.
    const ready = part.sellerId ? await readySellerAccount(tx, part.sellerId) : null;
    const [updated] = await tx.db
      .update(transactions)
      .set({
        status: 'shipped',
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        shippedAt: at,
        payoutStatus: ready ? 'pending' : 'held',
        payoutHeldReason: ready ? null : HELD_FOR_SETUP,
        updatedAt: at,
      })
      .where(eq(transactions.id, part.id))
      .returning();
    await queuePayout(tx, part.id);
    await settleOrderStatus(tx, orderId);
    await queueCommerceMail(tx, 'shipped', part.id);
    return updated!;
  });
  const [sale] = await transactionsWithParts(deps.db, [row]);
  return sale!;
}

/**
 * POST /transactions/cancel: the seller cancels a paid sale before it ships; the buyer is refunded
 * its part, the stock returns and both are emailed (lifecycle.ts). A shipped sale cannot be
 * cancelled (409); cancelling a cancelled sale changes nothing. An unpaid checkout is not the
 * seller's to cancel: paying it later would charge the buyer for the cancelled part.
 */
export async function cancelSale(
  deps: ModuleDeps,
  seller: Seller,
  input: { id: string; reason: string },
): Promise<Transaction> {
  const found = await ownSale(deps, seller, input.id);
  if (found.status === 'pending') {
    throw conflict(
      'This sale is not paid yet, so there is nothing to cancel.',
      'SALE_NOT_CANCELLABLE',
    );
  }
  const row = await cancelTransaction(deps, input.id, input.reason);
  const [sale] = await transactionsWithParts(deps.db, [row]);
  return sale!;
}
