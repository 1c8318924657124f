import { z } from 'zod';
import {
  earningsPeriodQuery,
  payoutListQuery,
  payoutListResponse,
  salesSummaryResponse,
} from '../contracts/earnings';
import { endpoint } from './endpoint';

/**
 * A seller's earnings (issue 26 §7, docs/decisions/072): their sales' totals over a period, their
 * payouts, and both as CSV for their accountant. Always the caller's own.
 */
export const earningsApi = {
  salesSummary: endpoint({
    method: 'GET',
    path: '/sales/summary',
    summary:
      "The caller's sales made in a period (?period=this-month|last-month|this-year|last-year|all, or ?from=&to= days, UTC): gross, platform fees, refunds, net, paid out and what is waiting, with when it is released",
    tags: ['sales'],
    query: earningsPeriodQuery,
    response: salesSummaryResponse,
  }),
  salesCsv: endpoint({
    method: 'GET',
    path: '/sales/export',
    summary:
      "The caller's sales made in a period as CSV (text/csv, an attachment): one row per sale with its money, payout and shipment",
    tags: ['sales'],
    query: earningsPeriodQuery,
    response: z.string(),
  }),
  payouts: endpoint({
    method: 'GET',
    path: '/payouts',
    summary:
      "The caller's payouts, newest first (?page=, ?limit=; ?period= or ?from=&to=, all by default): transferred, on its way or held, with the sales each pays for",
    tags: ['payouts'],
    query: payoutListQuery,
    response: payoutListResponse,
  }),
  payoutsCsv: endpoint({
    method: 'GET',
    path: '/payouts/export',
    summary: "The caller's payouts in a period as CSV (text/csv, an attachment), oldest first",
    tags: ['payouts'],
    query: earningsPeriodQuery,
    response: z.string(),
  }),
};
