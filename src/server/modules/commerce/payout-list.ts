import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { orderRef } from '../../../shared/contracts/commerce-rules';
import type { Payout, PayoutList } from '../../../shared/contracts/earnings';
import {
  periodInstants,
  type PeriodInput,
  type ResolvedPeriod,
} from '../../../shared/contracts/earnings-rules';
import { toMajor } from '../../../shared/money';
import { transactions } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { periodOf, transferEntry, transferOf } from './earnings';

// GET /payouts (issue 26 §7, docs/decisions/072): one payout per shipped sale — its transfer once
// the ledger records it (paid, dated by the transfer), else on its way or held for the payout
// setup (dated by the shipment). Two statements: the count and a page, from the seller's index.

/** When the payout happened (or the sale shipped, for one not made yet). */
const payoutDate = sql`coalesce(${transferEntry.createdAt}, ${transactions.shippedAt})`;

function payoutsIn(sellerId: string, period: ResolvedPeriod): SQL {
  const { start, end } = periodInstants(period);
  return and(
    eq(transactions.sellerId, sellerId.toLowerCase()),
    eq(transactions.status, 'shipped'),
    start ? gte(payoutDate, start) : undefined,
    lt(payoutDate, end),
  )!;
}

const payoutColumns = {
  saleId: transactions.id,
  orderId: transactions.orderId,
  payoutStatus: transactions.payoutStatus,
  heldReason: transactions.payoutHeldReason,
  shareMinor: sql<number>`${transactions.totalMinor} - ${transactions.platformFeeMinor}`.mapWith(
    Number,
  ),
  shippedAt: transactions.shippedAt,
  transferMinor: transferEntry.amountMinor,
  transferredAt: transferEntry.createdAt,
  reference: transferEntry.providerRef,
  transferCurrency: transferEntry.currency,
};
function selectPayouts(deps: Pick<ModuleDeps, 'db'>, where: SQL) {
  return deps.db
    .select(payoutColumns)
    .from(transactions)
    .leftJoin(transferEntry, transferOf)
    .where(where)
    .$dynamic();
}
type PayoutRow = Awaited<ReturnType<typeof selectPayouts>>[number];

function toPayout(row: PayoutRow, currency: string): Payout {
  const paid = row.transferredAt !== null;
  return {
    _id: `transfer:${row.saleId}`,
    date: (row.transferredAt ?? row.shippedAt ?? new Date(0)).toISOString(),
    amount: toMajor(row.transferMinor ?? row.shareMinor),
    currency: row.transferCurrency ?? currency,
    status: paid ? 'paid' : row.payoutStatus === 'held' ? 'held' : 'pending',
    heldReason: !paid && row.payoutStatus === 'held' ? row.heldReason : null,
    reference: row.reference,
    sales: [
      {
        _id: row.saleId,
        orderId: row.orderId,
        orderRef: orderRef(row.orderId),
        href: `/sales/${row.saleId}`,
      },
    ],
  };
}

/** GET /payouts: a page of the caller's payouts in the period (all by default), newest first. */
export async function listPayouts(
  deps: Pick<ModuleDeps, 'db' | 'env' | 'now'>,
  sellerId: string,
  query: PeriodInput & { page: number; limit: number },
): Promise<PayoutList> {
  const period = periodOf(deps, query, 'all');
  const where = payoutsIn(sellerId, period);
  const [[counted], rows] = await Promise.all([
    deps.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(transactions)
      .leftJoin(transferEntry, transferOf)
      .where(where),
    selectPayouts(deps, where)
      .orderBy(desc(payoutDate), desc(transactions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
  ]);
  return {
    period,
    payouts: rows.map((r) => toPayout(r, deps.env.CURRENCY)),
    recordsCount: counted?.n ?? 0,
  };
}

/** Every payout of the caller in the period, oldest first (the CSV). */
export async function allPayouts(
  deps: Pick<ModuleDeps, 'db' | 'env'>,
  sellerId: string,
  period: ResolvedPeriod,
): Promise<Payout[]> {
  const rows = await selectPayouts(deps, payoutsIn(sellerId, period)).orderBy(
    asc(payoutDate),
    asc(transactions.id),
  );
  return rows.map((r) => toPayout(r, deps.env.CURRENCY));
}
