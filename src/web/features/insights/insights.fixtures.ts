import type { InsightTotals, InsightsResponse } from '../../../shared/contracts/insights';

/** Unit-test data of the insights page: GET /insights as it answers. */
export const totals = (patch: Partial<InsightTotals> = {}): InsightTotals => ({
  views: 0,
  visitors: 0,
  clicks: 0,
  carts: 0,
  orders: 0,
  revenue: 0,
  ...patch,
});

/** `days` days ending on 2026-03-07, views rising by one a day, orders on the last day. */
export function dailyFixture(days: number): InsightsResponse['daily'] {
  const end = Date.UTC(2026, 2, 7);
  return Array.from({ length: days }, (_, i) => ({
    day: new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    views: i + 1,
    visitors: i,
    orders: i === days - 1 ? 2 : 0,
    revenue: i === days - 1 ? 42.5 : 0,
  }));
}

export const insightsFixture = (patch: Partial<InsightsResponse> = {}): InsightsResponse => ({
  range: '7d',
  from: '2026-03-01',
  to: '2026-03-07',
  currency: 'USD',
  totals: totals({
    views: 1234,
    visitors: 321,
    clicks: 120,
    carts: 30,
    orders: 6,
    revenue: 1500.5,
  }),
  previous: totals({ views: 1000, visitors: 321, clicks: 0, carts: 40, orders: 3, revenue: 750 }),
  bySource: [
    {
      source: 'ig',
      views: 800,
      visitors: 200,
      clicks: 90,
      carts: 20,
      orders: 5,
      revenue: 1200,
    },
    {
      source: '=cmd',
      views: 10,
      visitors: 5,
      clicks: 1,
      carts: 0,
      orders: 0,
      revenue: 0,
    },
  ],
  byPost: [
    {
      postId: 'p1',
      title: 'Blue mug',
      path: '/maya/blue-mug-3f2a',
      views: 500,
      carts: 12,
      orders: 4,
      revenue: 72,
    },
    { postId: 'p2', title: null, path: null, views: 3, carts: 0, orders: 0, revenue: 0 },
    { postId: 'p3', title: 'Draft bowl', path: null, views: 1, carts: 0, orders: 0, revenue: 0 },
  ],
  byLink: [
    { linkId: 'l1', title: 'Instagram', clicks: 100, orders: 2, revenue: 36 },
    { linkId: 'l2', title: null, clicks: 4, orders: 0, revenue: 0 },
  ],
  daily: dailyFixture(7),
  ...patch,
});
