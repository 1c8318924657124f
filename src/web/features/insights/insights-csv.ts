import type { InsightsResponse } from '../../../shared/contracts/insights';
import { csvDocument, type CsvValue } from '../../../shared/csv';
import { sourceLabel } from '../../../shared/source-names';

// The insights page's tables as CSV files (its "Download CSV" links, routes/insights-export.ts):
// the same rows as the page, numbers as plain numbers (money in major units, as on the wire).

export const INSIGHT_TABLES = ['sources', 'posts', 'links', 'daily'] as const;
export type InsightTable = (typeof INSIGHT_TABLES)[number];

export const isInsightTable = (value: string | null): value is InsightTable =>
  (INSIGHT_TABLES as readonly (string | null)[]).includes(value);

function table(table: InsightTable, data: InsightsResponse): [string[], CsvValue[][]] {
  const revenue = `revenue (${data.currency})`;
  switch (table) {
    case 'sources':
      return [
        ['source', 'name', 'views', 'visitors', 'clicks', 'carts', 'orders', revenue],
        data.bySource.map((s) => [
          s.source,
          sourceLabel(s.source),
          s.views,
          s.visitors,
          s.clicks,
          s.carts,
          s.orders,
          s.revenue,
        ]),
      ];
    case 'posts':
      return [
        ['post id', 'title', 'views', 'carts', 'orders', revenue],
        data.byPost.map((p) => [
          p.postId,
          p.title ?? 'Deleted post',
          p.views,
          p.carts,
          p.orders,
          p.revenue,
        ]),
      ];
    case 'links':
      return [
        ['link id', 'title', 'clicks', 'orders', revenue],
        data.byLink.map((l) => [
          l.linkId,
          l.title ?? 'Deleted link',
          l.clicks,
          l.orders,
          l.revenue,
        ]),
      ];
    case 'daily':
      return [
        ['day (UTC)', 'views', 'visitors', 'orders', revenue],
        data.daily.map((d) => [d.day, d.views, d.visitors, d.orders, d.revenue]),
      ];
  }
}

/** One table of `data` as a CSV file, named after the table and the range's days. */
export function insightsCsv(
  name: InsightTable,
  data: InsightsResponse,
): { filename: string; csv: string } {
  const [header, rows] = table(name, data);
  return {
    filename: `insights-${name}-${data.from}-to-${data.to}.csv`,
    csv: csvDocument(header, rows),
  };
}
