import { z } from 'zod';
import { obj } from './catalog-model';
import { iso, limitField, money, pageField } from './commerce-fields';
import { EARNINGS_PERIODS, PAYOUT_LIST_STATUSES, RELEASES, isCalendarDay } from './earnings-rules';

// A seller's earnings on the wire (issue 26 §7, docs/decisions/072): their sales' totals over a
// period, their payouts, and both as CSV. Money: major units in the marketplace's currency.

/** An empty form field (`from=`) is no value: a GET form sends its empty date inputs too. */
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

const dayField = (which: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string({ error: `Enter the ${which} date as YYYY-MM-DD.` })
      .refine(isCalendarDay, `Enter the ${which} date as a real day, YYYY-MM-DD.`)
      // A calendar day in the JSON Schema (OpenAPI, the fuzz guard rail).
      .meta({ format: 'date' })
      .optional(),
  );

const periodShape = {
  period: z.preprocess(
    blankIsAbsent,
    z
      .enum(EARNINGS_PERIODS, {
        error: `Choose a period: ${EARNINGS_PERIODS.join(', ')}.`,
      })
      .optional(),
  ),
  /** First day of a custom period (UTC, included); absent: since the first sale. */
  from: dayField('start'),
  /** Last day of a custom period (UTC, included); absent: today. */
  to: dayField('end'),
};

function endNotBeforeStart(
  q: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (q.from && q.to && q.from > q.to)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'The end date must be on or after the start date.',
    });
}

/**
 * GET /sales/summary, /sales/export, /payouts/export: `period` (this-month by default for the
 * totals, all for the payouts), or `from`/`to` days for a custom one.
 */
export const earningsPeriodQuery = obj(periodShape).superRefine(endNotBeforeStart);
export type EarningsPeriodQuery = z.input<typeof earningsPeriodQuery>;

/** GET /payouts: a page of the caller's payouts, newest first, in a period (all by default). */
export const payoutListQuery = obj({
  ...periodShape,
  page: pageField,
  limit: limitField,
}).superRefine(endNotBeforeStart);

export const resolvedPeriodSchema = z.object({
  period: z.enum(EARNINGS_PERIODS),
  /** First day (UTC, YYYY-MM-DD), null: since the first sale. */
  from: z.string().nullable(),
  /** Last day (UTC, YYYY-MM-DD), included. */
  to: z.string(),
});

export const waitingPartSchema = z.object({
  releasesOn: z.enum(RELEASES),
  amount: money,
  salesCount: z.number().int(),
});
export type WaitingPart = z.infer<typeof waitingPartSchema>;

/**
 * The caller's sales made in the period (paid orders, by the sale's date). `gross` is what buyers
 * paid for them (items + shipping + tax, cancelled ones included); `platformFees` the fees of
 * those not cancelled; `refunds` what went back to buyers of the cancelled ones; `net` = gross −
 * fees − refunds = `paidOut` + `waiting.total`. docs/decisions/072 defines each.
 */
export const salesSummaryResponse = obj({
  period: resolvedPeriodSchema,
  currency: z.string(),
  salesCount: z.number().int(),
  gross: money,
  platformFees: money,
  refunds: money,
  net: money,
  paidOut: money,
  waiting: z.object({
    total: money,
    /** Only the kinds with money waiting, in the order of RELEASES. */
    byRelease: z.array(waitingPartSchema),
  }),
});
export type SalesSummary = z.infer<typeof salesSummaryResponse>;

export const payoutSchema = z.object({
  /** The transfer's ledger key (`transfer:{saleId}`): the same before and after it is made. */
  _id: z.string(),
  /** When it was transferred (paid), or when the sale shipped (pending, held). */
  date: iso,
  amount: money,
  currency: z.string(),
  status: z.enum(PAYOUT_LIST_STATUSES),
  /** Why a held payout waits. */
  heldReason: z.string().nullable(),
  /** The payment provider's id of the transfer (tr_…), once made. */
  reference: z.string().nullable(),
  /** The sales it pays for (today one: each shipped sale is transferred on its own). */
  sales: z.array(
    z.object({ _id: z.string(), orderId: z.string(), orderRef: z.string(), href: z.string() }),
  ),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutListResponse = obj({
  period: resolvedPeriodSchema,
  payouts: z.array(payoutSchema),
  recordsCount: z.number().int(),
});
export type PayoutList = z.infer<typeof payoutListResponse>;

/** The CSVs' columns, in order (one row per sale; one per payout). */
export const SALES_CSV_COLUMNS = [
  'sale_date',
  'order_id',
  'buyer',
  'items',
  'subtotal',
  'discount_code',
  'discount',
  'shipping',
  'tax',
  'total',
  'platform_fee',
  'refunded',
  'you_receive',
  'currency',
  'sale_status',
  'payout_status',
  'shipped_at',
] as const;
export const PAYOUTS_CSV_COLUMNS = [
  'date',
  'amount',
  'currency',
  'status',
  'order_ids',
  'sale_ids',
  'reference',
] as const;
