import type { InsightTotals } from '../../../shared/contracts/insights';
import { formatPercent } from '../../../shared/format';

// The numbers the insights page derives from GET /insights: changes against the period before,
// the funnel's step conversions, and whether there is anything to show at all. Pure: tested alone.

/** The headline numbers, in the order the page shows them. */
export const HEADLINES = [
  { key: 'views', label: 'Views' },
  { key: 'visitors', label: 'Visitors' },
  { key: 'clicks', label: 'Link clicks' },
  { key: 'carts', label: 'Added to cart' },
  { key: 'orders', label: 'Orders' },
  { key: 'revenue', label: 'Revenue' },
] as const satisfies readonly { key: keyof InsightTotals; label: string }[];

export type Change =
  | { kind: 'up' | 'down'; ratio: number }
  /** Nothing before, something now: no percentage means anything. */
  | { kind: 'new' }
  | { kind: 'same' };

/** How `current` compares with `previous` (the same number of days just before). */
export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { kind: 'same' };
  if (previous === 0) return { kind: 'new' };
  const ratio = (current - previous) / Math.abs(previous);
  return { kind: ratio > 0 ? 'up' : 'down', ratio };
}

/** "+12% vs previous 30 days", "new vs previous 7 days" (none before), "no change vs …". */
export function changeText(change: Change, days: number): string {
  const against = `vs previous ${days} ${days === 1 ? 'day' : 'days'}`;
  if (change.kind === 'new') return `new ${against}`;
  if (change.kind === 'same') return `no change ${against}`;
  return `${formatPercent(change.ratio, { signed: true })} ${against}`;
}

export interface FunnelStep {
  key: 'views' | 'clicks' | 'carts' | 'orders';
  label: string;
  /** What the step counts, in a sentence ("25% of link clicks"). */
  noun: string;
  count: number;
  /** This step against the one before it (null: the first step, or nothing before). */
  conversion: number | null;
  /** Against the first step, for the bar's length (0…1). */
  share: number;
}

const FUNNEL = [
  { key: 'views', label: 'Views', noun: 'views' },
  { key: 'clicks', label: 'Link clicks', noun: 'link clicks' },
  { key: 'carts', label: 'Added to cart', noun: 'carts' },
  { key: 'orders', label: 'Orders', noun: 'orders' },
] as const;

/** Views → clicks → carts → orders, each step's conversion from the step before. */
export function funnelSteps(totals: InsightTotals): FunnelStep[] {
  const first = totals.views;
  return FUNNEL.map(({ key, label, noun }, i) => {
    const count = totals[key];
    const before = i === 0 ? null : totals[FUNNEL[i - 1]!.key];
    return {
      key,
      label,
      noun,
      count,
      conversion: before ? count / before : null,
      share: first > 0 ? Math.min(1, count / first) : 0,
    };
  });
}

/** Nothing recorded in the range nor in the period before: the page shows how to get started. */
export function hasNoData(totals: InsightTotals, previous: InsightTotals): boolean {
  return HEADLINES.every(({ key }) => totals[key] === 0 && previous[key] === 0);
}
