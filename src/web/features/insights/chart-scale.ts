import type { InsightsResponse } from '../../../shared/contracts/insights';
import { formatDay, formatNumber } from '../../../shared/format';

// The daily chart's geometry and words, apart from its drawing (components/DailyChart.tsx): the
// scale, each day's bar and order mark in the SVG's own units, and the summary a screen reader
// hears instead of the picture.

export type Day = InsightsResponse['daily'][number];

/** The drawing's size in SVG units (the picture scales to the page's width). */
export const CHART = { width: 600, height: 200, top: 14, bottom: 4 } as const;

/** The top of the scale: the smallest 1, 2 or 5 × 10ⁿ at or above `max` (at least 1). */
export function niceMax(max: number): number {
  if (!(max > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

export interface Bar {
  day: string;
  x: number;
  width: number;
  y: number;
  height: number;
  /** Where the day's order mark is drawn (its centre), when the day had orders. */
  orderMark: { cx: number; cy: number } | null;
}

/** One bar of views per day, oldest on the left, with a mark above the days that had orders. */
export function chartBars(daily: readonly Day[]): { bars: Bar[]; max: number } {
  const max = niceMax(Math.max(0, ...daily.map((d) => d.views)));
  const plot = CHART.height - CHART.top - CHART.bottom;
  const slot = CHART.width / Math.max(1, daily.length);
  // A gap between bars while they are wide enough to see one.
  const gap = slot >= 6 ? slot * 0.2 : 0;
  const bars = daily.map((d, i) => {
    const height = (Math.max(0, d.views) / max) * plot;
    const x = i * slot + gap / 2;
    const y = CHART.height - CHART.bottom - height;
    return {
      day: d.day,
      x,
      width: slot - gap,
      y,
      height,
      orderMark: d.orders > 0 ? { cx: i * slot + slot / 2, cy: Math.max(6, y - 7) } : null,
    };
  });
  return { bars, max };
}

const plural = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * What the chart shows, in a sentence or three: the days it covers, the views in all, the busiest
 * day and the days with orders.
 */
export function chartSummary(daily: readonly Day[]): string {
  if (daily.length === 0) return 'Views a day: no days to show.';
  const first = formatDay(daily[0]!.day);
  const last = formatDay(daily.at(-1)!.day);
  const views = daily.reduce((sum, d) => sum + d.views, 0);
  const orders = daily.reduce((sum, d) => sum + d.orders, 0);
  const intro = `Views a day from ${first} to ${last} (UTC): ${plural(views, 'view', 'views')} in all`;
  if (views === 0) return `${intro}. ${ordersSentence(daily, orders)}`;
  const busiest = daily.reduce((best, d) => (d.views > best.views ? d : best));
  return `${intro}, the most on ${formatDay(busiest.day)} (${plural(busiest.views, 'view', 'views')}). ${ordersSentence(daily, orders)}`;
}

function ordersSentence(daily: readonly Day[], orders: number): string {
  if (orders === 0) return 'No orders.';
  const days = daily.filter((d) => d.orders > 0).length;
  return `${plural(orders, 'order', 'orders')} on ${plural(days, 'day', 'days')}, marked with a dot.`;
}
