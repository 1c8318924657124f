import type { PlanFrequency } from '../../../shared/plans';

// Billing periods (docs/decisions/032): a month or a year from the day the subscription began,
// like Stripe's billing anchor. Months are counted from the anchor, not from the previous end,
// so a subscription begun on the 31st renews on the 28th (or 29th) of February and on the 31st
// of March again, instead of drifting to the 28th for ever.

/** `anchor` plus `months` calendar months, clamped to the month's last day (UTC). */
export function addMonths(anchor: Date, months: number): Date {
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const out = new Date(anchor);
  out.setUTCFullYear(y, m, Math.min(anchor.getUTCDate(), lastDay));
  return out;
}

const MONTHS: Record<PlanFrequency, number> = { month: 1, year: 12 };

/** The end of the period that starts at `start`, for a subscription anchored at `anchor`. */
export function periodEndAfter(anchor: Date, frequency: PlanFrequency, start: Date): Date {
  const step = MONTHS[frequency];
  // Whole periods between the anchor and `start`, then the first boundary after `start`.
  const elapsed =
    (start.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
    (start.getUTCMonth() - anchor.getUTCMonth());
  let n = Math.max(1, Math.floor(elapsed / step));
  while (addMonths(anchor, n * step).getTime() <= start.getTime()) n += 1;
  while (n > 1 && addMonths(anchor, (n - 1) * step).getTime() > start.getTime()) n -= 1;
  return addMonths(anchor, n * step);
}
