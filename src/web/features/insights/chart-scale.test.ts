import { describe, expect, it } from 'vitest';
import { CHART, chartBars, chartSummary, niceMax } from './chart-scale';
import { dailyFixture } from './insights.fixtures';

describe('the daily chart', () => {
  it('tops its scale at 1, 2 or 5 × 10ⁿ', () => {
    expect([0, 1, 3, 10, 11, 40, 51, 999, 1001].map(niceMax)).toEqual([
      1, 1, 5, 10, 20, 50, 100, 1000, 2000,
    ]);
  });

  it('draws one bar a day across the width, as tall as its views, dots on days with orders', () => {
    const daily = dailyFixture(5); // views 1…5: the scale tops at 5
    const { bars, max } = chartBars(daily);
    expect(max).toBe(5);
    expect(bars).toHaveLength(5);
    const plot = CHART.height - CHART.top - CHART.bottom;
    expect(bars.at(-1)!.height).toBeCloseTo(plot);
    expect(bars[0]!.height).toBeCloseTo(plot / 5);
    for (const bar of bars) expect(bar.y + bar.height).toBeCloseTo(CHART.height - CHART.bottom);
    expect(bars.at(-1)!.x + bars.at(-1)!.width).toBeLessThanOrEqual(CHART.width);
    expect(bars.map((b) => b.orderMark !== null)).toEqual([false, false, false, false, true]);
    expect(bars.at(-1)!.orderMark!.cy).toBeGreaterThan(0);
  });

  it('fits a year of days in the same width', () => {
    const { bars } = chartBars(dailyFixture(365));
    expect(bars).toHaveLength(365);
    expect(bars.at(-1)!.x + bars.at(-1)!.width).toBeCloseTo(CHART.width);
  });

  it('says what it shows: the days, the views, the busiest day and the orders', () => {
    expect(chartSummary(dailyFixture(3))).toBe(
      'Views a day from Mar 5, 2026 to Mar 7, 2026 (UTC): 6 views in all, the most on Mar 7, 2026 (3 views). 2 orders on 1 day, marked with a dot.',
    );
    const quiet = dailyFixture(2).map((d) => ({ ...d, views: 0, orders: 0 }));
    expect(chartSummary(quiet)).toBe(
      'Views a day from Mar 6, 2026 to Mar 7, 2026 (UTC): 0 views in all. No orders.',
    );
    expect(chartSummary([])).toBe('Views a day: no days to show.');
  });
});
