import { insightsApi } from '../../../../shared/api/insights';
import {
  INSIGHT_RANGES,
  INSIGHT_RANGE_DAYS,
  insightsQuery,
  type InsightRange,
  type InsightsResponse,
} from '../../../../shared/contracts/insights';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/errors';
import type { InsightsParams } from '../insights-paths';

// The insights reads for loaders (`serverApi(context)`): the page and its CSV files.

export const INSIGHTS_LOAD_ERROR = 'Your insights could not be loaded. Please try again.';

/** A range the page offers: its value and its length in days. */
export interface RangeOption {
  range: InsightRange;
  days: number;
}

export const RANGE_OPTIONS: readonly RangeOption[] = INSIGHT_RANGES.map((range) => ({
  range,
  days: INSIGHT_RANGE_DAYS[range],
}));

/**
 * The page's range and whose insights from its URL. A range the API does not know falls back to
 * its default (30 days): an old or mistyped link still shows something; a malformed user id is
 * passed on for the API to refuse in words.
 */
export function insightsParamsOf(url: URL): InsightsParams {
  const asked = url.searchParams.get('range');
  const range = (INSIGHT_RANGES as readonly (string | null)[]).includes(asked)
    ? (asked as InsightRange)
    : insightsQuery.parse({}).range;
  const userId = url.searchParams.get('userId')?.trim() || null;
  return { range, userId };
}

export type InsightsLoad =
  | { data: InsightsResponse; error: null; status: 200 }
  /** `status`: the API's (a refusal: 400, 403, 404…), else 503 (it could not be reached). */
  | { data: null; error: string; status: number };

/** GET /insights; a refusal or failure comes back as the sentence to show, never thrown. */
export async function loadInsights(
  client: ApiClient,
  params: InsightsParams,
): Promise<InsightsLoad> {
  try {
    const data = await client.call(insightsApi.insights, {
      query: { range: params.range, ...(params.userId ? { userId: params.userId } : {}) },
    });
    return { data, error: null, status: 200 };
  } catch (err) {
    const status = err instanceof ApiError && err.status >= 400 ? err.status : 503;
    return { data: null, error: apiErrorMessage(err, INSIGHTS_LOAD_ERROR), status };
  }
}
