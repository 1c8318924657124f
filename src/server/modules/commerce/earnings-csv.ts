import { asc, eq, sql } from 'drizzle-orm';
import {
  PAYOUTS_CSV_COLUMNS,
  SALES_CSV_COLUMNS,
  type Payout,
} from '../../../shared/contracts/earnings';
import type { PeriodInput, ResolvedPeriod } from '../../../shared/contracts/earnings-rules';
import { csvDocument } from '../../../shared/csv';
import { optionsText } from '../../../shared/format';
import { orderItems, orders, transactions } from '../../db/schema';
import type { ModuleDeps } from '../core';
import {
  periodOf,
  refundedReturn,
  refundedReturnOf,
  refundEntry,
  refundMinorSql,
  refundOf,
  salesIn,
} from './earnings';
import { allPayouts } from './payout-list';

// The seller's sales and payouts as CSV for their accountant (issue 26 §7, docs/decisions/072):
// the same sales and the same money as GET /sales/summary and GET /payouts, one row each, oldest
// first; amounts are plain numbers with two decimals (no currency sign: a column says which).
// Cells go through csvCell (formula injection); the routes send them as attachments.

type Deps = Pick<ModuleDeps, 'db' | 'env' | 'now'>;
export interface CsvFile {
  filename: string;
  csv: string;
}

const amount = (minor: number) => (minor / 100).toFixed(2);

/** `sales-2026-03-01-to-2026-03-31.csv`; all time: `sales-all-to-2026-03-05.csv`. */
export const csvFilename = (what: 'sales' | 'payouts', p: ResolvedPeriod) =>
  `${what}-${p.from ?? 'all'}-to-${p.to}.csv`;

interface ItemCell {
  title: string;
  amount: number;
  options: Record<string, string>;
}

/** "2 × Mug (Colour: Blue); 1 × Plate": a sale's lines in one cell. */
export function itemsCell(items: readonly ItemCell[]): string {
  return items
    .map((i) => {
      const options = optionsText(i.options);
      return `${i.amount} × ${i.title}${options ? ` (${options})` : ''}`;
    })
    .join('; ');
}

/** GET /sales/export: one row per sale made in the period (one statement, its lines inlined). */
export async function salesCsv(deps: Deps, sellerId: string, query: PeriodInput): Promise<CsvFile> {
  const period = periodOf(deps, query, 'this-month');
  const t = transactions;
  const rows = await deps.db
    .select({
      sale: t,
      currency: orders.currency,
      refundMinor:
        sql<number>`case when ${t.status} = 'cancelled' then ${refundMinorSql} else coalesce(${refundedReturn.refundMinor}, 0) end`.mapWith(
          Number,
        ),
      returnFeeMinor: sql<number>`coalesce(${refundedReturn.feeReturnedMinor}, 0)`.mapWith(Number),
      items: sql<ItemCell[]>`(select coalesce(jsonb_agg(jsonb_build_object(
          'title', ${orderItems.title}, 'amount', ${orderItems.amount},
          'options', ${orderItems.selectedVariations}) order by ${orderItems.id}), '[]'::jsonb)
        from ${orderItems} where ${orderItems.transactionId} = ${t.id})`,
    })
    .from(t)
    .innerJoin(orders, eq(orders.id, t.orderId))
    .leftJoin(refundEntry, refundOf)
    .leftJoin(refundedReturn, refundedReturnOf)
    .where(salesIn(sellerId.toLowerCase(), period))
    .orderBy(asc(t.createdAt), asc(t.id));
  const csv = csvDocument(
    SALES_CSV_COLUMNS,
    rows.map(({ sale, currency, refundMinor, returnFeeMinor, items }) => {
      const cancelled = sale.status === 'cancelled';
      // As the summary counts them: a cancelled sale keeps no fee and pays the seller nothing; a
      // refunded return gives back its share of the fee (ADR 074).
      const fee = cancelled ? 0 : sale.platformFeeMinor - returnFeeMinor;
      return [
        sale.createdAt.toISOString().slice(0, 10),
        sale.orderId,
        sale.buyerName,
        itemsCell(items),
        amount(sale.subtotalMinor),
        sale.discountCode ?? '',
        amount(sale.discountMinor),
        amount(sale.shippingMinor),
        amount(sale.taxMinor),
        amount(sale.totalMinor),
        amount(fee),
        amount(refundMinor),
        amount(sale.totalMinor - fee - refundMinor),
        currency,
        sale.status,
        sale.payoutStatus,
        sale.shippedAt?.toISOString() ?? '',
      ];
    }),
  );
  return { filename: csvFilename('sales', period), csv };
}

const payoutLine = (p: Payout) => [
  p.date.slice(0, 10),
  p.amount.toFixed(2),
  p.currency,
  p.status,
  p.sales.map((s) => s.orderId).join(' '),
  p.sales.map((s) => s._id).join(' '),
  p.reference ?? '',
];

/** GET /payouts/export: every payout in the period (all by default), oldest first. */
export async function payoutsCsv(
  deps: Deps,
  sellerId: string,
  query: PeriodInput,
): Promise<CsvFile> {
  const period = periodOf(deps, query, 'all');
  const payouts = await allPayouts(deps, sellerId, period);
  return {
    filename: csvFilename('payouts', period),
    csv: csvDocument(PAYOUTS_CSV_COLUMNS, payouts.map(payoutLine)),
  };
}
