// A seller's earnings (issue 26 §7, docs/decisions/072): the periods their sales are totalled over,
// when the money still waiting is released, and the share of a sale they keep. No zod: the pages
// use these too. Days are UTC days, as every date on /sales is shown (shared/format.ts).

import { toMinor } from '../money';

/** The periods a seller picks on /sales; `custom` takes `from` and `to`. */
export const EARNINGS_PERIODS = [
  'this-month',
  'last-month',
  'this-year',
  'last-year',
  'all',
  'custom',
] as const;
export type EarningsPeriod = (typeof EARNINGS_PERIODS)[number];

export const PERIOD_LABELS: Record<EarningsPeriod, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-year': 'This year',
  'last-year': 'Last year',
  all: 'All time',
  custom: 'Custom dates',
};

/** A period as concrete UTC days, both included; `from` null: since the first sale. */
export interface ResolvedPeriod {
  period: EarningsPeriod;
  from: string | null;
  to: string;
}

/** What a request says about its period (the contract's fields, empty ones left out). */
export interface PeriodInput {
  period?: EarningsPeriod | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-02-30` → false: the text is a real calendar day (YYYY-MM-DD). */
export function isCalendarDay(text: string): boolean {
  if (!DAY_FORMAT.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const utcDay = (year: number, month: number, day: number) =>
  dayOf(new Date(Date.UTC(year, month, day)));

/**
 * The days a period covers on `now`. Without a period, dates given mean `custom` and none mean
 * `fallback`. A custom period without `from` starts at the first sale, without `to` ends today.
 */
export function resolvePeriod(
  input: PeriodInput,
  now: Date,
  fallback: Exclude<EarningsPeriod, 'custom'>,
): ResolvedPeriod {
  const period = input.period ?? (input.from || input.to ? 'custom' : fallback);
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = dayOf(now);
  switch (period) {
    case 'this-month':
      return { period, from: utcDay(y, m, 1), to: utcDay(y, m + 1, 0) };
    case 'last-month':
      return { period, from: utcDay(y, m - 1, 1), to: utcDay(y, m, 0) };
    case 'this-year':
      return { period, from: `${y}-01-01`, to: `${y}-12-31` };
    case 'last-year':
      return { period, from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
    case 'all':
      return { period, from: null, to: today };
    case 'custom':
      return { period, from: input.from ?? null, to: input.to ?? today };
  }
}

/** The instants a period spans: [start, end) — `end` is the midnight after its last day. */
export function periodInstants(p: ResolvedPeriod): { start: Date | null; end: Date } {
  const end = new Date(`${p.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: p.from ? new Date(`${p.from}T00:00:00Z`) : null, end };
}

/** The query string that asks for this period again (CSV links, the list's pages). */
export function periodSearch(p: ResolvedPeriod): URLSearchParams {
  const query = new URLSearchParams({ period: p.period });
  if (p.period === 'custom') {
    if (p.from) query.set('from', p.from);
    query.set('to', p.to);
  }
  return query;
}

/**
 * When money still waiting for the seller is released: when they mark the sale shipped, when they
 * finish their payout setup (shipped, held for it), or already on its way (the transfer is made).
 */
export const RELEASES = ['shipment', 'payout_setup', 'transfer'] as const;
export type Release = (typeof RELEASES)[number];

export const RELEASE_LABELS: Record<Release, string> = {
  shipment: 'Released when you mark the sale shipped',
  payout_setup: 'Released when you finish your payout setup',
  transfer: 'On its way to your account',
};

/** A payout's state: transferred, transfer under way, or held until the payout setup is done. */
export const PAYOUT_LIST_STATUSES = ['paid', 'pending', 'held'] as const;
export type PayoutListStatus = (typeof PAYOUT_LIST_STATUSES)[number];

export const PAYOUT_LIST_LABELS: Record<PayoutListStatus, string> = {
  paid: 'Paid',
  pending: 'On its way',
  held: 'Held',
};

/**
 * The share of a sale the seller keeps: the platform fee is taken on the items and shipping only
 * (docs/decisions/032), so this is 1 − fee ÷ (items + shipping); the tax is theirs whole. Cents
 * are compared, never floats. A sale of nothing (free items, free shipping) keeps everything.
 */
export function keptShare(sale: {
  subtotal: number;
  discount?: number;
  shipping: number;
  platformFee: number;
}) {
  // What the seller earns: the items less their discount code's (docs/decisions/073), and shipping.
  const base = toMinor(sale.subtotal) - toMinor(sale.discount ?? 0) + toMinor(sale.shipping);
  return base > 0 ? 1 - toMinor(sale.platformFee) / base : 1;
}
