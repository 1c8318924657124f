import { earningsApi } from '../../../../shared/api/earnings';
import type { PayoutList, SalesSummary } from '../../../../shared/contracts/earnings';
import {
  EARNINGS_PERIODS,
  periodSearch,
  type EarningsPeriod,
  type PeriodInput,
  type ResolvedPeriod,
} from '../../../../shared/contracts/earnings-rules';
import { ApiError, type ApiClient } from '../../../lib/api-client';

// The seller's earnings for loaders (`serverApi(context)`): the totals of /sales for the period in
// its address (`?period=`, or `?period=custom&from=&to=`), the payouts of /payout-setup, and the
// addresses of the CSV downloads. A failed read comes back as a sentence, so the page still shows.

export const PAYOUTS_PER_PAGE = 10;

const LOAD_ERROR = 'Your totals could not be loaded just now. Reload the page to try again.';
const PAYOUTS_ERROR = 'Your payouts could not be loaded just now. Reload the page to try again.';

/** The period the address asks for (empty form fields left out; an unknown period ignored). */
export function periodQueryFrom(url: URL): PeriodInput {
  const value = (name: string) => url.searchParams.get(name) || undefined;
  const period = value('period');
  return {
    period: EARNINGS_PERIODS.includes(period as EarningsPeriod)
      ? (period as EarningsPeriod)
      : undefined,
    from: value('from'),
    to: value('to'),
  };
}

export type SummaryState =
  { summary: SalesSummary; error: null } | { summary: null; error: string; query: PeriodInput };

/** /sales: the totals of the period in the address (this month by default). */
export async function loadSalesSummary(client: ApiClient, url: URL): Promise<SummaryState> {
  const query = periodQueryFrom(url);
  try {
    return { summary: await client.call(earningsApi.salesSummary, { query }), error: null };
  } catch (error) {
    // A date the server refuses (typed into the address) is said as the server says it.
    const said = error instanceof ApiError && error.status === 400 ? error.message : null;
    return { summary: null, error: said ?? LOAD_ERROR, query };
  }
}

export type PayoutsState = (PayoutList & { error: null }) | { error: string };

/** /payout-setup: a page of the payouts, newest first. */
export async function loadPayouts(client: ApiClient, page: number): Promise<PayoutsState> {
  try {
    const list = await client.call(earningsApi.payouts, {
      query: { page, limit: PAYOUTS_PER_PAGE },
    });
    return { ...list, error: null };
  } catch {
    return { error: PAYOUTS_ERROR };
  }
}

/** The CSV downloads (resource routes that fetch the API's file on the member's behalf). */
export const csvHref = (what: 'sales' | 'payouts', period: ResolvedPeriod) =>
  `${what === 'sales' ? '/sales/export' : '/sales/payouts/export'}?${periodSearch(period)}`;
