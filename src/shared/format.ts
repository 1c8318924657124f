// Number, money and text formatting (SPEC §9: thousands separators, money with two
// decimals, a compact form; truncate default 90). Pure Intl, safe in browser and server.
import { TRUNCATE_DEFAULT } from './constants';

/** The locale every page formats in (the browser warms its Intl up for it: web/first-paint.server.ts). */
export const DEFAULT_LOCALE = 'en-US';

// Building an Intl formatter is far costlier than using one (the first in a browser tab costs
// 20–50 ms: ICU loading its data, docs/decisions/085), and these run in list renders, so
// formatters are built on first use — never when the module loads — and kept per kind, locale
// and options.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => F,
): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as F | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}
const formatter = (locale: string, options: Intl.NumberFormatOptions) =>
  cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
const dateFormatter = (options: Intl.DateTimeFormatOptions) =>
  cached('date', DEFAULT_LOCALE, options, () => new Intl.DateTimeFormat(DEFAULT_LOCALE, options));

/** 1234567.5 → "1,234,567.5" (Intl's default of at most three decimals). */
export function formatNumber(n: number, locale: string = DEFAULT_LOCALE): string {
  return formatter(locale, {}).format(n);
}

/** Amount in major units → "$1,234.50"; always exactly two decimals, whatever the currency. */
export function formatMoney(
  amount: number,
  currency: string = 'USD',
  locale: string = DEFAULT_LOCALE,
): string {
  return formatter(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** 1234 → "1.2K", 1500000 → "1.5M" */
export function formatCompact(n: number, locale: string = DEFAULT_LOCALE): string {
  return formatter(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

/**
 * Keeps the first `length` UTF-16 code units of `text` and appends '…' when it was cut.
 * A cut never splits a surrogate pair (the whole pair is dropped instead), and
 * trailing whitespace before the ellipsis is removed.
 */
export function truncate(text: string, length: number = TRUNCATE_DEFAULT): string {
  if (!Number.isInteger(length) || length < 0) {
    throw new RangeError(`truncate length must be a non-negative integer, got ${length}`);
  }
  if (text.length <= length) return text;
  let end = length;
  const last = text.charCodeAt(end - 1);
  // A high surrogate as the last kept unit means its low half would be cut off.
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

// Dates and times of posts' comments, messages and moderation decisions, the same on the server
// render and in the browser (a fixed time zone, so hydration never disagrees).
const DATE_TIME: Intl.DateTimeFormatOptions = {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
};

/** "Nov 24, 2026, 1:36 AM UTC"; empty for a value that is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${dateFormatter(DATE_TIME).format(date)} UTC`;
}

// Days (orders, sales, feedback, comments), in the same fixed time zone.
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };

/** "Nov 24, 2026"; empty for a value that is not a date. */
export function formatDay(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter(DAY).format(date);
}

/** A cart line's or an order item's chosen options: "Size: L, Colour: Blue" ('' without options). */
export const optionsText = (selected: Record<string, string>, separator = ', ') =>
  Object.entries(selected)
    .map(([name, value]) => `${name}: ${value}`)
    .join(separator);

/**
 * A ratio as a whole percentage: 0.1234 → "12%"; `signed` adds the sign of a change ("+12%",
 * "-5%"; none for 0). Under 10% one decimal is kept ("2.5%"), so a small rate does not read as 0;
 * `fractionDigits` asks for up to that many everywhere (a fee share: 0.9549 → "95.5%").
 */
export function formatPercent(
  ratio: number,
  {
    signed = false,
    locale = DEFAULT_LOCALE,
    fractionDigits,
  }: { signed?: boolean; locale?: string; fractionDigits?: number } = {},
): string {
  const digits = fractionDigits ?? (Math.abs(ratio) < 0.1 ? 1 : 0);
  return formatter(locale, {
    style: 'percent',
    maximumFractionDigits: digits,
    ...(signed ? { signDisplay: 'exceptZero' } : {}),
  }).format(ratio);
}
