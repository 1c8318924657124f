import { PageHeader } from '../../../components/ui/page';
import type { InsightRange, InsightsResponse } from '../../../../shared/contracts/insights';
import { formatDay } from '../../../../shared/format';
import { hasNoData } from '../insights-math';
import { insightsCsvHref, type InsightsParams } from '../insights-paths';
import { ClearInsights } from './ClearInsights';
import { CountingNote } from './CountingNote';
import { DailyChart } from './DailyChart';
import { EmptyState } from './EmptyState';
import { Funnel } from './Funnel';
import { HeadlineNumbers } from './HeadlineNumbers';
import { LinksTable, PostsTable, SourcesTable } from './InsightTables';
import { RangeNav } from './RangeNav';
import { TableSection } from './TableSection';

export interface InsightsPageProps {
  params: InsightsParams;
  ranges: readonly { range: InsightRange; days: number }[];
  data: InsightsResponse | null;
  /** Why there is no data (a refusal or failure of GET /insights), in words. */
  error: string | null;
  /** The seller's page address (their own insights only: the empty state offers it to share). */
  pageUrl: string | null;
  /** The caller's own insights: they may clear them (once they have loaded). */
  own: boolean;
  onCleared: () => void;
}

/**
 * /insights: a seller's views, visitors, clicks, carts, orders and revenue over a range against
 * the period before, the funnel, the days, and the sources, posts and links behind them.
 */
export function InsightsPage({
  params,
  ranges,
  data,
  error,
  pageUrl,
  own,
  onCleared,
}: InsightsPageProps) {
  const days = ranges.find((r) => r.range === params.range)?.days ?? data?.daily.length ?? 0;
  const whose = own ? 'your' : 'this seller’s';
  return (
    <div data-testid="insights-page">
      <PageHeader
        title="Insights"
        description={
          data ? (
            <>
              How {whose} pages were seen, clicked and bought from,{' '}
              <span data-testid="insights-period">
                {formatDay(data.from)} to {formatDay(data.to)}
              </span>{' '}
              (UTC days).
            </>
          ) : (
            `How ${whose} pages were seen, clicked and bought from.`
          )
        }
      />
      <RangeNav params={params} ranges={ranges} />
      {error ? (
        <p role="alert" className="field-error mb-8" data-testid="insights-error">
          {error}
        </p>
      ) : null}
      {data && hasNoData(data.totals, data.previous) ? (
        <EmptyState days={days} pageUrl={own ? pageUrl : null} />
      ) : data ? (
        <>
          <HeadlineNumbers
            totals={data.totals}
            previous={data.previous}
            days={days}
            currency={data.currency}
          />
          <Funnel totals={data.totals} />
          <TableSection
            id="insights-days"
            title="Day by day"
            description="Views each day, with the days that had orders marked."
            csvHref={insightsCsvHref(params, 'daily')}
            csvName="every day"
            empty={null}
          >
            <DailyChart daily={data.daily} currency={data.currency} />
          </TableSection>
          <SourcesTable data={data} params={params} />
          <PostsTable data={data} params={params} />
          <LinksTable data={data} params={params} />
        </>
      ) : null}
      <CountingNote />
      {own && data ? <ClearInsights onCleared={onCleared} /> : null}
    </div>
  );
}
