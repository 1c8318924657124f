import {
  cartAddRequest,
  cartAddResponse,
  clearInsightsResponse,
  insightsQuery,
  insightsResponse,
} from '../contracts/insights';
import { endpoint } from './endpoint';

const tags = ['insights'] as const;

/** Insights (issue 26, docs/decisions/071): a seller's views, clicks, carts and sales. */
export const insightsApi = {
  insights: endpoint({
    method: 'GET',
    path: '/insights',
    summary:
      "The caller's insights over a range (7d, 30d, 90d, 365d): totals against the period before, by source, post, link and day (admins: any seller's with ?userId=)",
    tags,
    query: insightsQuery,
    response: insightsResponse,
  }),
  clearInsights: endpoint({
    method: 'DELETE',
    path: '/insights',
    summary: "Delete the caller's recorded events and daily totals (test visits, a fresh start)",
    tags,
    response: clearInsightsResponse,
  }),
  cartAdd: endpoint({
    method: 'POST',
    path: '/insights/cart-adds',
    summary:
      'An item entered the cart: counted for its seller, answered with the source and post the sale will be credited to',
    tags,
    body: cartAddRequest,
    response: cartAddResponse,
  }),
};
