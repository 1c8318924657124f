import { PillNav } from '../../../components/ui/PillNav';
import type { InsightRange } from '../../../../shared/contracts/insights';
import { insightsHref, type InsightsParams } from '../insights-paths';

/** 7 / 30 / 90 / 365 days as links (`?range=30d`): they work without JavaScript. */
export function RangeNav({
  params,
  ranges,
}: {
  params: InsightsParams;
  ranges: readonly { range: InsightRange; days: number }[];
}) {
  return (
    <PillNav
      label="Range"
      testId="insights-ranges"
      items={ranges.map(({ range, days }) => ({
        to: insightsHref({ ...params, range }),
        label: `${days} days`,
        current: range === params.range,
        testId: `insights-range-${range}`,
      }))}
    />
  );
}
