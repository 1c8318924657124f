import type { InsightRange } from '../../../shared/contracts/insights';
import type { InsightTable } from './insights-csv';

// The insights page's addresses: every state is a URL (`?range=`, an admin's `?userId=`), so the
// range links and the CSV files work without JavaScript. Kept free of the zod contract: the page's
// components import this.

export interface InsightsParams {
  range: InsightRange;
  /** An admin looking at another seller's insights; null: the caller's own. */
  userId: string | null;
}

function query(params: InsightsParams, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams(extra);
  search.set('range', params.range);
  if (params.userId) search.set('userId', params.userId);
  return search.toString();
}

/** `/insights?range=7d` (with `&userId=` when an admin looks at someone else's). */
export const insightsHref = (params: InsightsParams): string => `/insights?${query(params)}`;

/** Where one table's "Download CSV" link points (routes/insights-export.ts). */
export const INSIGHTS_CSV_PATH = '/insights/export.csv';
export const insightsCsvHref = (params: InsightsParams, table: InsightTable): string =>
  `${INSIGHTS_CSV_PATH}?${query(params, { table })}`;

/** The public page that says what is counted and kept. */
export const HOW_WE_COUNT_PATH = '/how-we-count';
