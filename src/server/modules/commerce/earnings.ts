import { and, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SalesSummary } from '../../../shared/contracts/earnings';
import {
  RELEASES,
  periodInstants,
  resolvePeriod,
  type EarningsPeriod,
  type PeriodInput,
  type Release,
  type ResolvedPeriod,
} from '../../../shared/contracts/earnings-rules';
import { toMajor } from '../../../shared/money';
import { ledgerEntries, orders, returnRequests, transactions } from '../../db/schema';
import { validationError, type ModuleDeps } from '../core';

// GET /sales/summary (issue 26 §7, docs/decisions/072): a seller's sales made in a period, totalled
// in one statement grouped by where each sale's money stands. Sales are paid orders' parts, dated
// by the sale (transactions.created_at, the date /sales shows): the seller index's range.

/** Where a sale's money stands: refunded (cancelled), transferred, or waiting for a release. */
export type MoneyBucket = 'cancelled' | 'paid_out' | Release;

export interface BucketRow {
  bucket: MoneyBucket;
  sales: number;
  totalMinor: number;
  feeMinor: number;
  /** The seller's share (total − fee). */
  shareMinor: number;
  /** Refunds recorded (or, while the refund job has not run, the part's total: what it refunds). */
  refundMinor: number;
  transferMinor: number;
  /** Return requests refunded (ADR 074): the refunds, the fee they gave back, the reversals. */
  returnRefundMinor?: number;
  returnFeeMinor?: number;
  reversalMinor?: number;
}

/** The period a query asks for on the app's clock; an end before the start is refused. */
export function periodOf(
  deps: Pick<ModuleDeps, 'now'>,
  query: PeriodInput,
  fallback: Exclude<EarningsPeriod, 'custom'>,
): ResolvedPeriod {
  const period = resolvePeriod(query, new Date(deps.now()), fallback);
  if (period.from && period.from > period.to)
    throw validationError('The start date is after the end date: choose an earlier start.');
  return period;
}

/** Sales of `sellerId` (paid orders' parts) whose date falls in the period. */
export function salesIn(sellerId: string, period: ResolvedPeriod): SQL {
  const { start, end } = periodInstants(period);
  return and(
    eq(transactions.sellerId, sellerId),
    isNotNull(orders.paidAt),
    start ? gte(transactions.createdAt, start) : undefined,
    lt(transactions.createdAt, end),
  )!;
}

/** The ledger's transfer and refund of each sale, joined by their keys (the unique index). */
export const transferEntry = alias(ledgerEntries, 'transfer');
export const refundEntry = alias(ledgerEntries, 'refund');
export const transferOf = eq(transferEntry.key, sql`'transfer:' || ${transactions.id}::text`);
export const refundOf = eq(refundEntry.key, sql`'refund:' || ${transactions.id}::text`);

/** A sale's refunded return request and the reversal of its transfer (ADR 074). */
export const refundedReturn = alias(returnRequests, 'refunded_return');
export const reversalEntry = alias(ledgerEntries, 'reversal');
export const refundedReturnOf = and(
  eq(refundedReturn.transactionId, transactions.id),
  eq(refundedReturn.status, 'refunded'),
)!;
export const reversalOf = eq(
  reversalEntry.key,
  sql`'reversal:return:' || ${refundedReturn.id}::text`,
);

/** What a sale's refund is: the ledger's amount, or its total while the refund is being sent. */
export const refundMinorSql = sql<number>`coalesce(${refundEntry.amountMinor}, ${transactions.totalMinor})`;

const bucketSql = sql<MoneyBucket>`case
  when ${transactions.status} = 'cancelled' then 'cancelled'
  when ${transferEntry.id} is not null then 'paid_out'
  when ${transactions.status} = 'paid' then 'shipment'
  when ${transactions.payoutStatus} = 'held' then 'payout_setup'
  else 'transfer' end`;

const total = (expr: SQL | AnyPgColumn) => sql<string>`coalesce(sum(${expr}), 0)`.mapWith(Number);

/** GET /sales/summary: the caller's sales in the period, totalled (one statement). */
export async function salesSummary(
  deps: Pick<ModuleDeps, 'db' | 'env' | 'now'>,
  sellerId: string,
  query: PeriodInput,
): Promise<SalesSummary> {
  const period = periodOf(deps, query, 'this-month');
  const rows = await deps.db
    .select({
      bucket: bucketSql,
      sales: sql<number>`count(*)`.mapWith(Number),
      totalMinor: total(transactions.totalMinor),
      feeMinor: total(transactions.platformFeeMinor),
      shareMinor: total(
        sql`${transactions.totalMinor} - ${transactions.platformFeeMinor} - coalesce(${refundedReturn.refundMinor} - ${refundedReturn.feeReturnedMinor}, 0)`,
      ),
      refundMinor: total(refundMinorSql),
      transferMinor: total(sql`${transferEntry.amountMinor}`),
      returnRefundMinor: total(refundedReturn.refundMinor),
      returnFeeMinor: total(refundedReturn.feeReturnedMinor),
      reversalMinor: total(sql`${reversalEntry.amountMinor}`),
    })
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .leftJoin(transferEntry, transferOf)
    .leftJoin(refundEntry, refundOf)
    .leftJoin(refundedReturn, refundedReturnOf)
    .leftJoin(reversalEntry, reversalOf)
    .where(salesIn(sellerId.toLowerCase(), period))
    .groupBy(bucketSql);
  return { period, currency: deps.env.CURRENCY, ...summarise(rows) };
}

/**
 * The totals from the buckets (pure): gross counts every sale made, cancelled ones too (their
 * buyers paid, then were refunded); fees only the sales not cancelled (a refund returns the whole
 * total, so no fee is kept on it); net = gross − fees − refunds, which is what was paid out plus
 * what is waiting.
 */
export function summarise(rows: readonly BucketRow[]): Omit<SalesSummary, 'period' | 'currency'> {
  const sum = (pick: (r: BucketRow) => number, only?: (r: BucketRow) => boolean) =>
    rows.filter(only ?? (() => true)).reduce((n, r) => n + pick(r), 0);
  const live = (r: BucketRow) => r.bucket !== 'cancelled';
  const gross = sum((r) => r.totalMinor);
  // A return's refund gives back its share of the fee (ADR 074): the platform keeps the rest.
  const fees = sum((r) => r.feeMinor - (r.returnFeeMinor ?? 0), live);
  const refunds =
    sum(
      (r) => r.refundMinor,
      (r) => r.bucket === 'cancelled',
    ) + sum((r) => r.returnRefundMinor ?? 0, live);
  const byRelease = RELEASES.flatMap((releasesOn) => {
    const row = rows.find((r) => r.bucket === releasesOn);
    return row && row.sales > 0
      ? [{ releasesOn, amount: toMajor(row.shareMinor), salesCount: row.sales }]
      : [];
  });
  const waiting = sum(
    (r) => r.shareMinor,
    (r) => (RELEASES as readonly string[]).includes(r.bucket),
  );
  return {
    salesCount: sum((r) => r.sales),
    gross: toMajor(gross),
    platformFees: toMajor(fees),
    refunds: toMajor(refunds),
    net: toMajor(gross - fees - refunds),
    paidOut: toMajor(
      sum(
        (r) => r.transferMinor - (r.reversalMinor ?? 0),
        (r) => r.bucket === 'paid_out',
      ),
    ),
    waiting: { total: toMajor(waiting), byRelease },
  };
}
