// Insights count by UTC day (docs/decisions/071): one day for every seller, so a day's salt and
// its unique visitors mean the same everywhere. Days are `YYYY-MM-DD` strings.

export const DAY_MS = 86_400_000;

/** The UTC day of an instant as a number (days since 1970): a cheap key for grouping by day. */
export const dayNumber = (ms: number): number => Math.floor(ms / DAY_MS);

/** The UTC day of an instant. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `day` moved by `n` days. */
export const addDays = (day: string, n: number): string =>
  utcDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** The instant a day begins. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The first day of `day`'s month. */
export const monthStart = (day: string): string => `${day.slice(0, 7)}-01`;

/** The first day of the month after `day`'s. */
export function nextMonth(day: string): string {
  const first = dayStart(monthStart(day));
  first.setUTCMonth(first.getUTCMonth() + 1);
  return utcDay(first.getTime());
}

/** The calendar months wholly inside `from`…`to`: the first one's first day and the last one's last day (null: none). */
export function wholeMonths(from: string, to: string): { first: string; end: string } | null {
  const first = from === monthStart(from) ? from : nextMonth(from);
  const end = addDays(monthStart(addDays(to, 1)), -1);
  return first <= end ? { first, end } : null;
}
